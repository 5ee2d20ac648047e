"""Run configuration of the coaching agent, with environment and settings fallback."""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from typing import Any, Literal

from langchain_core.language_models import BaseChatModel

Durability = Literal["sync", "async", "exit"]

# Environment names double as Django setting names (coach/settings.py reads the same).
_ENV = {
    "llm_mode": "COACH_LLM_MODE",  # settings resolve COACH_LLM into this
    "model_name": "COACH_LLM_MODEL",
    "api_key": "OPENAI_API_KEY",
    "base_url": "OPENAI_BASE_URL",
    "max_iterations": "AGENT_MAX_ITERATIONS",
    "loop_timeout": "AGENT_LOOP_TIMEOUT",
    "turn_deadline": "AGENT_TURN_DEADLINE",
    "max_output_tokens": "AGENT_MAX_OUTPUT_TOKENS",
    "temperature": "AGENT_TEMPERATURE",
    "durability": "AGENT_DURABILITY",
}


@dataclass(kw_only=True)
class Configuration:
    """Everything a turn needs besides the session: model, limits, persistence."""

    llm_mode: str = field(
        default="offline",
        metadata={"description": "offline (the built-in coach model) or openai."},
    )
    model_name: str = field(
        default="gpt-4o-mini",
        metadata={"description": "Model name on the OpenAI-compatible endpoint."},
    )
    api_key: str = field(default="", metadata={"description": "OPENAI_API_KEY."})
    base_url: str = field(
        default="", metadata={"description": "OPENAI_BASE_URL; empty means OpenAI."}
    )
    max_iterations: int = field(
        default=5, metadata={"description": "ReAct rounds per turn (seed §10.2)."}
    )
    loop_timeout: float = field(
        default=30.0, metadata={"description": "Seconds one model round may take."}
    )
    turn_deadline: float = field(
        default=45.0, metadata={"description": "Seconds a whole turn may take."}
    )
    max_output_tokens: int = field(
        default=400, metadata={"description": "Cap on tokens the model writes."}
    )
    temperature: float = field(
        default=0.4, metadata={"description": "Sampling temperature."}
    )
    max_answer_chars: int = field(
        default=200, metadata={"description": "Answer length rule (DESIGN point 4)."}
    )
    durability: Durability = field(
        default="exit",
        metadata={"description": "LangGraph durability; see docs/agent.md."},
    )
    streaming: bool = field(
        default=True,
        metadata={
            "description": "Stream model responses (idle connections cut sooner)."
        },
    )
    retry_interval: float = field(
        default=0.3, metadata={"description": "First back-off of the model retry."}
    )
    context_manager: Any = field(
        default=None,
        metadata={
            "description": "A ContextManager (subclass) instance; None: default."
        },
    )
    chat_model: BaseChatModel | None = field(
        default=None,
        metadata={"description": "An injected chat model (tests, bench)."},
    )

    def __post_init__(self) -> None:
        """Fill fields left at their default from Django settings, then env."""
        for f in fields(self):
            env_name = _ENV.get(f.name)
            if env_name is None or getattr(self, f.name) != f.default:
                continue
            raw = _setting(env_name)
            if raw is None or raw == "":
                continue
            kind = type(f.default)
            setattr(self, f.name, kind(raw))  # type: ignore[call-arg,misc]
        if self.llm_mode not in ("offline", "openai"):
            # COACH_LLM=auto (or unset): the OpenAI-compatible model when a key is set.
            self.llm_mode = "openai" if self.api_key else "offline"

    @property
    def model(self) -> str:
        """Return the model as a ``provider/model`` string."""
        if self.chat_model is not None:
            return f"custom/{type(self.chat_model).__name__}"
        if self.llm_mode == "openai":
            return f"openai/{self.model_name}"
        return "offline/coach"

    @property
    def recursion_limit(self) -> int:
        """Return the explicit LangGraph recursion limit for one turn."""
        # input + 3 supersteps per round + format, plus room for error handlers.
        return 4 * self.max_iterations + 10


def _setting(name: str) -> Any:
    """Read ``name`` from Django settings when configured, else the environment."""
    try:
        from django.conf import settings

        if settings.configured and hasattr(settings, name):
            return getattr(settings, name)
    except ImportError:  # pragma: no cover - Django is a dependency
        pass
    return os.environ.get(name)
