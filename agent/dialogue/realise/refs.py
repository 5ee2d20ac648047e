"""Why item N of the last task reply ("第二条为什么"), from its evidence (§6).

The items of the last top list, combination or comparison are kept in the
dialogue state's ``pending["items"]`` (names and entry ids only). The evidence
is read again from the saved answers now, so every quote is theirs as it is
written today. A position the last reply did not have is said plainly.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import said_by_us, span_of, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import cite, for_entry, short, telling, where
from agent.dialogue.realise.violated import violated
from agent.dialogue.tasks_route import (  # "第三条的缺点": routed here
    CANDIDATE_ID,
    DOWNSIDE,
    EACH,
    LIST_EDIT,
    MERGE,
)
from knowledge import selectors as kb

ORDINAL_WORDS = "零一二三四五六七八九"
QUOTE_ROOM = 14


def _why(ids: list[str], answers: dict, item: dict | None = None) -> list[str]:
    """Return, per entry, "「成长」：价值观第2题「…」" (or that none names it).

    An item read from one answer (a top list keeps its question and matched
    words) is explained by that very span, not by another answer's.
    """
    said = []
    item = item or {}
    for entry_id in ids:
        hit = kb.entry_get(entry_id=entry_id)
        if hit is None or hit.category not in ("values", "strengths", "interests"):
            continue
        found = for_entry(answers, entry_id, hit.category)  # type: ignore[arg-type]
        breach = [e for e in violated(answers, set()) if e.entry_id == entry_id]
        if breach and item.get("qid") == breach[0].question_id:
            # Read off what angers them ("太不公平了"): said as such, offered.
            e = breach[0]
            said.append(
                f"「{hit.name}」是从你{cite(e, room=QUOTE_ROOM, step=True)}读出来的："
                f"让你生气的是它被破坏了，算不算由你定"
            )
            continue
        matched = [
            e
            for e in found
            if e.question_id == item.get("qid") and e.surface == item.get("surface")
        ]
        found = matched + [e for e in found if e not in matched]
        named = [e for e in found if e.strength == "named"]
        if matched and matched[0].strength == "named":
            e = matched[0]
            said.append(
                f"「{hit.name}」是从你{cite(e, room=QUOTE_ROOM, step=True)}读出来的，"
                f"你用了「{e.surface}」这个说法"
            )
        elif named and not matched:
            quotes = "、".join(cite(e, room=QUOTE_ROOM, step=True) for e in named[:2])
            said.append(f"「{hit.name}」是你自己写出来的：{quotes}")
        elif found:
            e = found[0]
            said.append(
                f"「{hit.name}」你没有直接写，只是{cite(e, room=QUOTE_ROOM, step=True)}"
                f"里的「{e.surface}」和它有关，算不算由你定"
            )
        else:
            said.append(f"「{hit.name}」在你现在的答案里找不到依据了，可以划掉")
    return said


def _downside(entry_id: str) -> str:
    """Return the knowledge base's general word on an entry's downside, or "".

    A talent overused (its weakness form), a value's pull against others
    (tension_with); a passion has none. Said of people in general, never of
    them: whether it shows in them is theirs to say.
    """
    hit = kb.entry_get(entry_id=entry_id)
    if hit is None:
        return ""
    if hit.category == "strengths" and (weak := hit.data.get("weakness_form")):
        return f"「{hit.name}」用过头时，常见的样子是{'、'.join(weak.split())}"
    if hit.category == "values" and (pull := hit.data.get("tension_with")):
        others = "」「".join(x for x in re.split(r"[|｜、\s]+", pull) if x)
        return f"看重「{hit.name}」的人，常会在它和「{others}」之间拉扯"
    return ""


def _candidate_at(t: Turn, items: list[dict]) -> int | None:
    """Return the index of the listed candidate the message names by id (C02)."""
    m = CANDIDATE_ID.search(t.ctx.text or "")
    saved = (t.ctx.answers.get(f"C0{m.group(1)}") or "").strip() if m else ""
    return next(
        (i for i, item in enumerate(items) if saved and item.get("name") == saved),
        None,
    )


def _item_downside(t: Turn, item: dict, number: str, keep: dict) -> Draft:
    """Return item N's downside from the knowledge base, or say there is none."""
    said = [x for x in map(_downside, item.get("ids") or []) if x]
    if item.get("category") == "candidate":
        # A plan of theirs has no downside on file: where it may stick is
        # theirs to weigh, asked as one question, not a verdict of ours.
        name = short(item["name"], item["name"][:2], 16)
        return Draft(
            [
                [
                    f"「{name}」的缺点，我不替你下结论。试之前可以先问自己："
                    "它最可能卡在钱、时间，还是兴趣撑不撑得住？"
                ]
            ],
            rows=[],
            pending=keep,
        )
    if said:
        text = (
            f"{number}：" + "；".join(said) + "。这是一般的说法，不是在说你；"
            "你身上有过这种时候吗？"
        )
    else:
        qid, name = item.get("qid") or "", str(item.get("name") or "")
        what = (
            f"是你在{where(qid, step=True)}写的「{telling(name, 16)}」，没对上现成的词"
            if qid and name in (t.ctx.answers.get(qid) or "")
            else "在知识库里没有写它的短处"
        )
        text = (
            f"{number}{what}，我说不出它的缺点，不乱编。"
            "你觉得它用过头的时候，会是什么样子？"
        )
    return Draft([[text]], rows=[], pending=keep)


def _all_downsides(items: list[dict], keep: dict) -> Draft:
    """Return each listed entry's downside from the knowledge base.

    Only entries the knowledge base knows have one on file; a clause of
    theirs with no name gets none, said plainly rather than made up.
    """
    said, bare = [], []
    for i, item in enumerate(items):
        number = f"第{ORDINAL_WORDS[i + 1] if i < 9 else i + 1}条"
        words = [x for x in map(_downside, item.get("ids") or []) if x]
        (said.append(f"{number}{words[0]}") if words else bare.append(number))
    if not said:
        text = "上一条列的都没有对上知识库里的词，我说不出它们的短处，不乱编。"
    else:
        rest = f"{'、'.join(bare)}没对上现成的词，我不替它编。" if bare else ""
        text = "；".join(said) + "。" + rest + "这是一般的说法，不是在说你"
        text += "；哪一条你身上有过这种时候？"
    return Draft([[text]], rows=[], pending=keep)


QUOTED = re.compile(r"[“「\"'‘]([^”」\"'’]{1,10})[”」\"'’]")


def _merge(items: list[dict], text: str, keep: dict) -> Draft:
    """Return what merging two listed names would mean; the merge is theirs.

    Only what is on file is said: which names the last list held, what each
    means in the knowledge base. Whether two are one thing in them is theirs
    to say, and the merged name is in their words.
    """
    listed = {str(item.get("name") or ""): i for i, item in enumerate(items)}
    said = []
    for name in dict.fromkeys(QUOTED.findall(text)):
        at = listed.get(name)
        hit = next(
            (
                h
                for cat in ("values", "strengths", "interests")
                for h in kb.entries_all(category=cat)
                if h.name == name
            ),
            None,
        )
        where_ = (
            f"是上一条的第{ORDINAL_WORDS[at + 1] if at < 9 else at + 1}条"
            if at is not None
            else "不在我上一条列的里"
        )
        what = f"，说的是{hit.snippet}" if hit and hit.snippet else ""
        said.append(f"「{name}」{where_}{what}")
    if not said:
        text = (
            "哪两条在你身上其实是同一件事，告诉我序号，我就把它们并成一条；"
            "名字用你自己的，我不替你挑。"
        )
    else:
        text = (
            "；".join(said) + "。在你身上如果是同一件事，就并成一条，"
            "名字用你自己的话起；要不要并，由你定。"
        )
    return Draft([[text]], rows=[], pending=keep)


SHARED_RUN = 3  # "二次元文化" for 「动漫与二次元」: three characters in common


def _items_named(said: str, items: list[dict]) -> list[int]:
    """Return the indexes of the listed items the quoted words point at.

    The name whole in their words (or theirs in it) first; else the one entry
    of ours sharing three characters with it ("二次元文化" for 「动漫与二次元」).
    """
    names = [str(x.get("name") or "") for x in items]
    # A word inside a long clause listed as it was written is not that item:
    # "我不想要那种“应该”式的词" points at no clause holding 应该 (coach_blind29).
    whole = [
        i
        for i, n in enumerate(names)
        if n and (n in said or (said in n and len(said) >= len(n) // 3))
    ]
    if whole:
        return whole
    # "'心理学'那个去掉吧": the words it was read from (「心理与自我成长」 from
    # "书店停在心理学和悬疑小说", coach_blind23)
    surfaces = [str(x.get("surface") or "") for x in items]
    read = [
        i for i, w in enumerate(surfaces) if len(w) >= 2 and (w in said or said in w)
    ]
    if read:
        return read
    for i, name in enumerate(names):
        runs = {name[k : k + SHARED_RUN] for k in range(len(name) - SHARED_RUN + 1)}
        if items[i].get("ids") and any(r in said for r in runs):
            return [i]
    return []


def _dropped(parts: list[str], items: list[dict], single: bool = False) -> set[int]:
    """Return the indexes of ``items`` dropped in ``parts`` (clauses or sentences).

    A quoted name wins over a number that disagrees with it ("第三个“责任感”"
    when 责任 was listed first): the name is what they read. Per sentence
    (``single``), a number counts only when it is the sentence's only one.
    """
    dropped: set[int] = set()
    for part in parts:
        if not re.search(r"删|去掉|不要|划掉|换掉|拿掉|认同|不太?想要|不太?喜欢", part):
            continue
        quoted = QUOTED.findall(part)
        named = {i for name in quoted for i in _items_named(name, items)}
        dropped |= named
        numbers = re.findall(r"第([一二三四五六七八九1-9])(?:条|个|项)", part)
        # "第二个“稳定”我不认同" when 稳定 was never listed (coach_blind25): the
        # name they read is not on the list, so no number is taken for it
        if named or quoted or (single and len(numbers) > 1):
            continue
        if re.search(r"最后一?(?:条|个|项)", part):
            dropped.add(len(items) - 1)
        for n in numbers:
            i = (int(n) if n.isdigit() else ORDINAL_WORDS.index(n)) - 1
            if 0 <= i < len(items):
                dropped.add(i)
    return dropped


def _list_edited(t: Turn, items: list[dict]) -> Draft:
    """Return the last list with the items they dropped gone, each kept one cited.

    Items are pointed at by number ("第二条", "最后一条") or by name in quotes;
    nothing is renamed or added.
    """
    text = t.ctx.text or ""
    dropped = _dropped(re.split(r"[，,。；;！!？?]", text), items)
    if not dropped:  # the verb far from its item ("第三个…，…，换掉"): per sentence
        dropped = _dropped(re.split(r"[。；;！!？?]", text), items, single=True)
    kept = [x for i, x in enumerate(items) if i not in dropped]
    beyond = [
        n
        for n in re.findall(r"第([一二三四五六七八九1-9])(?:条|个|项)", text)
        if (int(n) if n.isdigit() else ORDINAL_WORDS.index(n)) > len(items)
    ]
    unlisted = [
        w
        for w in QUOTED.findall(text)
        if not _items_named(w, items) and not said_by_us(w, t.ctx.history)
    ]
    if not dropped and unlisted:
        return Draft(
            [
                [
                    f"我前面没有列过「{unlisted[0]}」，单子上是："
                    + "；".join(
                        f"{i + 1}.「{short(x['name'], x['name'], 14)}」"
                        for i, x in enumerate(items[:5])
                    )
                    + "。你想去掉的是哪一条？告诉我序号就行。"
                ]
            ],
            pending={"items": items},
        )
    if not dropped and beyond:  # "第三个去掉" when two were listed (coach_blind24)
        return Draft(
            [
                [
                    f"上一条只列了{len(items)}条，没有第{beyond[0]}条；"
                    "你想去掉的是哪一条？告诉我序号就行。"
                ]
            ],
            pending={"items": items},
        )
    if not dropped:
        return Draft(
            [["你想去掉的是第几条？告诉我序号，我就把它从单子上拿掉。"]],
            pending={"items": items},
        )
    gone = "、".join(f"「{items[i]['name']}」" for i in sorted(dropped))
    rest = "；".join(
        f"「{x['name']}」（{where(x['qid'], step=True)}）"
        if x.get("qid")
        else f"「{x['name']}」"
        for x in kept[:5]
    )
    body = f"留下的是：{rest}。" if kept else "单子上就没有别的了。"
    return Draft(
        [[f"好，去掉了{gone}。{body}", "还想动哪一条，直接说。"]],
        rows=[],
        pending={"items": kept, "dropped": [items[i]["name"] for i in dropped]},
    )


# "我没说最喜欢游戏啊 我都是无聊才玩的" (coach_blind27): the item disowned
# while asking why it is there. Their word stands; the item goes.
DISOWNED = re.compile(
    r"(?:无聊|闲着没事|没事干|打发时间)(?:才|的时候)?(?:玩|看|刷|做)|"
    r"不算(?:喜欢|爱好|兴趣)|谈不上(?:喜欢|爱好)|没(?:说|写)过?(?:我)?最?(?:喜欢|爱|在乎|看重)|"
    r"不是(?:真的?)?(?:喜欢|爱|在乎|看重)"
)


def _disowned(
    t: Turn, item: dict, number: str, items: list[dict], index: int
) -> Draft | None:
    """Take an item off the list when they say it is not theirs, quoting why."""
    text = t.ctx.text or ""
    found = [m.group(0) for m in DISOWNED.finditer(text)]
    if not found or item.get("category") in ("candidate", "direction"):
        return None
    # the reason ("我都是无聊才玩的") before the bare "没说最喜欢"
    why = next((w for w in found if not w.startswith(("没", "不是"))), found[0])
    clause = next((c for c in spans(text) if why in c), "")
    said = span_of(text, clause) if clause and len(clause) <= 24 else ""
    name = short(str(item.get("name") or ""), "", 14)
    rest = [x for i, x in enumerate(items) if i != index]
    because = f"你说「{said}」，" if said else ""
    return Draft(
        [
            [
                f"好，{number}「{name}」先拿掉：{because}这条由你说了算。"
                + (
                    "剩下的里面，哪一个是你不无聊的时候也会主动去做的？"
                    if rest
                    else "你不无聊的时候，会主动去做什么？"
                )
            ]
        ],
        rows=[],
        pending={"items": rest} if rest else {},
    )


def item_why(t: Turn) -> Draft:
    """Return why item N of the last reply is there: the answers that name it."""
    items = t.d.pending.get("items") or []
    n = t.u.ordinal
    text = t.ctx.text or ""
    if items and n is None and DOWNSIDE.search(text) and EACH.search(text):
        return _all_downsides(items, {"items": items})
    if items and LIST_EDIT.search(text):
        return _list_edited(t, items)
    if items and MERGE.search(text):
        return _merge(items, text, {"items": items})
    index = (len(items) - 1 if n == -1 else (n or 0) - 1) if items else -1
    if n is None and (at := _candidate_at(t, items)) is not None:
        index = at  # "那C02的缺点呢": the compared candidate saved as C02
    elif n is None and len(items) == 1:
        index = 0  # "这个候选的缺点": the only one listed
    keep = {"items": items} if items else {}
    if not items or not 0 <= index < len(items):
        count = (
            f"上一条回复只列了{len(items)}条"
            if items and n is not None
            else f"上一条回复列了{len(items)}条"
            if items
            else "我上一条回复里没有列出编号的内容"
        )
        which = f"第{ORDINAL_WORDS[n]}条" if n and 0 < n < 10 else "你说的那一条"
        # "你为啥把“自由”排第一" when 自由 was never listed: said plainly
        # (coach_blind20/21), not left for them to wonder where it came from.
        listed = " ".join(i.get("name", "") for i in items)
        never = [
            w
            for w in re.findall(r"[“\"「]([\u4e00-\u9fff]{2,6})[”\"」]", text)
            if w not in listed
        ][:2]
        unsaid = (
            f"我也没有说过{'、'.join(f'「{w}」' for w in never)}。" if never else ""
        )
        text = (
            f"{count}，你说的是第几条？告诉我序号，我就按那一条说。"
            if items and n is None
            else f"{count}，找不到{which}，{unsaid}你指的是哪一个？"
        )
        return Draft(
            [[text]],
            pending=keep,
        )
    item = items[index]
    number = f"第{ORDINAL_WORDS[index + 1] if index < 9 else index + 1}条"
    if DOWNSIDE.search(t.ctx.text or ""):
        return _item_downside(t, item, number, keep)
    if disowned := _disowned(t, item, number, items, index):
        return disowned
    said = _why(item.get("ids") or [], t.ctx.answers, item)
    qid, name = item.get("qid") or "", str(item.get("name") or "")
    own = not item.get("ids") and qid and name in (t.ctx.answers.get(qid) or "")
    if not said and own:
        # Their own clause no entry was read from: it stands on itself.
        return Draft(
            [
                [
                    f"{number}是你在{where(qid, step=True)}写的"
                    f"「{telling(name, 16)}」，没对上现成的词，"
                    "我就没替你起名；算不算、叫什么，由你定。"
                ]
            ],
            pending=keep,
        )
    if not said:
        named = (
            f"（「{short(item['name'], item['name'][:2], 16)}」）"
            if item.get("category") == "candidate"
            else ""
        )
        return Draft(
            [[f"{number}{named}在你的答案里还没找到依据，所以它只是个待验证的想法。"]],
            pending=keep,
        )
    kind = item.get("category")
    # A direction holds 「」 already: named by its number, not quoted again.
    lead = {
        "direction": f"{number}方向里，",
        "candidate": f"候选「{short(item['name'], item['name'][:2], 16)}」里，",
    }.get(kind, number)
    close = "哪条不像你，告诉我就划掉。" if lead == number else "哪部分不像你，直接说。"
    return Draft(
        [[lead + "；".join(said) + "。" + close]],
        rows=[],
        pending=keep,
    )


ACTS = {"item_why": item_why}
