"""Chat models: the offline coach, or ChatOpenAI on any OpenAI-compatible endpoint."""

from __future__ import annotations

import asyncio
import sys
import weakref

from langchain_core.language_models import BaseChatModel
from pydantic import SecretStr

from agent.configuration import Configuration
from agent.offline import OfflineCoachModel

OFFLINE = OfflineCoachModel()
# Errors a retry cannot fix: the request itself is wrong or not allowed.
PERMANENT = (
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "UnprocessableEntityError",
)
# httpx clients belong to the event loop that made them (daphne has one; tests many).
_CLIENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def retry_on(exc: Exception) -> bool:
    """Tell the model node's RetryPolicy whether ``exc`` is worth another try."""
    # The OpenAI SDK (~50 MB) is imported only when a real model is configured;
    # if it was never imported, no error can have come from it.
    if type(exc).__name__ == "DeadlineError":  # the turn's time is up: answer now
        return False
    openai = sys.modules.get("openai")
    if openai is None:
        return True
    return not isinstance(exc, tuple(getattr(openai, name) for name in PERMANENT))


def model_for(config: Configuration) -> BaseChatModel:
    """Return the chat model a turn runs on.

    Args:
        config: The run configuration.

    Returns:
        The injected model, the offline coach, or a ChatOpenAI client with a
        request timeout, a max-tokens cap and no client-side retries (the graph's
        RetryPolicy does the retrying, so a try is counted once).
    """
    if config.chat_model is not None:
        return config.chat_model
    if config.llm_mode != "openai":
        return OFFLINE
    loop = asyncio.get_running_loop()
    models = _CLIENTS.setdefault(loop, {})
    key = (
        config.model_name,
        config.api_key,
        config.base_url,
        config.loop_timeout,
        config.max_output_tokens,
        config.temperature,
        config.streaming,
    )
    if key not in models:
        import httpx

        from agent.model_http import LeanChatOpenAI, ShardedTransport

        models[key] = LeanChatOpenAI(
            model=config.model_name,
            api_key=SecretStr(config.api_key or "unset"),
            base_url=config.base_url or None,
            timeout=config.loop_timeout,
            max_retries=0,
            max_tokens=config.max_output_tokens,  # type: ignore[call-arg]  # alias
            temperature=config.temperature,
            streaming=config.streaming,
            stream_usage=True,
            # The model node bounds each round (AGENT_LOOP_TIMEOUT); a bound per
            # chunk as well made a task for every chunk.
            stream_chunk_timeout=None,
            # The coach's turn gate caps model turns per process (hundreds:
            # COACH_MAX_MODEL_TURNS); httpx's default pool (100 connections,
            # 20 kept alive) would be a second, hidden line behind it.
            http_async_client=httpx.AsyncClient(
                timeout=config.loop_timeout, transport=ShardedTransport()
            ),
        )
    return models[key]


def is_offline(model: BaseChatModel) -> bool:
    """Tell whether ``model`` is the offline coach (it takes a variation seed)."""
    return isinstance(model, OfflineCoachModel)
