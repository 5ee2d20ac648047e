"""The offline coach model: Chinese intent rules choose tools, the composer answers.

It speaks the same tool-calling protocol as an OpenAI model (``bind_tools``,
``AIMessage.tool_calls``, ``ToolMessage`` results), so the graph does not know
which one it runs. It reads only what a real model would read: the prompt.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import (
    AIMessage,
    AIMessageChunk,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_core.messages.utils import count_tokens_approximately
from langchain_core.outputs import ChatGeneration, ChatGenerationChunk, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool

from agent.answer import answer_compose
from agent.guidance import CONCEPTS, STEP_CONCEPT, concept_key

GREETING = re.compile(
    r"^(你好|您好|嗨|hi|hello|谢谢|多谢|感谢|好的|好|嗯+|ok|收到|明白了?)[!！。~～]*$",
    re.I,
)
TRIGGERS = {
    "stuck": (
        "卡住",
        "卡在",
        "写不下去",
        "想不出来",
        "没思路",
        "没头绪",
        "一片空白",
        "进行不下去",
        "不知道接下来",
        "推进不下去",
    ),
    "short_answer": ("太短", "写得很少", "只写了", "就写了一句", "太简单了", "简短"),
    "vague_answer": ("太笼统", "太空泛", "太泛", "不够具体", "模糊", "太抽象", "空泛"),
    "idle_timeout": (
        "走开",
        "离开了",
        "刚回来",
        "好久没",
        "去忙了",
        "休息了一会",
        "到哪了",
        "刚才去",
    ),
}
CONFUSED = (
    "不太确定",
    "不确定",
    "不知道怎么",
    "不知道该",
    "不知道写",
    "看不懂",
    "没看懂",
    "不明白",
    "不太懂",
    "不懂",
    "不理解",
    "怎么回答",
    "怎么写",
    "从哪",
    "不会写",
    "答不上",
    "没想法",
    "想不到",
    "不知从何",
)
EXAMPLE_WORDS = (
    "示例",
    "例子",
    "举例",
    "举个",
    "范例",
    "样例",
    "参考答案",
    "别人怎么写",
    "别人是怎么",
    "案例",
    "示范",
    "例句",
)
SEARCH_WORDS = (
    "有哪些",
    "哪些",
    "列出",
    "找一下",
    "找找",
    "搜",
    "查一下",
    "查查",
    "相关",
    "有关",
    "关于",
    "推荐几个",
    "推荐一些",
    "对应",
    "属于",
)
CATEGORY_WORDS = (
    ("价值观", "values"),
    ("才能", "strengths"),
    ("擅长", "strengths"),
    ("优势", "strengths"),
    ("热情", "interests"),
    ("领域", "interests"),
    ("兴趣", "interests"),
)
THIS = (
    "这个问题",
    "这道题",
    "这题",
    "这个题",
    "这一题",
    "这句话",
    "这句",
    "这段",
    "这个",
    "这里",
    "这是",
    "它",
)
CONCEPT_PATTERNS = (
    re.compile(r"什么(?:是|叫)(?:所谓的)?(?P<x>[^？?，,。]+)"),
    re.compile(
        r"(?P<x>[^？?，,。]+?)(?:到底)?(?:是什么意思|是什么|指的是什么|指什么|是啥|啥意思"
        r"|什么意思)"
    ),
    re.compile(r"(?:怎么|如何)(?:理解|看待)(?P<x>[^？?，,。]+)"),
    re.compile(r"解释一下(?P<x>[^？?，,。]+)"),
    re.compile(
        r"(?P<x>[^？?，,。]+?)(?:和|跟|与)(?P<y>[^？?，,。]+?)(?:有什么|有啥)"
        r"(?:区别|不同|关系)"
    ),
    re.compile(r"为什么要(?:先)?(?P<x>[^？?，,。]+)"),
)
STEP_CATEGORY = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
    "synthesis": "all",
}


@dataclass
class Plan:
    """The scenario a message belongs to and the tool calls it needs."""

    scenario: str
    calls: list[dict] = field(default_factory=list)


def _call(name: str, **args: Any) -> dict:
    return {"name": name, "args": args}


def _trigger(text: str) -> str | None:
    for trigger, words in TRIGGERS.items():
        if any(w in text for w in words):
            return trigger
    return None


def _concept(text: str) -> str | None:
    for pattern in CONCEPT_PATTERNS:
        if m := pattern.search(text):
            x = m.group("x")
            if quoted := re.search(r"[「“\"『](.+?)[」”\"』]", x):
                return quoted.group(1)
            x = re.sub(
                r"^(请问|那|那么|所以|我想问|想问|能不能|可以|你说的|里的?)", "", x
            )
            return x.strip(" 的“”「」\"'一下吗") or None
    return None


def _deictic(x: str | None) -> bool:
    """Tell whether a concept is only "this"/"it" (the selection or the question)."""
    return x is not None and (x.startswith(THIS) or (len(x) <= 4 and x[0] in "这它那"))


def _topic(text: str) -> str:
    """Return what an example or search request is about, without request words."""
    topic = text
    for w in (
        *EXAMPLE_WORDS,
        *SEARCH_WORDS,
        "有没有",
        "帮我",
        "一下",
        "给我",
        "可以",
        "能不能",
        "能否",
        "我想",
        "请",
        "看看",
        "几个",
        "一些",
        "一个",
        "什么",
        "说明",
        "回答",
        "答案",
        "吗",
        "呢",
        "吧",
        "的",
        "和",
        "跟",
        "与",
        "给",
        "些",
        "能",
        "我",
        "个",
    ):
        topic = topic.replace(w, " ")
    for w, _ in CATEGORY_WORDS:
        topic = topic.replace(w, " ")
    return re.sub(r"[\s？?！!。，,、：:]+", " ", topic).strip()


def _category(text: str, step: str) -> str:
    found = next((c for w, c in CATEGORY_WORDS if w in text), None)
    return found or STEP_CATEGORY.get(step, "all")


def intent_plan(
    *, text: str, selection: str = "", step: str = "", question_id: str | None = None
) -> Plan:
    """Choose the scenario and tool calls for a message (the offline coach's rules).

    Args:
        text: What the person typed.
        selection: Text the person highlighted on the page, if any.
        step: The current workbook step.
        question_id: The question in focus, if any.

    Returns:
        The plan; ``calls`` is empty when the coach can answer directly.
    """
    t = (text or "").strip()
    if GREETING.match(t) and not selection:
        return Plan("chat")
    if trigger := _trigger(t):
        return Plan("proactive", [_call("proactive_guide", trigger=trigger)])
    about_question = any(w in t for w in THIS[:5]) or bool(
        selection and question_id and len(selection) > 15
    )
    confused = any(w in t for w in CONFUSED)
    wants_example = any(w in t for w in EXAMPLE_WORDS) or bool(
        re.search(r"比如(说)?(呢|吗|？|\?|$)", t)
    )
    x = _concept(t)
    if _deictic(x):
        x = selection if selection and len(selection) <= 20 else None
    key = concept_key(x or "", step) or concept_key(t, step)
    if key == "purpose" and not confused:  # "what has this to do with my work?"
        return Plan("concept", [_call("explain_concept", concept="工作目的")])
    if question_id and about_question and (confused or not x) and not wants_example:
        return Plan("question", [_call("guide_question", question_id=question_id)])
    if confused and question_id and not x and not wants_example:
        return Plan("question", [_call("guide_question", question_id=question_id)])
    if wants_example and not x:
        topic = _topic(t)
        if concept_key(topic, step) or len(topic) < 2:
            topic = ""
        return Plan(
            "examples",
            [_call("recommend_examples", topic=topic, category=_category(t, step))],
        )
    searching = any(w in t for w in SEARCH_WORDS)
    if x is not None or (
        key and not searching and re.search(r"[？?]|区别|关系|理解|意思", t)
    ):
        concept = CONCEPTS[key]["label"] if key else (x or t)[:20]
        calls = [_call("explain_concept", concept=concept)]
        if wants_example:
            calls.append(_call("recommend_examples", topic="" if key else concept))
        return Plan("concept", calls)
    if searching:
        category = next((c for w, c in CATEGORY_WORDS if w in t), "all")
        return Plan(
            "search", [_call("search_content", query=_topic(t) or t, category=category)]
        )
    if confused:
        label = CONCEPTS[STEP_CONCEPT.get(step, "values")]["label"]
        return Plan("concept", [_call("explain_concept", concept=label)])
    query = (t + " " + selection).strip()[:60] or "重要的事"
    return Plan(
        "chat",
        [_call("search_content", query=query, category=STEP_CATEGORY.get(step, "all"))],
    )


def prompt_facts(messages: Sequence[BaseMessage]) -> dict[str, Any]:
    """Read step, question and the person's message back out of the prompt."""
    system = next((m.text for m in messages if isinstance(m, SystemMessage)), "")
    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    last = humans[-1] if humans else -1
    human = messages[last].text if humans else ""
    selection = ""
    if m := re.search(r"\n（我在页面上选中的文字：「(?P<s>.*)」）$", human, re.S):
        selection, human = m.group("s"), human[: m.start()]
    step = (re.search(r"当前步骤：(\w+)", system) or [None, ""])[1]
    question = None
    if q := re.search(
        r"当前问题：(?P<id>[VSP]\d\d)（第(?P<n>\d+)/\d+题）(?P<text>[^\n]*)"
        r"(?:\n\s+提示：(?P<hint>[^\n]*))?(?:\n\s+示例回答：(?P<ex>[^\n]*))?",
        system,
    ):
        question = {
            "id": q["id"],
            "number": int(q["n"]),
            "text": q["text"],
            "hint": q["hint"] or "",
            "example": q["ex"] or "",
            "step": step,
        }
    tools = []
    for message in messages[last + 1 :]:
        if isinstance(message, ToolMessage):
            try:
                data = json.loads(message.text)
            except ValueError:
                data = {}
            ok = message.status != "error" and not data.get("error")
            tools.append({"name": message.name, "ok": ok, "data": data})
    return {
        "step": step,
        "question": question,
        "text": human.strip(),
        "selection": selection,
        "observations": tools,
    }


_SCHEMAS: dict[tuple, list[dict]] = {}


def _tool_schemas(tools: tuple) -> list[dict]:
    # The same five tools every turn: convert their JSON schemas once per process
    # (the conversion was ~5% of a turn's CPU under load). Tools are unhashable
    # pydantic models, so the module-level tool objects are keyed by identity.
    key = tuple((id(t), getattr(t, "name", "")) for t in tools)
    if key not in _SCHEMAS:
        _SCHEMAS[key] = [convert_to_openai_tool(t) for t in tools]
    return _SCHEMAS[key]


class OfflineCoachModel(BaseChatModel):
    """A deterministic chat model that plans tool calls and writes grounded answers."""

    chunk_chars: int = 12

    @property
    def _llm_type(self) -> str:
        return "offline-coach"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any):  # type: ignore[override]
        """Bind tools the way provider models do: as a ``tools`` call argument."""
        return self.bind(tools=_tool_schemas(tuple(tools)), **kwargs)

    def _reply(self, messages: list[BaseMessage], **kwargs: Any) -> AIMessage:
        facts = prompt_facts(messages)
        tools = {t["function"]["name"] for t in kwargs.get("tools") or []}
        variant = kwargs.get("variation")
        if variant is None:
            digest = hashlib.sha1(
                "".join(m.text for m in messages).encode()
            ).hexdigest()
            variant = int(digest[:8], 16)
        observations = facts["observations"]
        calls: list[dict] = []
        if tools and not observations:
            calls = intent_plan(
                text=facts["text"],
                selection=facts["selection"],
                step=facts["step"],
                question_id=(facts["question"] or {}).get("id"),
            ).calls
        elif (
            tools
            and "recommend_examples" in tools
            and observations
            and not any(
                o["data"].get("entries")
                or o["data"].get("found")
                or o["data"].get("text")
                for o in observations
            )
            and "recommend_examples" not in {o["name"] for o in observations}
        ):
            calls = [_call("recommend_examples", topic="")]  # a second round
        calls = [c for c in calls if c["name"] in tools]
        usage_in = count_tokens_approximately(messages)
        if calls:
            tool_calls = [
                {
                    "name": c["name"],
                    "args": c["args"],
                    "type": "tool_call",
                    "id": f"call_{uuid.uuid4().hex[:12]}",
                }
                for c in calls
            ]
            return AIMessage(
                content="",
                tool_calls=tool_calls,
                usage_metadata={
                    "input_tokens": usage_in,
                    "output_tokens": 8 * len(calls),
                    "total_tokens": usage_in + 8 * len(calls),
                },
            )
        context = {"current_step": facts["step"], "question": facts["question"]}
        text = answer_compose(
            observations=observations,
            context=context,
            user_text=facts["text"],
            variant=int(variant),
            budget=int(kwargs.get("budget") or 200),
        )
        out = count_tokens_approximately([AIMessage(content=text)])
        return AIMessage(
            content=text,
            usage_metadata={
                "input_tokens": usage_in,
                "output_tokens": out,
                "total_tokens": usage_in + out,
            },
        )

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> ChatResult:
        return ChatResult(
            generations=[ChatGeneration(message=self._reply(messages, **kwargs))]
        )

    def _stream(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: Any = None,
        **kwargs: Any,
    ) -> Iterator[ChatGenerationChunk]:
        message = self._reply(messages, **kwargs)
        if message.tool_calls:
            chunks = [
                AIMessageChunk(
                    content="",
                    tool_call_chunks=[
                        {
                            "name": c["name"],
                            "args": json.dumps(c["args"], ensure_ascii=False),
                            "id": c["id"],
                            "index": i,
                            "type": "tool_call_chunk",
                        }
                        for i, c in enumerate(message.tool_calls)
                    ],
                )
            ]
        else:
            text = message.text
            chunks = [
                AIMessageChunk(content=text[i : i + self.chunk_chars])
                for i in range(0, len(text), self.chunk_chars)
            ]
        chunks[-1].usage_metadata = message.usage_metadata
        for chunk in chunks:
            if run_manager:
                run_manager.on_llm_new_token(
                    chunk.text, chunk=ChatGenerationChunk(message=chunk)
                )
            yield ChatGenerationChunk(message=chunk)
