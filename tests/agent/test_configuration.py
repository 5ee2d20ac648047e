"""Configuration: defaults, Django settings and environment fallback."""

from __future__ import annotations

from dataclasses import fields

from agent.configuration import Configuration
from agent.llm import OFFLINE, model_for


def test_every_field_is_described():
    assert all(f.metadata.get("description") for f in fields(Configuration))


def test_defaults_follow_the_seed(settings):
    config = Configuration()
    assert (config.max_iterations, config.loop_timeout, config.turn_deadline) == (
        5,
        30.0,
        45.0,
    )
    assert config.durability == "exit" and config.max_answer_chars == 200
    assert config.model == "offline/coach"
    assert config.recursion_limit == 30


def test_settings_then_env_fill_defaults_and_explicit_values_win(settings, monkeypatch):
    settings.AGENT_MAX_ITERATIONS = 7
    monkeypatch.setenv("AGENT_DURABILITY", "sync")
    assert Configuration().max_iterations == 7
    assert Configuration().durability == "sync"
    assert Configuration(max_iterations=2).max_iterations == 2


def test_openai_mode_and_auto_resolution(settings):
    settings.COACH_LLM_MODE = "auto"
    settings.OPENAI_API_KEY = "sk-x"
    config = Configuration(model_name="qwen-plus")
    assert config.llm_mode == "openai" and config.model == "openai/qwen-plus"
    settings.OPENAI_API_KEY = ""
    assert Configuration().llm_mode == "offline"


async def test_model_for_builds_a_bounded_openai_client(settings):
    config = Configuration(
        llm_mode="openai",
        api_key="sk-x",
        base_url="http://x/v1",
        loop_timeout=7.0,
        max_output_tokens=300,
    )
    model = model_for(config)
    assert model is model_for(config)  # one client per event loop
    assert (model.request_timeout, model.max_retries, model.max_tokens) == (7.0, 0, 300)
    assert model_for(Configuration(llm_mode="offline")) is OFFLINE
