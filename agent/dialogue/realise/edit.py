"""Edit the last stitched answer as asked, with their words only (Coach 3 §6).

After the coach stitched an answer from their clauses (concrete.py), the next
ask is often an edit: "压成两三句，男生读诗的细节要留着", "只留带新人那段，年度
优秀什么的都不要了", "其实下午最想去旧书市场，帮我加进去". Each is done on the
clauses of what they told or wrote, verbatim: kept, dropped or added. Nothing
is reworded: "口语一点" is handed back, since only they can say it their way.
"""

from __future__ import annotations

import re

from agent.dialogue import facts
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import fit_pieces, short
from agent.dialogue.signals import ADD, DROP, KEEP, REDO_ASK, SHORTER_ASK, SPOKEN

# A clause of what they wrote or told (concrete.py reads answers with it too).
CLAUSE = re.compile(r"[^，,。；;！!？?…\n]+")
# A part of the message that asks rather than adds ("帮我把这个加进去").
ASKS = re.compile(r"帮我|你把|你帮|能不能|可不可以|加进去|留着|只留|不要了|去掉|删")
# Words of the ask that name nothing in the story.
NOISE = re.compile(
    r"那个|这个|那段|这段|那部分|细节|一定|要|留着|只留|保留|留下|都不要了?|不要了?|去掉|删掉?|"
    r"什么的|之类的|帮我|把|你|其实|就行|可以|压成|两三句|一句|再|点|吧|了|的|呢|啊|意思|最重要|重要"
)
KEEP_AT_MOST = 3
SHORT_SOURCE = 16  # an answer this short keeps its three-character pieces
# A cut complained about ("你把带徒弟那段删了，那段最重要啊", "怎么把孩子那句去掉了").
RESTORE = re.compile(
    r"(?:你|怎么)(?:把|给)?[^，,。！!？?]{1,12}?(?P<cut>删了|删掉了|去掉了|拿掉了|漏了|丢了)"
    r"(?=[^。！!？?]{0,12}(?:重要|要留|得留|不能删|别删|加回|放回|[？?]|啊|呀))"
)
# "第二句不对…把那句删了": a line of the version just shown, by its number.
NTH = re.compile(r"第\s*([一二两三四五六1-6])\s*(?:句|条|个|段)")
WRONG = re.compile(r"不对|不是我|没说过|没说|不要|删|去掉|拿掉")
NUMERALS = "一二三四五六"


def _nth(t: Turn, text: str, clauses: list[str], where: str) -> Draft | None:
    """Return the version shown with its Nth line dropped, or None."""
    m = NTH.search(text)
    if not (m and WRONG.search(text)):
        return None
    shown = [p for p in t.d.pending.get("pieces") or [] if p] or clauses[:4]
    raw = m.group(1)
    n = int(raw) if raw.isdigit() else NUMERALS.index(raw.replace("两", "二")) + 1
    if not 1 <= n <= len(shown):
        return Draft(
            [[f"上一版只有{len(shown)}句，找不到第{raw}句；你指的是哪一句？"]],
            rows=[],
            pending=dict(t.d.pending),
        )
    gone = shown[n - 1]
    kept = [c for c in shown if c != gone]
    said = "".join(f"「{short(c, c, 14)}」" for c in kept[:3])
    return Draft(
        [
            [
                f"删掉了第{raw}句「{short(gone, gone, 12)}」。{where}现在是：{said}，"
                "都是你前面聊到的原话。",
                "顺序和措辞由你定。",
            ]
        ],
        rows=[],
        pending={**t.d.pending, "source": "，".join(kept)[:300], "pieces": kept},
    )


def _marks(phrase: str) -> list[str]:
    """Return the two-character pieces of what an ask points at ("男生读诗")."""
    core = NOISE.sub(" ", phrase)
    runs = re.findall(r"[\u4e00-\u9fffA-Za-z0-9]{2,}", core)
    return [r[i : i + 2] for r in runs for i in range(len(r) - 1)]


def _hits(clause: str, marks: list[str]) -> int:
    return sum(m in clause for m in marks)


def edit(t: Turn, source: str, where: str) -> Draft | None:
    """Return the edit asked for on ``source``'s clauses, or None if none applies."""
    text = t.ctx.text or ""
    # Spaces between Chinese words are pauses; a clause about the task ("这题我是
    # 不是就写这个") is no line of the answer (coach_blind16).
    spaced = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "，", source)
    clauses = [
        c.strip()
        for c in CLAUSE.findall(spaced)
        # a short answer's short pieces count ("会计证 我爸让我考")
        if len(c.strip()) >= (3 if len(source) <= SHORT_SOURCE else 4)
        and not facts.asks(spaced, c.strip())
        and not facts.is_shrug(c.strip())  # "不知道" is no line to keep or cut
    ]
    if not clauses:
        return None
    if numbered := _nth(t, text, clauses, where):
        return numbered
    # "你把带徒弟那段删了，那段最重要啊": a complaint about a cut is a keep.
    restored = bool(RESTORE.search(text))
    if restored:
        text = RESTORE.sub(lambda m: m.group(0).replace(m.group("cut"), "留着"), text)
    # the ask, clause by clause; a space between words is a stop in phone typing
    # ("把'…'也带上 原来那句删掉": a keep and a cut, coach_blind26)
    spoken = re.sub(
        r"(?<=[\u4e00-\u9fff0-9'’”」])\s+(?=[\u4e00-\u9fff'‘“「])", "，", text
    )
    parts = [p.strip() for p in CLAUSE.findall(spoken)]
    written = [source, *t.ctx.answers.values(), *(x for _, x in t.ctx.history)]
    if missing := [  # "最后一句“这才是真正的自己”删掉": no such line anywhere
        q
        for p in parts
        if DROP.search(p) and re.search(r"句|段", p)  # a line, not a word
        for q in re.findall(r"[“\"'‘「]([^”\"'’」]{4,30})[”\"'’」]", p)
        if not any(q in (w or "") for w in written)
    ]:  # (the version is not listed again: its lines may echo the question)
        return Draft(
            [
                [
                    f"刚才那版里没有「{missing[0]}」这句，那版只用了你自己的原话。",
                    "你想去掉的是哪一句？说出它的开头几个字就行。",
                ]
            ],
            rows=[],
            pending=dict(t.d.pending),
        )
    keep_marks = [m for p in parts if KEEP.search(p) for m in _marks(p)]
    drop_marks = [m for p in parts if DROP.search(p) for m in _marks(p)]
    added = (
        [
            p
            for p in parts
            if len(p) >= 6
            and not ASKS.search(p)
            and not SPOKEN.search(p)
            and not SHORTER_ASK.search(p)
            # "后面那句原则别写“公平”这么空": how to write it, not what happened
            and not re.search(r"别写|不要写|那句|这么空|写成|改成|写得", p)
            # "把hint里说的“…”也写进去": an ask about the writing (coach_blind19)
            and not facts.asks(text, p)
            and not re.search(r"说不清|说不出|不会说|不知道怎么说", p)
        ]
        if ADD.search(text) or REDO_ASK.search(text)
        else []
    )
    # "我气的不光是不公平，是他们明明知道…还装不知道。…再改一版": the fullest
    # clause they add is the new point (coach_blind15).
    added = sorted(added, key=len, reverse=True) if REDO_ASK.search(text) else added
    if not (keep_marks or drop_marks or added or SHORTER_ASK.search(text)):
        if SPOKEN.search(text):
            return Draft(
                [
                    [
                        f"换成口语得你来，我替你改就不是你的话了。{where}那几句都是你的原话，"
                        "念出来哪句别扭，就照你平时怎么说改一两个词。"
                    ]
                ],
                rows=[],
                pending=dict(t.d.pending),
            )
        return None
    most = 1 if re.search(r"一句", text) else KEEP_AT_MOST
    if not (keep_marks or drop_marks or added) and t.d.pending.get("pieces"):
        # "再短点": fewer of the clauses just offered, not others from the story
        clauses = [p for p in t.d.pending["pieces"] if p in source] or clauses
        most = min(most, max(len(clauses) - 1, 1))
    dropped = [c for c in clauses if drop_marks and _hits(c, drop_marks)]
    if dropped and re.search(r"段|部分|那些|后面|以后", text):
        # "讲我老公那段去掉": the rest of that sentence goes with it
        for sentence in re.split(r"[。！!？?\n]", source):
            parts = [c.strip() for c in CLAUSE.findall(sentence) if len(c.strip()) >= 4]
            hit = next((i for i, c in enumerate(parts) if c in dropped), None)
            if hit is not None:
                dropped += [c for c in parts[hit:] if c not in dropped]
    kept = [c for c in clauses if c not in dropped]
    if keep_marks:
        wanted = [c for c in kept if _hits(c, keep_marks)]
        if not wanted:
            return None  # what they point at is not in it: ask, don't guess
        if SHORTER_ASK.search(text) or re.search(r"只留", text):
            # What they asked to keep comes first; the opening only if room is left
            # ("再短点，一句话，保留'先问为什么'": not 「我们校长」 alone).
            room = max(most, len(wanted))
            chosen = wanted[:room]
            if len(chosen) < room and kept[0] not in chosen:
                chosen = [kept[0], *chosen]
            kept = [c for c in kept if c in chosen]
        elif restored and t.d.pending.get("pieces"):
            # "你把带徒弟那段删了，那段最重要啊": the last version, that part put back
            shown_before = set(t.d.pending["pieces"])
            kept = [c for c in kept if c in shown_before or c in wanted]
    elif SHORTER_ASK.search(text) and len(kept) > most:
        kept = [kept[0], *kept[1:][-(most - 1) :]] if most > 1 else kept[:1]
    if not kept and not added:
        return None
    first = kept[:4]
    if keep_marks and len(kept) > 4:
        # What they asked to keep is among the lines shown, whatever its place.
        wanted = [c for c in kept if _hits(c, keep_marks)][:4]
        others = [c for c in kept if c not in wanted][: 4 - len(wanted)]
        first = [c for c in kept if c in wanted or c in others]
    shown = fit_pieces(first + added[:1], 18)
    said = "".join(f"「{c}」" for c in shown[: len(first)])
    said += "……" if len(kept) > 4 else ""  # the rest kept, as written
    plus = "".join(f"「{a}」" for a in shown[len(first) :])
    cut = [c for c in clauses if c not in kept]
    extra = f"，再加上{plus}" if plus else ""
    lines = [f"只动你写的和你前面聊到的原话，{where}可以是：{said}{extra}。"]
    if cut:
        lines.append(
            f"去掉了「{short(cut[0], cut[0], 12)}」{'等' if len(cut) > 1 else ''}。"
        )
    lines.append("顺序和措辞由你定，哪句不对再告诉我。")
    return Draft(
        [lines],
        rows=[],
        pending={
            **t.d.pending,
            "source": "，".join(kept + added)[:300],
            "pieces": first + added[:1],
        },
    )
