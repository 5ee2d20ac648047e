"""The five read-only coach tools, grounded in the knowledge base (seed 003 §3).

Each returns ``(content, artifact)``: the artifact is the lookup's data, read by
the offline coach and ``format``; the content is the model's trimmed view of
it, made by dropping whole rows, never by cutting text. The session context is
injected by the graph, never chosen by the model, so a tool can only see the
session whose turn is running.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from langchain_core.tools import InjectedToolArg, tool

from agent.cache import off_loop
from agent.lookups import concept_data, guide_data, proactive_data
from agent.retrieval import examples_data, search_data

VIEW_CHARS = 1600  # the model's view of one tool result
Category = Literal["all", "values", "strengths", "interests", "questions"]
Trigger = Literal["idle_timeout", "short_answer", "vague_answer", "stuck"]
Context = Annotated[dict | None, InjectedToolArg]
ROW_LISTS = ("entries", "questions", "examples", "lines", "directions")


def view(data: dict, budget: int = VIEW_CHARS) -> str:
    """Return the JSON the model sees: whole rows dropped from the end to fit."""
    trimmed = {
        k: list(v) if k in ROW_LISTS and isinstance(v, list) else v
        for k, v in data.items()
        if k not in ("cached", "degraded")
    }
    text = json.dumps(trimmed, ensure_ascii=False)
    while len(text) > budget:
        longest = max(
            (k for k in ROW_LISTS if trimmed.get(k)),
            key=lambda k: len(json.dumps(trimmed[k], ensure_ascii=False)),
            default=None,
        )
        if longest is None:  # no rows left to drop: drop the longest plain field
            field = max(trimmed, key=lambda k: len(str(trimmed[k])))
            trimmed.pop(field)
        else:
            trimmed[longest] = trimmed[longest][:-1]
        text = json.dumps(trimmed, ensure_ascii=False)
    return text


async def _run(fn: Any, **kwargs: Any) -> tuple[str, dict]:
    data = await off_loop(fn, **kwargs)
    return view(data), data


@tool(parse_docstring=True, response_format="content_and_artifact")
async def explain_concept(concept: str, context: Context = None) -> tuple[str, dict]:
    """解释概念的含义，给出定义、作用和知识库示例。

    例如 价值观、擅长的事、热情、公式、工作目的，或某个价值观/才能的名字。

    Args:
        concept: 要解释的概念，例如"价值观"、"擅长的事"、"自由"。
        context: 会话上下文，由系统注入。
    """
    return await _run(concept_data, concept=concept, context=context or {})


@tool(parse_docstring=True, response_format="content_and_artifact")
async def guide_question(
    question_id: str = "", user_answer: str = "", context: Context = None
) -> tuple[str, dict]:
    """引导用户理解工作簿里的问题：换个说法、思考方向、回答示例。

    Args:
        question_id: 问题编号，如 V03；留空表示用户当前正在看的问题。
        user_answer: 用户目前写下的回答（如果有）。
        context: 会话上下文，由系统注入。
    """
    return await _run(
        guide_data,
        question_id=question_id,
        user_answer=user_answer,
        context=context or {},
    )


@tool(parse_docstring=True, response_format="content_and_artifact")
async def recommend_examples(
    topic: str = "",
    category: Literal["auto", "all", "values", "strengths", "interests"] = "auto",
    limit: int = 3,
    exclude: list[str] | None = None,
    context: Context = None,
) -> tuple[str, dict]:
    """推荐知识库里的相关示例（价值观、才能或热情领域条目），帮助用户理解。

    Args:
        topic: 示例的主题；留空表示围绕当前问题。
        category: 条目类别；auto 表示按当前步骤。
        limit: 返回几个示例（1-5）。
        exclude: 本次对话已经展示过的条目编号，不再重复。
        context: 会话上下文，由系统注入。
    """
    return await _run(
        examples_data,
        topic=topic,
        category=category,
        limit=limit,
        context=context or {},
        exclude=tuple(exclude or ()),
    )


@tool(parse_docstring=True, response_format="content_and_artifact")
async def search_content(
    query: str, category: Category = "all", limit: int = 5, context: Context = None
) -> tuple[str, dict]:
    """从知识库检索相关内容（价值观、才能、热情领域和工作簿问题）。

    Args:
        query: 检索词，例如"自由"、"想太多"、"心理学"。
        category: 检索范围。
        limit: 返回条数（1-10）。
        context: 会话上下文，由系统注入。
    """
    return await _run(search_data, query=query, category=category, limit=limit)


@tool(parse_docstring=True, response_format="content_and_artifact")
async def proactive_guide(
    trigger: Trigger, minutes_idle: int = 0, context: Context = None
) -> tuple[str, dict]:
    """主动引导用户：提醒继续、给思考提示、推荐示例和可点选的引导问题。

    Args:
        trigger: 触发原因：idle_timeout 空闲、short_answer 回答过短、
            vague_answer 回答模糊、stuck 卡住。
        minutes_idle: 用户已经多少分钟没有操作。
        context: 会话上下文，由系统注入。
    """
    ctx = context or {}
    return await _run(
        proactive_data,
        trigger=trigger,
        minutes_idle=minutes_idle,
        answer_text=ctx.get("answer_text", ""),
        context=ctx,
    )


TOOLS = [
    explain_concept,
    guide_question,
    recommend_examples,
    search_content,
    proactive_guide,
]
TOOLS_BY_NAME = {t.name: t for t in TOOLS}
