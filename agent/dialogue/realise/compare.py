"""Compare two candidates side by side, each with its own evidence (§6).

The candidates come from the message ("A…；B…", "「…」和「…」", "…还是…"), from
the step-4 answers it names (C01, C02), from the directions of the last reply
("第一条和第二条"), or from the first two saved candidates. For each, the entries
its words name are looked up in the workbook answers by the evidence matcher;
what is found is quoted, what is not is said. No verdict: the choice is theirs.
"""

from __future__ import annotations

import re

from agent.dialogue import entities, situation
from agent.dialogue.facts import span_of, spans
from agent.dialogue.numbered import ids_named
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, for_entry, in_text, short, where
from agent.dialogue.signals import BOTH_WANTED, MEASURE
from knowledge import selectors as kb
from knowledge.evidence import Evidence
from knowledge.evidence.records import Category
from knowledge.search.records import SearchHit
from knowledge.search.text import tokens

ALL: tuple[Category, ...] = ("values", "strengths", "interests")


def _ids(text: str) -> list[str]:
    """Return the saved candidates ("C01", "候选3") or answers ("S03") named."""
    return ids_named(text)


# "A 给老人开课；B 做反欺诈审核" / "一个是…，另一个是…"
LABELLED = re.compile(
    r"(?:^|[\s：:，,；;。])(?:A|a|一个是)\s*[:：、.．)）]?\s*(?P<a>[^；;\n]+?)\s*[；;，,。]\s*"
    r"(?:B|b|另一个是|一个是)\s*[:：、.．)）]?\s*(?P<b>[^；;。？?\n]+)"
)
QUOTED = re.compile(r"[「“\"]([^」”\"]{2,30})[」”\"]")
EITHER = re.compile(
    r"(?:是|选|去|做)?(?P<a>[^，,。；;：:？?\s]{2,20})还是(?P<b>[^，,。；;：:？?\s]{2,20})"
)
# "比较一下我这两个候选：开一家宠物洗护小店 和 在宠物医院做营养咨询"
BOTH = re.compile(
    r"[：:]\s*(?P<a>[^，,。；;：:？?\n]{2,30}?)\s*(?:和|跟|与|vs\.?|VS)\s*"
    r"(?P<b>[^，,。；;：:？?\n]{2,30})"
)
# "开小吃店和去学电工，哪个更适合我？帮我比一比" / "帮我比一比做会计跟开网店":
# two options in one clause, with no colon or label before them.
ASK_WORDS = re.compile(
    r"(?:请|帮我|你帮我|给我)?(?:比一比|比一下|比比|比较一下|对比一下|比较|对比|掂量掂量|掂量|权衡)"
    r"(?:一下|看)?|"
    r"(?:到底)?(?:哪个|哪条|哪一个|谁)(?:更|比较)?(?:好|适合|合适|强|靠谱).*$|"
    r"(?:相比|比起来|比)$"
)
BARE = re.compile(
    r"^(?P<a>[^和跟与]{2,14}?)\s*(?:和|跟|与|还是|或者|或是|\bor\b|vs\.?|VS)\s*"
    r"(?P<b>.{2,14})$",
    re.I,
)
# Words that point at something else ("我的两个候选"): not an option itself.
# Two options just told ("可能是园林，或者中医"), and the ask pointing at them.
TOLD_PAIR = re.compile(
    r"(?:是|学|选|做|去)+(?P<a>[\u4e00-\u9fffA-Za-z]{2,8}?)[，,]?\s*(?:或者|还是|或是)"
    r"(?:是|学|选|做|去)*(?P<b>[\u4e00-\u9fffA-Za-z]{2,8})"
)
TWO = re.compile(r"这两个|这俩|两个(?:哪|里)|二选一")
POINTERS = re.compile(r"候选|这两|两个|两条|选项|方向|我的|第[一二两12]")
TRAILING = re.compile(r"[，,。；;！!？?\s]+$|(?:哪个|哪条)(?:好|更好|合适|更合适)?.*$")
# "C01 和你刚才给的这个": the candidate the last reply proposed, not those words.
JUST_GIVEN = re.compile(
    r"(?:你|您)?(?:刚才|刚刚|刚|上面|前面)(?:给|说|提|列|推荐|建议)的(?:这个|那个|这条|那条|方向|候选)?|"
    r"你(?:给|说|提)的(?:这个|那个|这条|那条)"
)
NAME_ROOM = 14
QUOTE_ROOM = 10
WORDS_ROOM = 16  # a clause found by a shared word: whole, not cut mid-word
# Words of a candidate too general to show an answer speaks of it.
GENERAL = frozenset(
    "现在 然后 工作 项目 岗位 方向 事情 东西 进行 开始 一下 两个 候选 比较 一份 "
    "做点 或者 还是 继续 公司 去学 学个 去做 开个 开家 一家 当个".split()
)
LIGHT_VERBS = frozenset("做当去学开送考进回留找干跑")
# Knowledge fields that say what an entry is done as: "小吃" is a topic of
# 「饮食与烹饪」, "电工" a job of 「见坏就修」.
RELATED_FIELDS = ("career_examples", "example_topics", "fit_scenes")
# What a stated limit asks of the comparison, by cue (situation.py).
LIMIT_ASKS = {
    "money": "哪条能在收入不断的情况下先试一小步",
    "jobless": "哪条能在眼下没有工作收入时先试一小步",
    "children": "哪条能和照顾孩子排得开",
    "time": "哪条能在你现有的时间里先试一小步",
    "health": "哪条对身体的负担小一些",
}


def _from_message(text: str) -> list[str]:
    """Return the two candidates the message spells out, if it does."""
    for pattern in (LABELLED, EITHER, BOTH, BOTH_WANTED):
        if m := pattern.search(text):
            pair = [TRAILING.sub("", m.group(g)).strip() for g in ("a", "b")]
            if all(len(p) >= 2 for p in pair):
                return pair
    quoted = list(dict.fromkeys(QUOTED.findall(text)))
    if len(quoted) >= 2:
        return quoted[:2]
    return _bare(text)


def _bare(text: str) -> list[str]:
    """Return "X和Y" / "X跟Y比" / "X or Y" from one clause of the message."""
    for clause in re.split(r"[，,。；;！!？?\n]", text):
        core = ASK_WORDS.sub("", clause.strip()).strip()
        core = re.sub(r"^(?:我|我想|我在想|我在纠结|纠结|在)", "", core).strip()
        if (m := BARE.match(core)) and not POINTERS.search(core):
            pair = [ASK_WORDS.sub("", m.group(g)).strip() for g in ("a", "b")]
            if all(len(p) >= 2 for p in pair):
                return pair
    return []


def _just_given(t: Turn) -> list[str]:
    """Return the candidate(s) of the last reply the message points at, or []."""
    lines = t.d.pending.get("lines") or []
    if not lines or not JUST_GIVEN.search(t.ctx.text):
        return []
    picks = [
        entities.ORDINALS[n] for n in re.findall(r"第([一二两三12345])", t.ctx.text)
    ]
    picks = [p for p in picks if p <= len(lines)]
    if picks:
        return [lines[p - 1].split("，满足")[0] for p in picks]
    if len(lines) == 1 or not _ids(t.ctx.text):
        return [line.split("，满足")[0] for line in lines[:2]]
    return ["?"]  # "这个" of two: which one is asked, never guessed


def _told_pair(t: Turn) -> list[str]:
    """Return two options from their last messages the ask points at, or []."""
    if not TWO.search(t.ctx.text):
        return []
    told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
    # "帮我对比一下这两个" right after "可能是园林，或者中医": those two.
    for x in reversed(told[-2:]):
        if m := TOLD_PAIR.search(x) or BOTH_WANTED.search(x):
            return [m.group("a"), m.group("b")]
    return []


def candidates(t: Turn) -> list[str]:
    """Return the two candidates to compare, or fewer when none are clear."""
    text, answers = t.ctx.text, t.ctx.answers
    ids = _ids(text)
    saved = [i for i in ids if (answers.get(i) or "").strip()]
    ids = saved if len(saved) >= 2 else ids  # "C03让我选…比一下C01和C02"
    if t.d.last_act == "compare" and (before := t.d.pending.get("pair")):
        if len(ids) < 2 and not _from_message(text):
            return list(before)  # "换一个角度说说": the same two, again
    if len(ids) >= 2:
        return [answers.get(i, "").strip() for i in ids[:2]]
    if given := _just_given(t):
        # "compare 一下 C01 和你刚才给的这个": a saved candidate against ours,
        # or two of ours when they point at both.
        mine = [answers.get(i, "").strip() for i in ids[:1] if answers.get(i)]
        return [] if given == ["?"] else (mine + given)[:2]
    if found := _from_message(text):
        return found
    lines = t.d.pending.get("lines") or []
    picks = [entities.ORDINALS[n] for n in re.findall(r"第([一二两三12345])", text)]
    if len(picks) >= 2 and all(p <= len(lines) for p in picks[:2]):
        return [lines[p - 1] for p in picks[:2]]
    if told := _told_pair(t):
        return told
    saved = [answers[q].strip() for q in sorted(answers) if q.startswith("C")]
    return [s for s in saved if s][:2]


def grounds(candidate: str, answers: dict) -> list[tuple[Evidence, Evidence]]:
    """Return (what the candidate names, the answer that names it) pairs."""
    pairs = []
    for named in in_text(candidate, ALL):
        found = for_entry(answers, named.entry_id, named.category)
        if found:
            pairs.append((named, found[0]))
    return pairs


def words_of(candidate: str) -> list[str]:
    """Return the candidate's own words, and the two-character parts of long ones.

    "开小吃店" is spoken of by "最爱研究各地小吃": jieba keeps 小吃店 whole.
    """
    found: list[str] = list(tokens(candidate))
    # jieba may drop a word ("做插画师" → 画师): every pair of its characters
    # too, but not one that starts with a light verb ("做插", "开小").
    for run in re.findall(r"[\u4e00-\u9fff]{2,}", candidate):
        found.extend(
            run[i : i + 2] for i in range(len(run) - 1) if run[i] not in LIGHT_VERBS
        )
    return [w for w in dict.fromkeys(found) if w not in GENERAL and len(w) >= 2]


def related(candidate: str, answers: dict) -> list[tuple[SearchHit, Evidence]]:
    """Return (entry, answer) pairs for entries the candidate is a job or topic of.

    The entry is found by the candidate's own words in its jobs and topics; the
    evidence matcher must find the entry in the answer (named or suspected),
    and only their words are shown.
    """
    words = words_of(candidate)
    pairs: list[tuple[SearchHit, Evidence]] = []
    for category in ALL:
        for hit in kb.entries_all(category=category):
            fields = " ".join(str(hit.data.get(f) or "") for f in RELATED_FIELDS)
            if not any(w in fields for w in words):
                continue
            # Named or suspected: the line says "跟「X」有关", never that they said
            # X ("拆开捣鼓一阵基本能弄好" is about 「见坏就修」, for 家电维修).
            found = for_entry(answers, hit.id, category)
            if found:
                pairs.append((hit, found[0]))
    return pairs


def overlap(candidate: str, answers: dict, skip: set[str]) -> list[tuple[str, str]]:
    """Return (question id, word) for answers holding the candidate's own words.

    Every saved workbook answer is read, any step: "HR岗位上做员工关怀" is
    spoken of by a values answer about HR as much as a talents answer.
    """
    words = words_of(candidate)
    found = []
    for qid in sorted(answers):
        text = (answers[qid] or "").casefold()
        if qid[:1] not in PART_OF or qid in skip or not text.strip():
            continue
        if hit := next((w for w in words if w in text), ""):
            found.append((qid, hit))
    return found


def _narrow(text: str, word: str) -> str:
    """Return only the clause of an answer that holds the word, verbatim.

    "绘本区、青春期心理的书" read for two candidates: 「绘本区…」 for one,
    「…青春期心理的书」 for the other, so the two lines differ where the
    answer does (blind review 2026-11-27d: one quote cited for both).
    """
    text = text.strip().rstrip("。！!；;，, ")
    at = max(0, text.find(word))
    for m in re.finditer(r"[^，,、；;：:。！？!?\s]+", text):
        if m.start() <= at < m.end():
            return (
                ("…" if m.start() else "")
                + m.group()
                + ("…" if m.end() < len(text) else "")
            )
    return short(text, word, WORDS_ROOM)


def _side(
    label: str, candidate: str, answers: dict, narrow: frozenset[str] = frozenset()
) -> tuple[str, list[str]]:
    """Return one candidate's line and the entries it stands on.

    The knowledge entries its words name, found in the answers, first; then
    the answers that use its own words. An answer both candidates stand on
    (``narrow``) is quoted only where it holds this candidate's words.
    """
    plain = candidate.replace("「", "").replace("」", "")  # a direction's names
    name = short(plain, plain[:2], NAME_ROOM)
    pairs: list = []
    for n, e in grounds(candidate, answers):
        # One line per answer: two entries read from one answer said it twice
        # ("你在喜欢的事第3题写过…；你在喜欢的事第3题写过…", coach_blind12).
        if e.question_id not in {x.question_id for _, x in pairs}:
            pairs.append((n, e))
    seen = {e.question_id for _, e in pairs}
    for hit, e in related(candidate, answers):
        if e.question_id not in seen:
            pairs.append((hit, e))
            seen.add(e.question_id)
    pairs = pairs[:2]
    # An entry the candidate only hints at ("研究生" → 「钻研到底」) is not
    # said to be its subject: the answer's words are shown alone.
    said = [
        (
            f"说到「{n.name}」，"
            if getattr(n, "strength", "") == "named"
            # an entry it is a job or topic of: related, not said by them
            else f"跟「{n.name}」有关，"
            if not isinstance(n, Evidence)
            else ""
        )
        + f"你在{where(e.question_id, step=True)}写过"
        + (
            f"「{_narrow(e.quote, e.surface)}」"
            if e.question_id in narrow
            else f"「{short(e.quote, e.surface, QUOTE_ROOM)}」"
        )
        for n, e in pairs
    ]
    used = {e.question_id for _, e in pairs}
    for qid, word in overlap(candidate, answers, used)[: 2 - len(said)]:
        text = answers[qid].strip()
        at = text.casefold().find(word)
        quote = (
            _narrow(text, text[at : at + len(word)])
            if qid in narrow
            else short(text, text[at : at + len(word)], WORDS_ROOM)
        )
        said.append(f"你在{where(qid, step=True)}写过「{quote}」")
    if not said:
        return f"{label}「{name}」：你的答案里还没找到直接说到它的话", []
    ids = [n.entry_id if isinstance(n, Evidence) else n.id for n, _ in pairs]
    return f"{label}「{name}」：" + "；".join(said), ids or ["words"]


def candidate_quotes(candidate: str, answers: dict) -> list[str]:
    """Return the spans of their answers a candidate stands on (at most two)."""
    line, _ = _side("", candidate, answers)
    return QUOTE.findall(line.split("：", 1)[-1])


STEP_OF_NAME = {"重要的事": "V", "擅长的事": "S", "喜欢的事": "P"}
QUOTE = re.compile(r"「([^「」]+)」")
QUESTION = re.compile(r"((?:重要的事|擅长的事|喜欢的事)第\d+题)")


def _qids(cited: frozenset[str]) -> frozenset[str]:
    """Return the question ids of "喜欢的事第2题"-style names."""
    out = set()
    for name in cited:
        m = re.match(r"(重要的事|擅长的事|喜欢的事)第(\d+)题", name)
        if m:
            out.add(f"{STEP_OF_NAME[m.group(1)]}{int(m.group(2)):02d}")
    return frozenset(out)


# Answers of a weakness asked for (S02, S05): a strength only once turned over.
WEAK_ASKED = frozenset({"S02", "S05"})
PART_WORD = {"values": "价值观", "strengths": "才能", "interests": "喜欢的事"}


def _answer_side(qid: str, answer: str, *, told: bool = False) -> str:
    """Return one saved answer's line: what its own part's words name, if any.

    ``told``: the answer is what they just said in chat, not yet saved.
    """
    from agent.dialogue.realise.grounds import hint_alone, own_step, telling

    part = PART_OF[qid[:1]]
    found = own_step({qid: answer})
    named = [e for e in found if e.strength == "named"] or [
        e for e in found if hint_alone(e)
    ]
    head = (
        f"第{int(qid[1:])}题{'（你刚才说的）' if told else ''}「{telling(answer, 12)}」"
    )
    if qid in WEAK_ASKED:
        return f"{head}写的是做不好的事，要翻过来才看得出长处"
    if not named:
        return f"{head}里没对上现成的{PART_WORD[part]}词"
    e = named[0]
    how = "用了" if e.strength == "named" else "有点像"
    return f"{head}{how}「{e.surface}」，跟「{e.name}」有关"


TOLD_CHARS = 40  # a message this long, just before, is the story they told


def _answers_compared(ids: list[str], answers: dict, told: str = "") -> Draft:
    """Return two saved answers side by side ("S03 vs S05 哪个更像才能").

    ``told``: the question whose answer is what they just said in chat.
    """
    sides = "；".join(_answer_side(q, answers[q].strip(), told=q == told) for q in ids)
    return Draft(
        [[f"{sides}。哪个更像你，由你定；想把哪题再写具体一点？"]],
        rows=[],
    )


# "版本1：老刘这人靠得住\n版本2：他把兄弟们都带出来了": two versions in one answer.
VERSION = re.compile(
    r"(?:版本|方案|写法|版)\s*[1-9一二三AB]\s*[：:.、]|^\s*[1-9][.、．]\s*", re.M
)


def _versions(answer: str) -> list[str]:
    """Return the versions one saved answer holds side by side, or []."""
    parts = [p.strip(" ；;，,。\n") for p in VERSION.split(answer or "")]
    parts = [p for p in parts if len(p) >= 2]
    if len(parts) < 2:
        parts = [x.strip() for x in (answer or "").splitlines() if len(x.strip()) >= 4]
    return parts[:2] if len(parts) >= 2 else []


def _versions_compared(qid: str, versions: list[str]) -> Draft:
    """Return the two versions of one answer side by side; the choice is theirs."""
    sides = "；".join(
        _answer_side(qid, v).replace(f"第{int(qid[1:])}题", f"第{n}版", 1)
        for n, v in zip("一二", versions, strict=False)
    )
    return Draft(
        [
            [
                f"你第{int(qid[1:])}题写了两版：{sides}。哪个更像你，我替你定不了；"
                "想象有人当面这样说你，哪一句你更想点头？"
            ]
        ],
        rows=[],
    )


# "S03和S06有啥共同点": what two answers share, not which is better.
COMMON = re.compile(
    r"共同点|共同之处|相同的地方|一样的地方|有啥联系|什么联系|有没有关系|是不是一回事"
)


def _common(ids: list[str], answers: dict) -> Draft:
    """Return what the named answers' own-step words share, or say nothing does.

    A shared entry is said only where each answer names or hints at it in its
    own words; else each answer is quoted and the common thread is theirs.
    """
    from agent.dialogue.realise.grounds import own_step, telling

    found = {q: own_step({q: answers[q].strip()}) for q in ids}
    shared = set.intersection(*({e.name for e in found[q]} for q in ids))
    quotes = "；".join(
        f"第{int(q[1:])}题「{telling(answers[q].strip(), 12)}」" for q in ids
    )
    if shared:
        name = sorted(shared)[0]
        words = "、".join(
            f"「{next(e.surface for e in found[q] if e.name == name)}」" for q in ids
        )
        text = (
            f"{quotes}：两处都说到了{words}，跟「{name}」有关。"
            "这算不算你的共同点，由你认；还有别的相通之处吗？"
        )
    else:
        text = (
            f"{quotes}。知识库里没有两处都对得上的词，我不硬凑；"
            "放在一起读，你觉得相通的是哪一点？"
        )
    return Draft([[text]], rows=[])


# "“让女儿过得好”…就用它吧，再帮我看看C01和C02哪个更贴": the quoted words
# they just took as their purpose are the yardstick (coach_blind16).
TAKEN = re.compile(r"就用它|就用这句|就它了|按这个|按它|用这个标准")
THEIR_QUOTE = re.compile(r"[“「\"]([^”」\"]{2,20})[”」\"]")


def yardstick(t: Turn) -> str:
    """Return the yardstick they compare by: named, taken up, or their purpose."""
    if m := MEASURE.search(t.ctx.text):
        return (m.group(1) or m.group(2)).rstrip("呢吗啊")
    if TAKEN.search(t.ctx.text):
        if m := THEIR_QUOTE.search(t.ctx.text):
            return m.group(1)
        return str(t.d.pending.get("purpose") or "")  # "按这个重新比一下"
    return ""


PREFERS = re.compile(r"更(?:放不下|想|喜欢)")
ORDER_DISPUTED = re.compile(
    r"(?:排|放)(?:在)?第一的?(?:为什么|为啥|凭什么)|(?:为什么|为啥|凭什么)[^。？?]{0,6}排第一|"
    r"明明更(?:放不下|想|喜欢)"
)


def compare(t: Turn) -> Draft:
    """Return the two candidates side by side, each with its own evidence."""
    if t.d.last_act == "compare" and ORDER_DISPUTED.search(t.ctx.text or ""):
        # "排第一的为什么是C01？我明明更放不下C04": we ranked nothing (coach_blind27)
        text = t.ctx.text or ""
        own = next((c for c in spans(text) if PREFERS.search(c)), "")
        said = span_of(text, own) if own and len(own) <= 20 else ""
        return Draft(
            [
                [
                    "我没有替你排先后：上面的A、B只是摆放的顺序，不是名次。"
                    + (
                        f"你说「{said}」，那它就排第一。"
                        if said
                        else "你更放不下哪一条，它就排第一，这由你定。"
                    )
                    + "想先给它配一个小实验吗？"
                ]
            ],
            rows=[],
            pending={**t.d.pending},
        )
    every = _ids(t.ctx.text)
    saved_ids = [i for i in every if (t.ctx.answers.get(i) or "").strip()]
    if COMMON.search(t.ctx.text) and len(saved_ids) >= 2:
        return _common(saved_ids[:3], t.ctx.answers)  # "S03和S06有啥共同点"
    if len(every) == 1 and (two := _versions(t.ctx.answers.get(every[0]) or "")):
        return _versions_compared(every[0], two)  # "比较下我V08写的两个版本"
    # "C03让我选…对比一下C01和C02": the two with answers, not the first named.
    saved = [i for i in every if (t.ctx.answers.get(i) or "").strip()]
    ids = (saved if len(saved) >= 2 else every)[:2]
    answers = dict(t.ctx.answers)
    empty = [i for i in ids if not (answers.get(i) or "").strip()]
    told = [x for r, x in t.ctx.history if r == "user" and x != t.ctx.text]
    if len(ids) == 2 and len(empty) == 1 and told and len(told[-1]) >= TOLD_CHARS:
        # "你看我写的这个V03跟V05" right after telling V03's story in chat: that
        # story is their V03 for now.
        answers[empty[0]] = told[-1]
        return _answers_compared(ids, answers, told=empty[0])
    if len(ids) == 2 and empty:
        return Draft(
            [
                [
                    f"你的{'和'.join(empty)}还没写下内容，"
                    f"{'先在第4步写好' if empty[0].startswith('C') else '先写下来'}，"
                    "我再把两个放在一起比。"
                ]
            ]
        )
    if len(ids) == 2 and not any(q.startswith("C") for q in ids):
        return _answers_compared(ids, t.ctx.answers)
    pair = [c for c in candidates(t) if c]
    if len(pair) < 2 and _just_given(t) == ["?"]:
        n = len(t.d.pending.get("lines") or [])
        return Draft(
            [
                [
                    f"我刚才列了{n}条，你说的是第几条？告诉我序号，我就把它和{ids[0]}放在一起比。"
                ]
            ]
        )
    lines = t.d.pending.get("lines") or []
    asked = [
        entities.ORDINALS[n] for n in re.findall(r"第([一二两三12345])", t.ctx.text)
    ]
    pointed = JUST_GIVEN.search(t.ctx.text) or t.d.last_act == "synthesis"
    if len(pair) < 2 and lines and pointed and asked:
        if beyond := [p for p in asked if p > len(lines)]:
            # "第二条和第三条比一下" after two lines: there is no third
            return Draft(
                [
                    [
                        f"我刚才只列了{len(lines)}条，没有第{beyond[0]}条。"
                        "你想比的是哪两个？告诉我序号，或者直接把两个写给我。"
                    ]
                ]
            )
    if len(pair) < 2:
        return Draft(
            [
                [
                    "我没认出要比较的是哪两个候选，"
                    "可以照「A……；B……」的样子发给我，或先在第4步写下两个候选。"
                ]
            ]
        )
    lines, items = [], []
    for label, candidate in zip("AB", pair, strict=False):
        line, ids = _side(label, candidate, t.ctx.answers)
        lines.append(line)
        items.append({"name": candidate, "ids": ids, "category": "candidate"})
    cited = [set(QUESTION.findall(line)) for line in lines]
    shared = frozenset(cited[0] & cited[1]) if len(cited) == 2 else frozenset()
    if shared and items[0]["ids"] != items[1]["ids"]:
        # One answer behind both: each side quotes only its own part of it,
        # when the parts differ (one clause for both says no more).
        narrowed = [
            _side(label, candidate, t.ctx.answers, narrow=_qids(shared))[0]
            for label, candidate in zip("AB", pair, strict=False)
        ]
        a, b = (set(QUOTE.findall(line)) for line in narrowed)
        if not a & b:
            lines = narrowed
    if items[0]["ids"] and items[0]["ids"] == items[1]["ids"]:
        # Two directions built from the same parts: one set of evidence, and
        # the difference is what they would do, which is theirs to weigh.
        same = lines[0].split("：", 1)[1]
        lines = [f"这两条用的是你同样的话：{same}。差别只在具体做什么"]
    both = all(i["ids"] for i in items)
    for i in items:
        i["ids"] = [x for x in i["ids"] if x != "words"]
    limits = situation.cues(text=t.ctx.text)
    cue = next((c for c in LIMIT_ASKS if c in limits), "")
    if measure := yardstick(t):  # theirs ("按能不能每天四点去接孩子"), to apply
        lines = [line.split("；")[0] for line in lines]  # room for the yardstick
        close = (
            # Said as their yardstick, not quoted as something they told of.
            f"按你{'' if measure in t.ctx.text else '刚才'}说的“{measure}”来比，"
            "答案里没写到，A、B哪条做得到只有你清楚。"
        )
    elif cue:  # their stated limit, by name, as the measure: still their choice
        close = f"你说的「{limits[cue]}」也得算进来：{LIMIT_ASKS[cue]}？选哪个由你定。"
    elif both:
        close = "依据都在这里，选哪个由你定；想先给哪个设计个小实验？"
    else:
        close = "选哪个由你定；缺依据的那个，你做过哪件相关的小事？"
    # Two options from their last message, not this one: named as such, so the
    # quotes of them read as what they said just before.
    lead = "按你刚才说的两个来比：\n" if pair == _told_pair(t) else ""
    return Draft(
        [[lead + "。\n".join(lines) + "。\n" + close]],
        rows=[],
        pending={"items": items, "pair": list(pair)},
    )


ACTS = {"compare": compare}
