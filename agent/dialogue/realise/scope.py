"""What the coach is for: off-topic requests, questions about the coach, English."""

from __future__ import annotations

import re

from agent.dialogue import pinyin
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    back_to,
    combos,
    q_ref,
    q_short,
)

OFF_TOPICS = (
    ("天气", "查天气"),
    ("代码", "写代码"),
    ("python", "写代码"),
    ("公式", "算公式"),
    ("excel", "做表格"),
    ("写小说", "写小说"),
    ("小说", "推荐小说"),
    ("翻译", "翻译"),
    ("股票", "看股票"),
    ("基金", "理财"),
    ("笑话", "讲笑话"),
    ("菜", "教做菜"),
    ("作业", "写作业"),
)


def _meta(text: str) -> list[str]:
    """Answer what was asked about the coach: identity, model, data, memory, abilities.

    Several questions in one message get one line each (at most two).
    """
    lines = []
    if re.search(r"ai|机器|真人|人工|你是谁", text, re.I):
        lines.append("我是 AI 教练，不是真人，只陪你做这本找到真正想做的事的工作簿。")
    if re.search(r"模型|chatgpt|gpt|文心|通义|deepseek|kimi|区别", text, re.I):
        lines.append(
            "和通用聊天工具不同，我只做这本工作簿：背后用哪家模型由部署方设置。"
        )
    if re.search(r"数据|隐私|训练|安全|泄露|给别人|别人看", text):
        lines.append(
            "你写的内容存在你自己的会话里，别的用户看不到，这个应用也不拿它训练模型。"
        )
    if re.search(r"记住|记得|上次|忘", text):
        lines.append("你写过的答案都保存着，下次打开还在；聊天我会参考最近的一段。")
    if re.search(r"根据|依据|凭什么|从哪来", text):
        lines.append(
            "我的建议来自两处：你在工作簿里写下的答案，和知识库里我们整理的价值观、才能、领域条目。"
        )
    if re.search(r"模板|套路|一个样|都一样|重复", text):  # coach_blind27
        lines.append(
            "回复确实有固定的路数；你直接说要什么（例子、看答案、换个说法），我就只做那一件。"
        )
    if re.search(r"能做什么|会什么|怎么用|有什么用", text):
        lines.append("我能换个说法解释题目、举知识库里的例子、帮你把写下的东西理一理。")
    if not lines:
        lines.append("我是这本工作簿里的 AI 教练，陪你解释问题、举例子、理清想法。")
    return ["".join(lines[:2])]


def scope(t: Turn) -> Draft:
    """Say kindly what the coach is for, then bring them back."""
    text = t.ctx.text.lower()
    if t.u.intent == "meta" or re.search(r"你是不是(?:机器人|ai|真人)|机器人", text):
        lead = _meta(text)
    elif t.d.last_act == "scope":  # asked again: firm, not curt
        lead = [
            "这个我是真帮不上，不是推脱：我只懂这本工作簿。",
            "还是得说声抱歉，这件事不在我会的范围里。",
        ]
    else:
        # "写一篇…小说" asks for writing, not a recommendation: match on the verb too.
        plain = re.sub(r"(写)[^，。！？,.!?]{0,12}?(小说)", r"\1\2", text)
        asked = next((label for word, label in OFF_TOPICS if word in plain), "")
        lead = [
            f"{asked or '这个'}我不在行，我能帮的只有这本工作簿。",
            f"{asked or '这件事'}我就不掺和了，我的用处是陪你把这几道题想清楚。",
            f"{asked or '这件事'}不在我能帮的范围里，我专心陪你做这本工作簿。",
        ]
    hint = ""
    passions = [e for e in t.u.entities if e["category"] == "interests" and e["strong"]]
    if passions and t.u.intent == "off_topic":
        hint = f"不过你会想到这个，说不定「{passions[0]['name']}」就是喜欢的事的线索。"
    return Draft(combos([lead, [hint], back_to(t.ctx.question)], t.seed))


def _pinyin(t: Turn) -> Draft:
    """Chinese typed as pinyin: answered in Chinese, read only word by word."""
    q, text = t.ctx.question, t.ctx.text or ""
    where = q_ref(q) if q else "这一题"
    known = [(p, c) for p, c in pinyin.known_words(text) if p in text.casefold()]
    lead = "你是用拼音打的，不方便打字没关系。整句拼音没有声调，我怕读歪，先不替你猜。"
    if known:
        low = text.casefold()
        known = sorted(known, key=lambda k: low.find(k[0]))[:2]
        typed = "".join(
            f"「{text[low.find(p) : low.find(p) + len(p)]}」" for p, _ in known
        )
        chars = "、".join(c for _, c in known)
        return Draft(
            [
                [
                    lead + f"里面的{typed}，我读作{chars}，对吗？"
                    f"方便的时候用汉字把这件事写进{where}，就存下了。"
                ]
            ]
        )
    return Draft(
        [
            [
                lead + f"方便的时候用汉字把它写进{where}；"
                "现在也可以只用拼音告诉我最要紧的一个词。"
            ]
        ]
    )


def english(t: Turn) -> Draft:
    """An English message: answer briefly in English, then offer the way in."""
    q = t.ctx.question
    start = f"我们从{q_ref(q)}开始：{q_short(q, 40)}？" if q else "我们从第一题开始？"
    text = t.ctx.text or ""
    if pinyin.looks_pinyin(text):
        return _pinyin(t)
    answered = ANSWER_FOR.search(text)
    if ASKED_ENGLISH.search(text) and answered:  # the request and an answer in one
        qid, said = answered.group(1).upper(), answered.group(2).strip()
        return Draft(
            [
                [
                    "Sure, English is fine. "
                    f"That already answers {qid}: 「{said}」. Paste it into {qid} "
                    f"to keep it; {_NEXT_ASK[qid[0]]}"
                ]
            ]
        )
    if ASKED_ENGLISH.search(text):  # "can you answer in English?": yes, briefly
        told = any(r == "user" and len(x) >= 15 for r, x in t.ctx.history)
        n = (q or {}).get("number")
        where = f"Question {n} ({q_ref(q)})" if n else "The first question"
        return Draft(
            [
                [
                    "Sure, I'll reply in simple English; answer in English or mix, "
                    "either is fine.",
                    f" What you told me is a good start for {where}. "
                    "What pulls you in most?"
                    if told
                    else f" {where}: {q_short(q, 40) if q else '第1题'}. One line, "
                    "in either language, is enough to start.",
                ]
            ]
        )
    saved = ((t.ctx.answers or {}).get((q or {}).get("id", "")) or "").strip()
    if REWRITE_IN.search(text):  # "rewrite my answer in Chinese, under 40 characters"
        return Draft(
            [
                [
                    "I won't rewrite it: the words should stay yours. "
                    + (f"Yours reads 「{_words(saved, 50)}」. " if saved else "")
                    + "Try one line in Chinese and send it; I'll check it."
                ]
            ]
        )
    if OK_ANSWER.search(text) and q:  # "Is that an ok answer?"
        return Draft(
            [
                [
                    "Yes, an honest answer is a fine start. "
                    f"Question {q.get('number', '')} asks: {q_short(q, 40)}. "
                    "Add one real moment behind it and it's yours. Which moment "
                    "comes to mind?"
                ]
            ]
        )
    if SAYS_ABOUT_ME.search(text) and (earlier := _earlier_answer(t)):
        # Their own earlier answer is the only ground: quoted, then a question.
        qid, said = earlier
        return Draft([[f"You wrote 「{said}」.", f" {_LEAD[qid[0]]}"]])
    if m := ANSWER_FOR.search(text):  # "S03: I can fix old bikes…": an answer
        qid, said = m.group(1).upper(), m.group(2).strip()
        return Draft(
            [
                [
                    f"Got it, that answers {qid}: 「{said}」. "
                    f"Paste it into {qid} to keep it; "
                    "what about it do you enjoy most?"
                ]
            ]
        )
    if m := OWN_LIKE.search(text):  # "I just like fixing old bikes": their answer
        asks_count = re.search(r"\b(?:passion|count|hobby|talent)\b", text, re.I)
        return Draft(
            [
                [
                    f"「{m.group(1)}」 is a real lead"
                    + (
                        ": whether it's a passion depends on whether you dig into it"
                        " without being asked."
                        if asks_count
                        else "."
                    ),
                    " What about it pulls you in most?",
                ]
            ]
        )
    if said := _own_clause(text):
        # An answer in English ("On Bilibili I mostly watch game reviews…"): their
        # words back, "does that count?" answered, one question on it.
        step = ((q or {}).get("id") or "P")[0]
        counts = "Yes, it counts: " if COUNTS.search(text) else ""
        ask = _NEXT_ASK[step]
        ask = ask[0].upper() + ask[1:]
        return Draft([[f"{counts}「{said}」 is a real lead.", f" {ask}"]])
    return Draft(
        combos(
            [
                [
                    "In short: this workbook helps you find work you truly want, "
                    "from what matters to you, what you do naturally and what "
                    "you're curious about. No right answers, just real moments.",
                    "Here is how it works: you answer short questions about your "
                    "values, talents and interests, then we combine them into a "
                    "few ideas to test.",
                ],
                ["我主要用中文回答，你用英文写也没关系。"],
                [start],
            ],
            t.seed,
        )
    )


# "S03: I can fix old bikes for hours, taking them apart…" or "For S04, people
# ask me…": an answer named by its question, quoted up to its first clause.
ANSWER_FOR = re.compile(
    r"(?<![A-Za-z])([VSP]0[1-9])\s*[:：,，]\s*([A-Za-z][^,.;!?，。；！？]{6,80})", re.I
)


def _words(text: str, limit: int) -> str:
    """Return text cut at a word boundary within limit (a quote never ends mid-word)."""
    if len(text) <= limit:
        return text
    cut = text.rfind(" ", 0, limit)
    return text[: cut if cut > 0 else limit]


# coach_blind27: "Can you rewrite my answer in Chinese?", "Is that an ok answer?"
REWRITE_IN = re.compile(
    r"\b(?:rewrite|rephrase|translate|polish|edit)\b[^.?!]{0,30}\b(?:answer|it|this)\b",
    re.I,
)
OK_ANSWER = re.compile(
    r"\b(?:is|was|would)\s+(?:that|this|it)\s+(?:an?\s+)?"
    r"(?:ok|okay|good|fine|valid|acceptable|enough)\b",
    re.I,
)
# "what does that say about me?": they want a reading of what they wrote.
SAYS_ABOUT_ME = re.compile(
    r"what\s+does\s+(?:that|this|it)\s+(?:say|mean|tell\s+you)\s+(?:about|for)\s+me|"
    r"what\s+am\s+I\s+good\s+at",
    re.I,
)
# "I mostly watch game reviews and long history videos": the person's own doing,
# quoted from "I" to the clause's end.
OWN_DOING = re.compile(
    r"\bI\s+(?:(?:mostly|often|always|usually|just|really|also|sometimes|love to|"
    r"like to|can)\s+)*(?:watch|read|play|spend|make|fix|help|write|cook|listen|"
    r"collect|build|draw|learn|teach|organi[sz]e|plan|run|grow|sing|dance|study|"
    r"code|design|repair|volunteer|visit|travel|talk)\b[^.!?;,]{3,80}",
    re.I,
)
COUNTS = re.compile(r"\b(?:does|would|will)\s+(?:that|this|it)\s+count\b", re.I)


def _own_clause(text: str) -> str:
    """Return the person's own doing in an English message, to its clause's end."""
    m = OWN_DOING.search(text)
    if not m:
        return ""
    said = m.group(0).strip()
    return said if len(said) <= 80 else said[:80].rsplit(" ", 1)[0]


# One question per step, about the answer just quoted (values, talents, passions).
_NEXT_ASK = {
    "V": "why does it matter to you?",
    "S": "which part of it comes easiest to you?",
    "P": "what about it do you enjoy most?",
}
_LEAD = {
    "V": "What we keep coming back to often shows what matters. Why this one?",
    "S": "What people keep asking you for often points to a talent. "
    "What do you do for them that they can't?",
    "P": "What you return to without being asked often points to a passion. "
    "What pulls you in most?",
}


def _earlier_answer(t: Turn) -> tuple[str, str] | None:
    """Return the last answer they gave in chat, named by its question."""
    for role, said in reversed(t.ctx.history):
        if role == "user" and (m := ANSWER_FOR.search(said)):
            return m.group(1).upper(), m.group(2).strip()
    return None


# "I (just/really) like fixing old bikes on weekends": what they like, verbatim.
OWN_LIKE = re.compile(
    r"\bI\s+(?:just\s+|really\s+|kind of\s+)?(?:like|love|enjoy|am into)\s+"
    r"([A-Za-z][A-Za-z' ]{3,40}?)(?=[,.;!?]|\s+(?:and|but|is|so)\b|$)",
    re.I,
)
# A request for English replies, not just a message in English.
ASKED_ENGLISH = re.compile(
    r"(?:answer|reply|respond|talk|speak|explain)\S*\s+(?:\w+\s+){0,2}in\s+english|"
    r"in\s+english\s*\?|用英文|英文(?:说|解释|回答)",
    re.I,
)

ACTS = {"scope": scope, "english": english}
