"""A small 1–2 week experiment to test a candidate, or how to review one."""

from __future__ import annotations

import re

from agent.dialogue import profile
from agent.dialogue.facts import is_shrug
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import (
    combos,
)
from agent.dialogue.tasks_route import REVIEW_DATE, named
from knowledge.evidence import evidence_find
from knowledge.evidence.records import Category

AMOUNT = re.compile(r"[一二两三四五半0-9]+个?(?:小时|分钟)|半天|一上午|一下午|一晚上")

PERIOD = re.compile(
    r"晚上|每晚|周末(?!(?:还|也|都)?(?:要|得)?(?:加班|上班|没空|不行|有事))|午休|早上|下班后?"
)

# "我老婆说开店风险大": someone close names a risk; their words, quoted.
WORRIED = re.compile(
    r"(?:爸|妈|父母|家里人?|老公|老婆|媳妇|对象|朋友|孩子)\S{0,3}(?:说|觉得|认为|担心)"
    r"(?P<said>[^，,。？?！!]{2,16})"
)
REVIEW = re.compile(r"判断|复盘|行不行|有没有用|效果|怎么看|成功|失败")


# "帮我写成一件这周就能做的小事，再定个复盘的日子": a design, its review after.
DESIGN = re.compile(r"写成|设计|配一?个|小事|小实验")
# "我放不下的是写童话", "我想选的是开民宿": their own candidate, named.
CHOSEN = re.compile(
    r"(?:放不下的是|想做的是|想选的?是|选的是|我选)([^，。,！!？?]{2,16})"
)
# Words that name no option ("小事", "那种", "experiment"), only the ask.
GENERIC = re.compile(
    r"小事|事情|东西|那种|实验|一件事|做的事|能做的|experiment|吧$|呗$", re.I
)


def _named(t: Turn, prefix: str, category: Category) -> dict | None:
    """Return the first entry their own saved answers name for a part, or None.

    Never a guess from the ask itself: "小实验" is no sign of 「化学与材料」
    (coach_blind21 got "像化学研究员那样" for an inn in Iceland).
    """
    for q, a in (t.ctx.answers or {}).items():
        if q.startswith(prefix) and a.strip():
            for e in evidence_find(answers={q: a}, categories=(category,)):
                if e.strength == "named" and e.voice == "own":
                    return profile.row(e.entry_id)
    return None


# A first step written into a saved candidate ("…，先做一个纸面原型", "一周写一篇").
STEP = re.compile(
    r"(?:先|这周|本周|每周|一周|两周内?|一个月内?)[^，,。；;！!？?]{2,16}"
)


def _own_steps(t: Turn) -> Draft | None:
    """Return the first steps their saved candidates already name, or None.

    "C05你就帮我定一个这周能做的最小的事" (coach_blind23) with C01 "…先做一个
    纸面原型" saved: the smallest step is theirs to pick from their own lines,
    not a stock "做出一个最小成品".
    """
    found = [
        (q, m.group(0))
        for q, a in sorted((t.ctx.answers or {}).items())
        if q.startswith("C") and a and not is_shrug(a)
        for m in [STEP.search(a)]
        if m
    ][:3]
    if not found:
        return None
    said = "，".join(f"{q}「{step}」" for q, step in found)
    return Draft(
        [
            [
                f"小步子你自己写过：{said}。",
                "挑一个这周就能开头的，只做它最小的一份，再定一个复盘的日子。"
                if len(found) > 1
                else "这周就只做它最小的一份，再定一个复盘的日子。",
                "你这周哪天能开始？" if len(found) == 1 else "你挑哪一个？",
            ]
        ],
        rows=[],
        pending={"candidate": found[0][1]} if len(found) == 1 else {},
    )


# "一周太短了，我平时要上课还要带晚自习" (coach_blind27): the same, given more room
STRETCHED = re.compile(r"太短|太紧|时间不够|排不开|来不及")
GIVEN_DAY = re.compile(
    r"(?<=改成|改到|定在|定到|放在|就在)"
    r"(?:第[0-9一二三四五六七八九十]+天|[0-9]{1,2}(?:号|日)|(?:下)?(?:周|星期)[一二三四五六日天])"
)
# "周末要陪我妈去复查，别排在周末" (coach_blind22): a weekday, then
NOT_WEEKEND = re.compile(r"(?:别|不要|不能)(?:排)?在?周末|周末(?:不行|没空|要|得)")
BUSY_FOR = re.compile(
    r"(?:这|接下来|最近)?([一两三四五六七八九十\d]+)(?:周|个星期|个礼拜)"
)


def _review_date(text: str) -> Draft:
    """Set the review day around what they said keeps them busy ("这两周要面试")."""
    if given := GIVEN_DAY.search(text):  # "复盘日期改成第10天": theirs, kept
        return Draft(
            [
                [
                    f"好，复盘就定在{given.group(0)}，留半小时。",
                    "到时候看三件事：过得快不快、有没有用上你擅长的、还想不想接着做。",
                ]
            ],
            rows=[],
        )
    busy = BUSY_FOR.search(text)
    day = "那之后第一周的一个晚上" if NOT_WEEKEND.search(text) else "那之后的第一个周末"
    when = (
        f"复盘别压在这{busy.group(1)}周里，定在{day}，留半小时就够"
        if busy
        else "复盘定在开始后第二周的一个晚上，留半小时就够"
        if NOT_WEEKEND.search(text)
        else "复盘定在开始后的第二个周末，留半小时就够"
    )
    when_ask = (
        "那天你有半小时空吗？"
        if NOT_WEEKEND.search(text)
        else "那个周末哪天你有半小时空？"
    )
    return Draft(
        [
            [
                f"{when}；这之前实验缩到最小，一次不超过一小时。",
                "到时候看三件事：过得快不快、有没有用上你擅长的、还想不想接着做。",
                when_ask,
            ]
        ],
        rows=[],
    )


# "用“整理条理”在个人理财领域，帮朋友理清家庭账本": the formula's last part.
DOING = re.compile(r"领域[里中]?[，,、：:]?\s*([^，,。；;]{4,24})$")


# "用'考虑周到'在家居收纳领域，给三个朋友家做一次免费整理，拍前后对比照":
# what the candidate does, its first clause after the field.
AFTER_FIELD = re.compile(r"领域[里中]?[，,、：:]?\s*([^，,。；;]{3,24})")
OTHER_ONE = re.compile(r"^(?:再)?换(?:一|个)|换一个|别的候选|另一个")


def _saved_doing(t: Turn, skip: str = "") -> str:
    """Return what the candidate to try does, in their words, or "".

    ``skip``: the one just planned ("换一个" asks for the next).
    """
    ordinal = t.u.ordinal if t.u.ordinal and t.u.ordinal > 0 else 0
    # The one chosen to try first (C05) leads; "第二个" counts candidates only.
    order = (
        ("C01", "C02", "C03", "C04") if ordinal else ("C05", "C01", "C02", "C03", "C04")
    )
    saved = [
        s.rstrip("。.！!；;，, ")
        for q in order
        if (s := (t.ctx.answers.get(q) or "").strip()) and not is_shrug(s)
    ]
    if ordinal:
        saved = saved[ordinal - 1 : ordinal]
    doings = [m.group(1) for x in saved if (m := DOING.search(x))]
    return next((x for x in doings if x != skip), "")


# What they fear, named only when they named it (coach_blind30: "怕降薪、还有
# 房贷" was said to someone afraid of giving up halfway, an untrue line).
FEARS = (
    (
        re.compile(r"降薪|收入|钱|房贷|车贷|养家"),
        "钱的顾虑很实在：不用先辞职，用业余时间试。",
    ),
    (
        re.compile(r"半途而废|坚持不|做不完|做不到|没精力|太累|累"),
        "怕做不完很正常，那就把实验缩到最小，做不完也算数。",
    ),
)


def _worry_line(text: str) -> str:
    """Return one line that meets the worry they said, in general words."""
    return next(
        (line for rx, line in FEARS if rx.search(text)),
        "有顾虑很正常：先用最小的一步试，不用一次想清楚。",
    )


def experiment(t: Turn) -> Draft:
    """Design a small 1–2 week experiment for a candidate, or how to review one."""
    field = _named(t, "P", "interests")
    talent = _named(t, "S", "strengths")
    if REVIEW_DATE.search(t.ctx.text or "") and not DESIGN.search(t.ctx.text or ""):
        return _review_date(t.ctx.text or "")
    if REVIEW.search(t.ctx.text) and not DESIGN.search(t.ctx.text):
        # A talent their own answers name, never a search's guess (coach_blind15:
        # 「自我反省」 put to someone who never wrote it).
        used = (
            f"有没有用上你的「{talent['name']}」"
            if talent
            else "有没有用上你擅长的做法"
        )
        return Draft(
            combos(
                [
                    ["复盘时看三点：", "判断行不行，看三件事："],
                    [
                        f"那段时间过得快不快；{used}；做完还想不想接着做。两项以上是“是”，就值得再试一轮。"
                    ],
                    ["复盘定在哪天？", "你打算哪天坐下来复盘？"],
                ],
                t.seed,
            ),
            rows=[r for r in (talent,) if r],
        )
    career = field.get("career_examples", "").split("|")[0] if field else ""
    # "给我一个这个礼拜能做的小事吧": the ask's own words are no option of theirs.
    own = [
        re.sub(r"我(?:可以|能做|做得到)$", "", o)  # "去河边捡垃圾拍照我可以"
        for o in profile.options_in(t.ctx.text)
        # "做播客'三个字": a fragment cut across their quote marks, no option
        if not GENERIC.search(o) and not re.search(r"['\"“”‘’「」]", o)
    ]
    items = t.d.pending.get("items") or []
    worry = WORRIED.search(t.ctx.text)
    if not own and worry and items:  # the compared option the worry is about
        said = set(t.ctx.text)
        best = max(items, key=lambda i: len(said & set(i["name"])))
        if len(said & set(best["name"])) >= 2:
            own = [best["name"]]
    picked = [  # "C05要我选一条马上试，我选C01": the last one named with an answer
        s
        for q in named(t.ctx.text, t.ctx.step)
        if (s := (t.ctx.answers.get(q) or "").strip()) and not is_shrug(s)
    ]
    spelt = re.search(r"[：:]\s*([^。！？!?，,]{4,24})", t.ctx.text) or re.search(
        r"([^。！？!?，,]{4,20})我(?:可以|能做|做得到)", t.ctx.text
    )  # "C04我想写个…：开一家…", "周末去河边捡垃圾拍照我可以"
    if not own and spelt and not GENERIC.search(spelt.group(1)):
        own = [spelt.group(1)]
    # "C04我放不下的是写童话，帮我配一个…" (coach_blind22): the one they name
    if not own and (chosen := CHOSEN.search(t.ctx.text or "")):
        own = [chosen.group(1)]
    if not own and picked:  # "给C04配一个小实验": theirs, its "做什么" part
        part = AFTER_FIELD.search(picked[-1])
        own = [part.group(1) if part else picked[-1][:30].rstrip("。.！!；;，,")]
    before = t.d.pending.get("candidate", "")
    if not own and before and not OTHER_ONE.search(t.ctx.text or ""):
        own = [before]  # the one we were just planning
    if not own and (doing := _saved_doing(t, skip=before)):
        # "给我弄个小实验吧" with candidates saved: the first, its "做什么"
        # part in their words (coach_blind29 got "挑一条候选，做出一个最小成品").
        own = [doing]
    lines = t.d.pending.get("lines") or []
    if not own and lines:  # "第一条怎么开始": the candidate we just wrote
        index = max(0, (t.u.ordinal or 1) - 1) if t.u.ordinal != -1 else len(lines) - 1
        m = re.search(
            r"用「(.+?)」在「(.+?)」里做([^，；。]+)", lines[min(index, len(lines) - 1)]
        )
        if m:
            own = [
                f"用「{m.group(1)}」做一件和「{m.group(2)}」有关的小作品（像{m.group(3)}会做的那种）"
            ]
    if (
        not own
        and not REVIEW.search(t.ctx.text)
        # "给它配个小实验": "它" is what they just told, not a saved candidate
        and not re.search(r"它|这个|这件事|这段", t.ctx.text)
        and (steps := _own_steps(t))
    ):
        return steps  # "定一个这周能做的最小的事": from steps they wrote themselves
    amount, period = AMOUNT.search(t.ctx.text), PERIOD.search(t.ctx.text)
    when = (
        f"就用{period.group(0) if period else '每天'}的{amount.group(0)}，"
        if amount
        else "两周里挑一个空档，"
        if STRETCHED.search(t.ctx.text or "")
        else (f"就用{period.group(0)}的时间，" if period else "这周")
    )
    said_own = bool(own) and not own[0].startswith("用「")  # their words, not ours
    kind = said_own and re.search(r"写|文章|公众号|播客|视频|内容|故事", own[0])
    talk = said_own and re.search(r"陪伴|教|培训|咨询|辅导|带|讲|分享|^帮|^给", own[0])
    if own and (kind or talk):  # a concrete first step for this kind of work
        action = (
            f"做一期最小版的“{re.sub(r'^做', '', own[0])}”："
            "写一篇八百字或录十分钟，发给三个会看的人"
            if kind
            else f"找一个正需要的人，用一小时试一次“{own[0]}”，结束时问他哪句最有用"
        )
        career = ""
    elif own:  # their own candidate, in their words
        action, career = (
            (
                f"{own[0]}，拿给三个人看，记下他们的第一句反应"
                if own[0].startswith("用「")
                else f"把“{own[0]}”缩到最小试一次：只做一个晚上、只请三五个人，"
                "结束时记下他们的第一句反应"
                if re.match(r"(?:开|办|组织|搞|建)", own[0])
                # "做儿童绘本": no "做出“做儿童绘本”的一个最小成品"
                else f"把“{own[0]}”缩到最小做一份（一页、一次、一个样品都算），"
                "拿给三个会用它的人看，记下他们的第一句反应"
                if own[0].startswith("做")
                else f"做出“{own[0]}”的一个最小成品，拿给三个会用它的人看，"
                "记下他们的第一句反应"
            ),
            "",
        )
    elif talent and field:  # no candidate of theirs yet: someone else's (§5)
        when = ""
        action = (
            f"有人擅长「{talent['name']}」、又喜欢「{field['name']}」，"
            "就花一个周末做一次小尝试"
        )
    else:  # no candidate named: no role from a guessed field ("像化学研究员那样",
        # coach_blind20, for a cook who teaches)
        action, career = "挑一条候选，做出一个最小成品，拿给三个人看", ""
    short = amount and re.search(r"只有|就|没|太忙|抽不出", t.ctx.text)
    return Draft(
        combos(
            [
                [
                    f"「{worry.group('said')}」是家里人的担心，值得当真；"
                    "做不做由你们定，我不替你判。风险可以先花小钱试出来。"
                ]
                if worry
                else [_worry_line(t.ctx.text)]
                if re.search(r"怕|担心|不敢", t.ctx.text)
                else [f"{amount.group(0)}也够了，把实验缩小一点。"]
                if short and amount
                else ["时间紧就放宽：用两周，只做一次，每次不超过一小时。"]
                if STRETCHED.search(t.ctx.text or "")
                else [
                    "小实验就是花一两周、成本低、马上能开始的尝试。",
                    "把候选当成假设，用一个小实验检验它。",
                ],
                [
                    f"比如{when}{action}"
                    + (f"，像{career}那样做一小件事" if career else "")
                    + "。"
                ],
                [
                    # "…再定个复盘的日子" (coach_blind15/17): the day, set here
                    "复盘定在开始后第二周的一个晚上，看哪一刻最投入、还想不想接着做。"
                    if NOT_WEEKEND.search(t.ctx.text or "")
                    else "复盘定在开始后的第二个周末，看哪一刻最投入、还想不想接着做。"
                ]
                if REVIEW_DATE.search(t.ctx.text or "")
                else [
                    "做完记下哪一刻最投入，再问问自己还想不想继续。",
                    "定个复盘日子：做完后，哪一刻最有劲？",
                ],
            ],
            t.seed,
        ),
        rows=[r for r in (talent, field) if r],
        # The compared options stay pointable ("第二个呢" after the test).
        pending=({"candidate": own[0]} if own else {})
        | ({"items": items} if worry and items else {}),
    )


ACTS = {"experiment": experiment}
