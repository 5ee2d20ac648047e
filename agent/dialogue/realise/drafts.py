"""Reviewing a draft: what is specific, what is missing, how to revise it."""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import read
from agent.dialogue.numbered import named_question
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
    dig,
    meaning,
    q_ref,
)
from agent.dialogue.signals import QUOTED_DRAFT, REVISE
from agent.rules import clip
from knowledge import selectors as kb


def _draft_review(draft: str) -> tuple[str, list[str]]:
    """Return the draft's most specific sentence and what it still lacks."""
    said = read(draft)
    missing = []
    if not (said.has_scene or said.has_person):
        missing.append("一个具体的场景")
    if not said.has_feeling:
        missing.append("当时的感受")
    if not said.has_reason:
        missing.append("它为什么对你重要")
    best = max(re.split(r"[。！？!?\n]", draft), key=len).strip()
    return clip(best, 22).rstrip("。") or best[:20], missing


STEPS = {
    "一个具体的场景": "写一次具体的经历：哪天、在哪、和谁",
    "当时的感受": "写下那一刻的感受，用你自己的词",
    "它为什么对你重要": "补一句“因为……”，说它为什么对你重要",
}


ASKS_OK = re.compile(
    r"[，,。 ]*(?:这样|这么)?写(?:行吗|可以吗|对吗|好吗|怎么样)|[，,。 ]*行不行"
)


def _written_after(text: str) -> str:
    """Return the answer written after "这样写行不行：", verbatim, or ''."""
    m = ASKS_OK.search(text or "")
    if not m or not re.match(r"\s*[：:]", text[m.end() :]):
        return ""
    tail = re.sub(r"^\s*[：:]", "", text[m.end() :]).strip()
    return tail if len(tail) >= 8 else ""


def _written_here(text: str) -> str:
    """Return the answer written in the message before "这样写行吗", verbatim, or ''."""
    if after := _written_after(text):
        return after
    m = ASKS_OK.search(text or "")
    head = (text[: m.start()] if m else "").strip(" ，,。")
    return head if len(head) >= 8 else ""


def feedback(t: Turn) -> Draft:
    """Say what is specific in the draft, what is missing, one deepening question."""
    draft, q = t.ctx.draft, t.ctx.question
    named = named_question(t.ctx.text, t.ctx.step)
    if (
        named
        and named != q.get("id")
        and (question := kb.question_get(question_id=named))
    ):
        # "把我写的C01改一改" on C02's screen: the question they named wins.
        q = {"id": named, "text": question.text, "number": int(named[1:])}
        draft = (t.ctx.answers.get(named) or "").strip()
    # "第7题我是不是写得太流水账了": the review then says which answer it read.
    on_screen = (t.ctx.question or {}).get("id")
    named_here = bool(named and draft and q.get("id") == named != on_screen)
    told = [text for role, text in t.ctx.history if role == "user" and len(text) >= 30]
    if after := _written_after(t.ctx.text):
        draft = after  # "第5题这样写行不行：我最怕写东西。正因为…": the new version
    if quoted := QUOTED_DRAFT.search(t.ctx.text or ""):
        draft = quoted.group(1)  # the version they mean to write, not the saved one
    if not draft and (here := _written_here(t.ctx.text)):
        draft = here  # "我就想别人说老谢这人开车稳、不坑人，这样写行吗": this is it
    if not draft and told:
        draft = told[-1]  # "那我V03就这么写？": the story they just told is the draft
    if re.search(r"多细|多长|写多少|几句|三句|一句话", t.ctx.text):
        return Draft(
            combos(
                [
                    ["几句话就够，不用长。", "不用写很长，三四句就行。"],
                    ["写到别人能看见那个画面：哪一天、谁说了什么、你当时心里怎么想。"],
                    ["你先写哪一幕？", "那一幕里，谁说了哪句话？"],
                ],
                t.seed,
            )
        )
    if not draft:
        example = clip((t.art.get("guide_question") or {}).get("example", ""), 60)
        return Draft(
            combos(
                [
                    [f"{q_ref(q) or '这道题'}你还没写下内容，先写两三句，我再帮你看。"],
                    [f"比如有人这样写：“{example.rstrip('。')}”" if example else ""],
                    ["你打算从哪件事写起？"],
                ],
                t.seed,
            )
        )
    best, missing = _draft_review(draft)
    linked = profile.linked_ids(draft)
    found = (t.art.get("search_content") or {}).get("entries") or []
    rows = [r for r in found if r["id"] in linked][:1]
    if REVISE.search(t.ctx.text) and missing:
        marks = "①②③"
        steps = (
            "；".join(f"{marks[i]}{STEPS[m]}" for i, m in enumerate(missing[:3]))
            if len(missing) > 1
            else STEPS[missing[0]]
        )
        flip = (
            "，最后用“正因为……所以……”把它翻成长处"
            if t.ctx.step == "strengths_exploration"
            else ""
        )
        said = [f"{q_ref(q)}你写的是“{best}”。"] if named_here else [""]
        return Draft(
            combos(
                [
                    said,
                    ["可以这样改：", "分几步补："]
                    if len(missing) > 1
                    else ["就差一步："],
                    [steps + flip + "。"],
                    ["你想先补哪一步？", "先从哪一步下手？"]
                    if len(missing) > 1
                    else ["你会补哪一句？", "那一句你会怎么写？"],
                ],
                t.seed,
            )
        )
    verdict = (
        ["已经挺具体了，有画面也有感受。"]
        if not missing
        else [f"“{best}”是好的起点。", f"你写的“{best}”，方向是对的。"]
    )
    text = t.ctx.text
    if re.search(r"太短|短吗|够长|够不够", text):  # answer the literal question first
        verdict = ["长短不是问题，具体才是。"] if missing else ["不短，够用了。"]
    elif re.search(r"流水账|太散|太碎|太平|没重点", text):
        verdict = [
            f"按顺序写不算毛病，“{best}”已经有画面了。",
            f"不算流水账，“{best}”写得很实在。",
        ]
    elif re.search(r"跑题|偏题|对题", text):
        verdict = [f"没跑题，“{best}”正是这题要的方向。"]
    gap = (
        [
            f"还差一点：{'、'.join(missing[:2])}。",
            f"再补上{'和'.join(missing[:2])}，就更像你自己的了。",
            f"读下来少了{'、'.join(missing[:2])}。",
        ]
        if missing
        else ["可以试着从里面提炼一个关键词。"]
    )
    named_row = (
        [f"你写的这些，有人会叫它「{rows[0]['name']}」：{meaning(rows[0])}。"]
        if rows
        else [""]
    )
    deepen = [dig(rows[0])] if rows and dig(rows[0]) else []
    if "当时的感受" in missing:
        deepen.append("那一刻你的感受是什么？")
    if "一个具体的场景" in missing:
        deepen.append("哪一次具体发生的事，可以放进来？")
    if "它为什么对你重要" in missing and len(missing) > 1:
        deepen.append("这件事对你为什么重要？")
    deepen = deepen or ["如果用一个词概括它，会是什么？"]
    if re.search(r"流水账|太散|太碎|太平|没重点", text):
        # One concrete thing: a list of doings reads flat until one says why.
        gap = ["嫌平的话，挑其中一件，补一句为什么是它，就有重点了。"]
        deepen = ["这几件里，哪一件你最舍不得？"]
    return Draft(
        combos([verdict, gap, named_row, deepen[:2]], t.seed),
        rows=rows[:1],
        pending={"more": "改的时候先补一个具体场景，再写感受。"},
    )


ACTS = {"feedback": feedback}
