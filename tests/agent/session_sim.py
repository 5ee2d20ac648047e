"""A long, deterministic coaching session: for prompt-size tests and the benchmark."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable

from langchain_core.messages.utils import count_tokens_approximately
from langgraph.runtime import Runtime

from agent.api import TurnResult, run_turn
from agent.configuration import Configuration
from agent.context import ContextManager, SessionSnapshot
from agent.nodes import prompt_messages, read_input
from agent.tools import TOOLS

QUESTIONS = (
    [f"V0{i}" for i in range(1, 10)]
    + [f"S0{i}" for i in range(1, 9)]
    + [f"P0{i}" for i in range(1, 9)]
)
STEP = {
    "V": "values_exploration",
    "S": "strengths_exploration",
    "P": "interests_exploration",
}
SAID = [
    "什么是价值观？",
    "能给我一个示例吗？",
    "我很在意自由，被盯着打卡就难受",
    "我不太确定怎么回答",
    "做事前我总会先想哪里可能出问题，常被说想太多",
    "和成长有关的价值观有哪些？",
    "朋友常找我帮忙，把复杂的事讲清楚",
    "我卡住了，写不下去",
    "最近一直在搜心理学的内容，刷到就会看完",
    "什么是擅长的事？",
    "看到有人插队我会特别生气，觉得不公平",
    "有没有和设计相关的例子？",
]
ANSWERED = [
    "大学时的导师从不放弃任何一个学生，我想成为那样能帮助别人成长的人",
    "换工作时我选了能自己做主的小团队，比起薪水我更看重自由和成长",
    "准备比赛那半年每天练到很晚，支撑我的是想证明自己说到做到",
    "看到同事抢功劳我会气很久，付出和回报应该对等，这关乎公平",
    "我能一连几个小时研究一个问题，查资料常查到深夜，被说太较真",
    "周末愿意花钱去学做咖啡和陶艺，一点都不心疼",
]


class FullHistory(ContextManager):
    """The baseline: every message and every answer, unclipped, no notes."""

    def get_conversation_history(self, session, limit=10):
        """Return the whole conversation."""
        return list(session.recent_messages)

    def compress_context(self, context):
        """Keep everything."""
        return {
            **context,
            "answered_count": len(context["answered_questions"]),
            "notes": {},
        }


async def prompt_tokens(
    snapshot: SessionSnapshot, text: str, config: Configuration, *, tools: bool = True
) -> int:
    """Return the approximate tokens of the prompt the model gets for ``text``.

    With ``tools`` the five tool schemas sent along are counted too.
    """
    state = {
        "user_text": text,
        "selection": "",
        "guide_id": None,
        "session": dataclasses.asdict(snapshot),
        "deadline": time.time() + 30,
        "messages": [],
        "turn": 0,
    }
    update = await read_input(state, Runtime(context=config))
    messages = [m for m in update.pop("messages") if m.type != "remove"]
    state = {**state, **update, "messages": messages}
    return count_tokens_approximately(
        prompt_messages(state), tools=TOOLS if tools else None
    )


async def simulate(
    turns: int,
    config: Configuration,
    *,
    session_id: str,
    measure_at: Iterable[int] = (),
) -> dict:
    """Run ``turns`` turns of one session; return prompt sizes and turn latencies."""
    measure_at = set(measure_at)
    history: list[tuple[str, str]] = []
    answers: dict[str, str] = {}
    notes: dict = {}
    sizes: dict[int, dict[str, int]] = {}
    latencies: list[float] = []
    full = Configuration(llm_mode="offline", context_manager=FullHistory())
    for turn in range(1, turns + 1):
        if turn % 3 == 0 and len(answers) < len(QUESTIONS):
            qid = QUESTIONS[len(answers)]
            answers[qid] = ANSWERED[len(answers) % len(ANSWERED)]
        qid = QUESTIONS[min(len(answers), len(QUESTIONS) - 1)]
        step = STEP[qid[0]] if len(answers) < len(QUESTIONS) else "synthesis"
        text = SAID[turn % len(SAID)]
        base = {
            "session_id": session_id,
            "step": step,
            "question_id": qid,
            "user_info": {"name": "小林", "occupation": "产品经理"},
            "work_history": [{"period": "2019-2023", "role": "产品经理"}],
            "answers": dict(answers),
        }
        snap = SessionSnapshot(**base, recent_messages=history[-10:], notes=notes)
        if turn in measure_at:
            baseline = SessionSnapshot(**base, recent_messages=list(history))
            sizes[turn] = {
                "notes": await prompt_tokens(snap, text, config),
                "full": await prompt_tokens(baseline, text, full),
                "notes_messages": await prompt_tokens(snap, text, config, tools=False),
                "full_messages": await prompt_tokens(baseline, text, full, tools=False),
            }
        started = time.perf_counter()
        events = [e async for e in run_turn(snapshot=snap, text=text, config=config)]
        latencies.append((time.perf_counter() - started) * 1000)
        result = events[-1]
        assert isinstance(result, TurnResult)
        history += [("user", text), ("coach", result.text)]
        notes = result.notes
    return {"sizes": sizes, "latencies": latencies, "notes": notes}
