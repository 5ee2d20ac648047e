"""The words of care: one source for the offline coach, a model and a saved answer.

Care first, in plain words; then real help (全国心理援助热线 12356, 急救 120,
报警 110 for abuse and danger now) and someone they trust nearby; then the
question whether they are safe right now. Who is in danger decides the order:
for abuse and harm to others, 110 comes first. No knowledge base, no example,
no workbook step, and never the person's risk words quoted back.

Each function returns slots (alternatives per part) for ``combos``; the
``text`` helper picks one for callers outside the dialogue manager.
"""

from __future__ import annotations

import random
import re

from agent.safety.text import PAUSE

HOTLINE = "12356"
HELP_LINE = "全国心理援助热线 12356"


# Charcoal lit or gas on now: air first ("车里的炭已经点上了" got "if you are
# at a height or by water", round 32). Bought, planned, searched or wondered
# about, it is a means: the means reply (hand it over) stands.
_FUEL = r"(?:炭|炭盆|煤气|燃气|天然气|液化气|煤炉)"
_ON = (
    r"(?:点上了?|点着了?|点了|烧着|在烧|烧起来了|开着|打开了|拧开了|已经开了|开了|"
    r"放开了)"
)
_FUMES = re.compile(
    rf"{_FUEL}[^。！？，,.!?]{{0,8}}{_ON}|{_ON}[^。！？，,.!?]{{0,4}}{_FUEL}|"
    r"(?:charcoal|gas)\s*(?:is\s*)?(?:lit|on|burning)"
)
_WONDERED = re.compile(r"想|搜|查|研究|会怎么?样|要多久|如果|要是|假如|试了|又关")


def fumes_now(text: str) -> bool:
    """Return whether charcoal is lit or gas is on, told as now, in ``text``."""
    return any(
        _FUMES.search(clause) and not _WONDERED.search(clause)
        for clause in PAUSE.split(text or "")
    )


def crisis_slots(
    family: str, kind: str, *, again: bool = False, fumes: bool = False
) -> list[list[str]]:
    """Return the full care reply for a risk just said, by who is in danger."""
    if family == "abuse":
        return [
            [
                "你说的这些很严重，这不是你的错。",
                "谢谢你告诉我，被这样对待不是你的错。",
            ],
            ["你现在安全吗？", "你此刻是安全的吗？"],
            [
                "如果对方还在身边、你有危险，请马上拨打 110。",
                "只要有危险，请立刻拨打 110，警察会来。",
            ],
            [
                "能的话先去一个安全的地方，或者联系一个信任的亲友来陪你。",
                "可以先去信任的亲友家，或任何让你安全的地方。",
            ],
            [f"想找人说说，也可以打{HELP_LINE}。"],
        ]
    if family == "others":
        return [
            [
                "听起来你现在非常愤怒，这种感觉一定很难受。",
                "你心里的火很大，我听到了。",
            ],
            ["你现在安全吗？身边有人吗？"],
            [
                "如果你担心自己会控制不住伤害别人，请先离开那个人和那个地方；"
                "情况紧急请拨打 110。",
                "要是怕自己会做出伤害别人的事，先离开现场，紧急时请拨打 110。",
            ],
            [
                f"也可以打{HELP_LINE}，和专业的人聊聊这股情绪。",
                f"{HELP_LINE} 可以陪你把这股情绪说出来。",
            ],
        ]
    first = (
        ["我还在这里，也还在担心你。", "谢谢你还愿意跟我说，我很担心你。"]
        if again
        else [
            "听到你这么说，我很担心你。",
            "谢谢你愿意说出来，这一定很难受。",
            "你现在的感受很重要，我听到了。",
        ]
    )
    urgent_by_kind = {
        "danger_now": [
            "如果你现在在高处、水边，或者已经吃了药，请先离开那里，马上拨打 120。",
            "请先从危险的地方离开；如果已经吃了药或受了伤，马上拨打 120。",
        ],
        "means": [
            "如果已经吃了药，请马上拨打 120；"
            "能伤害自己的东西，先交给家人或放到拿不到的地方。",
            "先离开那个地方，把能伤害自己的东西交给别人保管；"
            "已经吃了药就马上拨打 120。",
        ],
        "self_harm": ["如果伤口很深或止不住血，请马上拨打 120。"],
    }
    urgent = urgent_by_kind.get(kind, [""])
    if fumes and kind in ("danger_now", "means", "suicide"):
        urgent = [
            "请马上打开门窗、离开那里，到外面透气，然后拨打 120。",
            "先把门窗全部打开，人马上出去，到通风的地方拨打 120。",
        ]
    return [
        first,
        ["你现在安全吗？", "此刻你是安全的吗？"],
        urgent,
        [
            f"请别一个人扛：可以打{HELP_LINE}，或者马上联系一个你信任、能过来陪你的人。",
            f"先找个人陪着你：给信任的朋友或家人打个电话，也可以拨{HELP_LINE}。",
        ],
        [""]
        if kind in urgent_by_kind or fumes
        else ["有危险时请立刻拨打 120 或 110。"],
    ]


def other_danger_slots() -> list[list[str]]:
    """Return the reply for someone else in danger right now (round 30b).

    The writer is the one who can call: 120 for them (110 too at a height or
    water), stay with them by phone or with someone, never go alone into danger.
    """
    return [
        ["这很紧急，谢谢你马上说出来。", "情况很紧急，你告诉我是对的。"],
        [
            "请现在就替 TA 拨打 120，说清地址和 TA 吃了什么或在哪里；"
            "在高处或水边，同时拨打 110。",
            "马上替 TA 打 120；如果 TA 在高处或水边，再打 110，说清具体位置。",
        ],
        [
            "能的话一直和 TA 保持通话，叫上宿管、老师或身边的人一起过去；"
            "别一个人去危险的地方，也别去硬拉。",
            "尽量跟 TA 保持联系、别让 TA 一个人；找身边的人一起去，"
            "别自己一个人进危险的地方。",
        ],
        [f"等 TA 有人照看了，你也可以打{HELP_LINE}，说说你自己的感受。"],
    ]


def abuse_seen_slots() -> list[list[str]]:
    """Return the reply for abuse the writer sees done to someone else (30b)."""
    return [
        [
            "你看到的这些很严重，愿意说出来很不容易。",
            "谢谢你告诉我，你看到的是真的需要有人管的事。",
        ],
        [
            "如果 TA 现在就有危险，请马上拨打 110；受了伤需要急救就打 120。",
            "只要 TA 此刻有危险，就请立刻拨打 110，受伤了打 120。",
        ],
        [
            "不想暴露自己，也可以向 110、当地民政部门或居委会反映，很多地方可以匿名；"
            "先别一个人去硬碰，顾好自己的安全。",
            "可以匿名向 110、民政部门或居委会反映；别一个人去对质，先保护好自己。",
        ],
        [f"这件事压在你心里也很重，想找人说说，可以打{HELP_LINE}。"],
    ]


def safe_slots(
    family: str, *, safe: bool, plan: bool, company: bool
) -> list[list[str]]:
    """Return the reply to "I am safe now" or help on its way, after care.

    Relief said plainly, the door left open, and no workbook push: the person
    decides what comes next (round 32: "现在我安全了，在我闺蜜家" got the
    whole script again). Only what they said is named: a plan to see someone
    is not said to be safety, and company is not said to be a plan.
    """
    first = (
        [
            "听到你现在是安全的，我松了一口气。",
            "谢谢你告诉我，知道你现在安全，我放心多了。",
        ]
        if safe
        else ["谢谢你告诉我。此刻你是安全的吗？"]
    )
    said = (["约好去找专业的人，这是很好的一步。"] if plan else []) + (
        ["身边有人陪着，这很重要。"] if company else []
    )
    return [
        first,
        ["".join(said)],
        [
            "这几天如果那种念头又冒出来，随时告诉我，或者拨 12356。"
            if family == "self"
            else "要是又有危险，请马上打 110；想找人说说也可以打 12356。"
        ],
        ["想歇一歇，还是想聊点别的，都由你。"],
    ]


def follow_slots(
    family: str, *, resume: bool, next_step: str, kind: str = ""
) -> list[list[str]]:
    """Return a reply that keeps the care frame without repeating the whole script.

    ``resume``: they want to go on — their call; ``next_step`` says where.
    """
    if resume:
        return [
            ["好，听你的，我们慢慢来。", "好，按你的节奏来。"],
            [
                "要是那种感觉再冒出来，随时告诉我，或者打 12356。"
                if family == "self"
                else "要是又有危险，请马上打 110；想说话也可以打 12356。"
            ],
            [next_step or "想写哪一题，你来定。"],
        ]
    safe = {
        "abuse": ["你现在在安全的地方吗？有危险就打 110。"],
        "others": ["你现在离那个人远一点了吗？情绪冲上来时，先离开现场。"],
    }.get(family, ["你现在安全吗？身边有人能陪你吗？", "此刻身边有谁可以联系？"])
    if kind in ("danger_now", "means"):  # pills taken or a place: 120 stays in view
        safe = [f"{s}如果已经吃了药或还在危险的地方，请马上拨打 120。" for s in safe]
    return [
        ["谢谢你还在跟我说。", "我在听。", "嗯，我在这里。"],
        safe,
        [
            f"{HELP_LINE} 随时有人接。",
            "需要的话，12356 随时可以打。",
        ],
        ["不用急着做题，你想说什么都可以。", "想说说发生了什么吗？"],
    ]


def checkin_slots(kind: str, *, firm: bool = False) -> list[list[str]]:
    """Return a gentle check-in for a possible risk (a false alarm costs a question).

    ``firm``: the guess was sure though no risk word was said; the check-in
    still stays short, but asks first whether they are safe right now.
    """
    if firm:
        return firm_slots(kind)
    if kind == "abuse":
        return [
            ["你提到家里的事，我想先确认一下：", "我想先问一句："],
            ["在家里你是安全的吗？有没有人伤害你？"],
            ["如果有，可以拨 110，也可以打 12356 找人说说。"],
        ]
    if kind == "harm_others":
        return [
            ["听起来你真的很生气。", "这股火确实不小。"],
            ["我想确认一下：你只是气话，还是真的担心自己会伤害别人？"],
            ["如果是后者，先离开现场，需要时打 110 或 12356。"],
        ]
    return [
        ["我想先确认一下，", "先问你一句，"],
        [
            "你说的这些，只是一句气话，还是真的有过伤害自己、不想活下去的念头？",
            "这是累到极点的一种说法，还是你真的有过伤害自己的念头？",
        ],
        [
            "如果有，请告诉我，也可以随时拨打 12356。",
            "要是有，我很想知道，12356 也随时有人接。",
        ],
    ]


def firm_slots(kind: str) -> list[list[str]]:
    """Return the check-in for a sure guess: are you safe now, then where help is."""
    if kind == "abuse":
        return [
            ["我想先问一句：", "先确认一件事："],
            ["你现在在家里是安全的吗？"],
            [
                "有人伤害或威胁你时，请马上拨打 110；想找人说说，可以打 12356。",
                "只要有危险就拨 110；想说说话，12356 随时有人接。",
            ],
        ]
    if kind == "harm_others":
        return [
            ["听起来你心里的火很大。", "这股火我听到了。"],
            ["我想确认一下：你和身边的人现在都安全吗？"],
            [
                "如果担心自己控制不住，先离开那个人和那个地方，紧急时拨 110；"
                "也可以打 12356 说说这股情绪。",
            ],
        ]
    return [
        ["我想先确认一下：", "先问你一句："],
        ["你现在安全吗？", "此刻你是安全的吗？"],
        [
            "如果你有过伤害自己、不想活下去的念头，请告诉我，"
            "也可以马上拨打 12356；已经在危险里，请拨 120。",
            "要是心里有过伤害自己的念头，我很想知道，12356 随时有人接；"
            "有危险时请拨 120。",
        ],
    ]


def answer_slots(family: str, kind: str, question_ref: str) -> list[list[str]]:
    """Return the care message for risk written in a workbook answer or profile.

    It says where it was seen but never quotes it back.
    """
    where = f"你在{question_ref}写下的话" if question_ref else "你写下的话"
    body = crisis_slots(family, kind)[1:]
    return [[f"看到{where}，我很担心你，先停下工作簿，说说你。"], *body]


HELP_ANSWER = (
    "全国心理援助热线是 12356，有人接听，可以只是说说话。"
    "已经受伤或身处危险请拨 120，有人伤害或威胁你请拨 110。"
    "也可以马上联系一个你信任的人，请他过来陪你。"
)
CHECKIN_NOTE = "（顺便问一句：如果你有过伤害自己的念头，请告诉我，或拨 12356。）"
# The same line inside a story, by who might be in danger (110 first for them).
CHECKIN_NOTES = {
    "self": CHECKIN_NOTE,
    # No question mark (round 27b): the answer beside it asks its own question.
    "abuse": "（顺便说一句：如果在家里有人伤害你、让你不安全，请告诉我；"
    "需要时可拨 110，也可打 12356 找人说说。）",
    "others": "（顺便问一句：如果担心自己会伤害别人，"
    "先离开现场，需要时打 110 或 12356。）",
}
# The same question for what the person wrote in an answer or the profile: it
# names where, never the words, and asks once (DialogueState.cared).
WRITTEN_NOTES = {
    "self": "（你写下的内容里有让我担心的地方："
    "如果你有过伤害自己的念头，可以告诉我，或拨 12356。）",
    "abuse": "（你写到家里的事，我想问一句：在家安全吗？"
    "不安全时可拨 110，也可打 12356 找人说说。）",
    "others": "（你写下的话里有很大的火气：如果担心自己会伤害别人，"
    "先离开现场，需要时打 110 或 12356。）",
}


def checkin_note(kind: str, *, written: bool = False) -> str:
    """Return the one-line question asked beside an answer for a possible risk."""
    from agent.safety import FAMILY

    notes = WRITTEN_NOTES if written else CHECKIN_NOTES
    return notes[FAMILY.get(kind, "self")]


QUOTE = re.compile(r"「([^」]+)」")
# How a reply leads into a quote, and what it says instead when the quote must go.
_UNQUOTED = (
    (re.compile(r"因为你写到「[^」]+」"), "因为你写的这件事"),
    (re.compile(r"你写到「[^」]+」(?:，(?:也|又)写到「[^」]+」)?(?=，)"), "你写的这些"),
    (
        re.compile(r"你写到「[^」]+」(?:，(?:也|又)写到「[^」]+」)?"),
        "你写的这些，我记下了",
    ),
    (
        re.compile(r"「[^」]+」(?:——这句我留意到了|这几个字，你写了进来)"),
        "你写的这些，我记下了",
    ),
    (re.compile(r"「[^」]+」这一幕，你写得很具体"), "这段经历你写得很具体"),
    # "你在重要的事第8题写过「…」" reads "写过一段话", not "写过你写的这段话"
    # (round 21).
    (re.compile(r"(?<=写过|写到|写下|写了)「[^」]+」"), "一段话"),
    (re.compile(r"(?<=写的是|写下了)「[^」]+」"), "一段话"),
    (re.compile(r"「[^」]+」"), "你写的这段话"),
)


def risky_quote(fragment: str) -> bool:
    """Return whether a quoted fragment carries risk words (never said back)."""
    from agent.safety import assess, lexicon
    from agent.safety.text import normalise

    plain = lexicon.FIGURES.sub("，", normalise(fragment))
    return assess(fragment).found or bool(lexicon.CUES.search(plain))


def unquote_risk(text: str) -> str:
    """Return ``text`` with every quote that carries risk words put in plain words.

    A reply that asks whether someone is safe must not hand their words about
    knives, pills or blows back to them in 「」; the rest of the reply stays.
    """
    if not any(risky_quote(m.group(1)) for m in QUOTE.finditer(text)):
        return text
    for pattern, plain in _UNQUOTED:

        def swap(match: re.Match, plain: str = plain) -> str:
            quoted = QUOTE.findall(match.group(0))
            return plain if any(risky_quote(q) for q in quoted) else match.group(0)

        text = pattern.sub(swap, text)
    return text


def text(slots: list[list[str]], seed: int = 0) -> str:
    """Return one reading of ``slots`` (for callers outside the dialogue manager)."""
    pick = random.Random(seed)
    return "".join(pick.choice(s or [""]) for s in slots)
