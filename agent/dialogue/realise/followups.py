"""Acts that follow the last reply or a small question about the person.

"为什么", "然后呢", "这也算吗", and turning a weakness into its strength.
"""

from __future__ import annotations

import re

from agent.dialogue.facts import QUOTE_MAX, asks, clauses, read, span_of, spans
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import where
from agent.dialogue.realise.mixed import mixed
from agent.dialogue.realise.phrases import (
    cell,
    combos,
    meaning,
    q_ref,
)
from agent.dialogue.signals import FLIP_FORCED, MIXED, SELF_DOUBT, SHY

# "为什么是C02？" after two candidates were only set side by side (coach_blind18).
CHOSEN_ASKED = re.compile(
    r"(?:为什么|为啥|凭什么)(?:是|选|挑)了?\s*(?:[Cc]0?[1-5]|第.[个条]|[AaBb](?![A-Za-z]))"
)


def why(t: Turn) -> Draft:
    """Give the reason behind the last statement."""
    if t.d.last_act == "compare" and CHOSEN_ASKED.search(t.ctx.text or ""):
        return Draft(
            [
                [
                    "我没有替你选：上面只是把两条各自的依据并排放着，都是你自己写过的话。",
                    "你读下来更偏向哪一条？说说是哪一句让你偏向它。",
                ]
            ]
        )
    reason = t.d.pending.get("why") or ""
    data = t.art.get("explain_concept") or {}
    if not reason and data.get("role"):
        reason = f"因为{data['role']}。"
    reason = reason or t.d.pending.get("basis") or ""
    if not reason:  # the last reply had no reason worth giving: say what it did
        from agent.dialogue.realise.reasons import purpose

        did = purpose(t.d.pending.get("did") or t.d.last_act)
        q = q_ref(t.ctx.question)
        return Draft(
            [
                [
                    f"刚才那句没有更深的理由，我只是想{did}。",
                    (
                        f"你想让我换个说法讲{q}、举一个别人的例子，还是先写一句试试？"
                        if q
                        else "你想让我举一个别人的例子，还是换个说法再讲一遍？"
                    ),
                ]
            ],
            pending={"more": t.d.pending.get("more", "")},
        )
    return Draft(
        combos(
            [
                ["问得好。", "说说我的理由。", ""],
                [reason],
                ["你觉得哪里说得通、哪里不像你？", "这和你自己的感觉，哪里对得上？"],
            ],
            t.seed,
        ),
        pending={"more": t.d.pending.get("more", "")},
    )


def go_on(t: Turn) -> Draft:
    """Go on from where the last reply stopped."""
    more = t.d.pending.get("more") or ""
    if not more and t.art.get("recommend_examples"):
        from agent.dialogue.realise.examples import examples

        return examples(t)
    guide = t.art.get("guide_question") or {}
    if not more and guide.get("found"):  # nothing held back: one layer deeper
        directions = guide.get("directions") or []
        return Draft(
            combos(
                [
                    ["再往深一层：", "接下来可以这样想："],
                    [f"{d}。" for d in directions[1:3]]
                    or [f"{guide.get('rephrased', '')}。"],
                    ["写的时候，那个画面里有谁？", "你会先写哪一个画面？"],
                ],
                t.seed,
            )
        )
    return Draft(
        combos(
            [
                ["接着刚才的说。", "往下走一步：", "下一步是这样："],
                [more],
                ["你想先写哪一段？", "从哪个画面开始写？", "第一句你会怎么起头？"],
            ],
            t.seed,
        )
    )


# Searches a life or a job needs (P03's hint: "为工作不得不查的可以先放一边").
NEEDED = re.compile(
    r"租房|找房|跳槽|找工作|工作相关|个税|社保|公积金|房贷|挂号|报销|签证"
)


def counts(t: Turn) -> Draft:
    """Answer "这也算吗" directly (yes, as a clue), then what would make it one."""
    if MIXED.search(t.ctx.text or ""):
        return mixed(t)  # "这个矛盾吗": no contradiction, both sides placed
    if (t.ctx.question or {}).get("id") == "P03" and NEEDED.search(t.ctx.text or ""):
        # "搜的全是租房和工作相关的，这也算兴趣吗": P03's own hint sets these aside
        return Draft(
            [
                [
                    "先不算：为生活、为工作不得不查的，第3题的提示说可以先放一边。"
                    "抛开这些，这个月你还主动点开过什么，哪怕只看了几分钟？"
                ]
            ],
            rows=[],
        )
    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") != "questions"
    ]
    strong = {e["id"] for e in t.u.entities if e["strong"]}
    row = next((r for r in rows if r["id"] in strong), None)
    kind = (
        (row or {}).get("category")
        or t.u.category
        or ("values" if "价值观" in t.ctx.text else "")
        or {
            "values_exploration": "values",
            "strengths_exploration": "strengths",
        }.get(t.ctx.step, "interests")
    )
    test = {
        "interests": [
            "关键看是真好奇还是只是消遣：它背后哪一部分，你会主动去琢磨？",
            "分辨一下：不为放松的时候，你最想多了解它的哪一面？",
        ],
        "strengths": [
            "关键看它是不是你不经意就会做、别人还常因此找你：谁这样说过你，当时是什么事？"
        ],
        "values": ["关键看它背后你在意的是什么：没有它时，你最难受的是哪一点？"],
    }[kind]
    angry = "生气" in t.ctx.text or "愤怒" in t.ctx.text
    told = [
        x
        for r, x in t.ctx.history
        if r == "user"
        and len(x) >= 12
        and x != t.ctx.text
        # "帮我挑3个最像我的才能" asked us something: not a thing to weigh
        and not re.search(r"帮我|挑|[？?吗]", x)
    ][-1:]
    # "这种算 passion 吗 还是 just killing time": "这种" is their last message.
    points_back = len(t.ctx.text) < 20 or (
        re.match(r"(?:ok|好|嗯|那|可是|但是?)?\s*[这那它]", t.ctx.text, re.I)
        or re.search(r"这种东西|这类东西|这种事", t.ctx.text)
        and len(t.ctx.text) < 48
    )
    earlier = False

    exception = re.search(r"除了(.{2,10}?)(?:[，。！？,!?\s]|$)", t.ctx.text)
    here = (
        [exception.group(1)]
        if exception
        else [
            c
            for c in t.u.said.get("clauses", [])
            if len(c) >= 5
            and not re.search(r"算|吗|呢|\?|？", c)
            and not asks(t.ctx.text, c)  # "or just a hobby" is the question
            # "感觉不太正经": their doubt about it, not the thing (coach_blind23)
            and not re.match(r"(?:我)?(?:感觉|觉得|好像|总觉得|是不是|会不会|还是)", c)
            # "我这辈子好像没啥大选择啊": a lack, not the thing asked about;
            # "你们说才能不是学来的技能": what we said, not theirs (coach_blind24)
            and not re.search(r"没啥|没什么|没有什么|好像没|太小|你们?说|你们", c)
            # "还是就是在打发时间": the other side of the question, not the thing
            and not re.search(r"打发时间|消遣|混日子", c)
            and not SHY.search(c)  # "但又觉得写这个很没出息": shy of it, not it
            and re.search(r"[\u4e00-\u9fff]{3}|[A-Za-z]+(?:\s+[A-Za-z]+){2}", c)
        ]
    )
    meant_q, meant = _answer_meant(t) if not here else ("", "")
    # "我写的这个算吗": "this" is the draft of the question the message is about.
    mine = t.ctx.draft if re.search(r"写的|这个|这样", t.ctx.text) else ""
    drafted = False
    if here:
        thing = span_of(t.ctx.text, here[0])
        if not thing and re.fullmatch(r"[ -~]+", here[0]):  # English: cut at a word
            thing = here[0] if len(here[0]) <= 2 * QUOTE_MAX else ""
        if not thing and re.fullmatch(r"[ -~]+", here[0]):
            thing = here[0][: 2 * QUOTE_MAX].rsplit(" ", 1)[0]  # words, not chars
    elif told and points_back:
        # What they did in it ("我过去听了一下"), before its most vivid clause,
        # which may be what others did ("换了皮带还在响", coach_blind24)
        did = next(
            (
                c
                for c in spans(told[0])
                if re.match(r"我(?!也|都|还是|真|觉得|感觉|不|没)", c) and len(c) >= 5
            ),
            "",
        )
        thing = (
            span_of(told[0], did)
            or span_of(told[0], read(told[0]).vivid)
            or _content(told[0])
        )
        whole = told[0].strip(" 。.!！")
        if thing and len(whole) <= 30 and re.search(r"[A-Za-z]{3}", whole):
            # "我在B站总停在 urban sketching 的视频上": a cut clause says nothing
            thing = whole
        earlier = bool(thing)
    elif meant and meant_q != (t.ctx.question or {}).get("id"):
        # "像我写的房价太高算吗" on P02's screen: P06's answer, named by its
        # words, not the draft on screen (coach_blind24)
        thing, drafted = meant, True
    elif mine and clauses(mine):
        thing = span_of(mine, read(mine).vivid or clauses(mine)[0])
        drafted = True
    elif meant:  # "上台那个呢，也算吗": a clause of a saved answer
        thing, drafted = meant, True
    else:
        thing = ""
    # A weakness asked about as a talent, or a fear anywhere: flip it.
    weak = WEAK.search(thing) if kind == "strengths" else FEAR.search(thing)
    if thing and weak:
        return _counts_flip(t, thing, meant_q)
    if kind == "strengths" and SKILL.search(t.ctx.text):
        return _skill_not_talent(t, thing, earlier)
    if kind == "interests" and LITTLE_MONEY.search(t.ctx.text):
        return Draft(  # "这种也能算吗 又没真花多少钱": the amount is not the test
            combos(
                [
                    [
                        "算。花多少不要紧：钱不宽裕，还每个月都愿意为它掏，恰恰说明你在意。",
                        "算的，钱多钱少不是标准；手头紧还舍得为它花，这本身就说明问题。",
                    ],
                    test,
                ],
                t.seed,
            )
        )
    if SELF_DOUBT.search(t.ctx.text):
        # "感觉像在给自己找借口", "我是不是在吹牛": the worry answered, not quoted
        answer = (
            [
                "这不是找借口，也不是安慰自己：借口是拿来不改的，这里看的是"
                "同一个习惯在哪种场合反而帮了你。",
                "这不是找借口。每个习惯都有两面：短处照样要管，长处要放对地方。",
            ]
            if EXCUSE.search(t.ctx.text)
            else [
                "别人也会，不等于别人做得像你这样自然、顺手、常被找。",
                "才能看的是你做起来比别人自然、省力，不是只有你会。",
            ]
            if re.search(r"别人也会|谁都会|谁不会|人人都会", t.ctx.text)
            else [
                "这不算吹牛：别人也会，不等于别人做得像你这样顺手、这样常被找。",
                "写下来不是吹牛：才能看的是你做得比别人省力，不是只有你会。",
            ]
        )
        return Draft(combos([answer, test], t.seed))
    worry = re.search(r"不会|不懂|不专业|外行|没学过", t.ctx.text)
    if kind == "values" and re.search(r"年薪|万|买房|存款|钱|升职|职位", t.ctx.text):
        # "没写钱，但我确实在乎…是不是不诚实" (coach_blind23): answered first
        honest = (
            ["在乎钱不丢人，没写它也不说明你前面不诚实。"]
            if re.search(r"不诚实|虚伪|俗|丢人|不好意思|假", t.ctx.text)
            else [""]
        )
        return Draft(
            combos(
                [
                    honest,
                    ["它更像一个目标，不是价值观：目标会达成，价值观一直在。"],
                    [
                        "问问自己，拿到它以后你真正想要的是什么：安心、自由，还是被认可？"
                    ],
                    ["你最先想到的是哪一个？", "它背后你最想要的是哪一样？"],
                ],
                t.seed,
            )
        )
    lead = LEADS[kind]
    if SHY.search(t.ctx.text):  # "但写这个也太没出息了" (coach_blind27)
        lead = ["写这个不丢人：题目只看你做起来累不累，不看它体不体面。"]
    if kind == "interests" and "喜欢的事" in t.ctx.text and t.d.last_act == "explain":
        lead = [  # "喜欢的事呢？" in a thread about the parts: where it fits first
            "喜欢的事是三块里的第三块，回答“在哪个领域做”：你愿意主动琢磨的主题。"
        ]
    return Draft(
        combos(
            [
                lead,
                ["不会也不影响：喜欢的事看的是你想靠近它，不是你已经会。"]
                if worry and kind == "interests"
                else [""],
                ["让你生气的事，常常指向你在意的价值。" if angry else ""],
                [
                    f"它可能指向「{row['name']}」：{meaning(row)}。"
                    if row
                    else (
                        f"你{'刚才说' if earlier else '写'}的「{thing}」，"
                        "这本身就是线索"
                        + (
                            f"，正好写进{q_ref(t.ctx.question)}。"
                            if t.ctx.question and not drafted
                            else "。"  # already written there: no "write it in"
                        )
                        if thing
                        else "再小的事，只要你真的在意，都是线索。"
                    )
                ],
                test,
            ],
            t.seed,
        ),
        rows=[row] if row else [],
    )


def _content(text: str) -> str:
    """Return the longest clause of an earlier message that says something, or ''."""
    said = [
        c
        for c in spans(text)
        if len(re.findall(r"[\u4e00-\u9fff]", c)) >= 3
        and not asks(text, c)
        and len(c) <= QUOTE_MAX
    ]
    return max(said, key=len, default="")


# "这也算吗": never "当然算" followed by a test that may say it does not (T18).
LEADS = {
    "interests": [
        "喜欢的事找的是你愿意主动琢磨、想多了解的领域；先把它记下当线索。",
        "可以先记下当线索：喜欢的事看的是你会不会主动去琢磨它。",
    ],
    "strengths": ["可能算，先看一点。", "先别急着下结论，看一点就知道。"],
    "values": [
        "可以先当线索记下，排不排得上最重要，由你来定。",
        "先当线索记下：它重不重要，最后由你来排。",
    ],
}
# A doubt about the exercise itself ("感觉像在给自己找借口"): answered, not quoted.
# Which doubt (signals.SELF_DOUBT): an excuse, or boasting ("我是不是在吹牛").
EXCUSE = re.compile(r"找借口|自欺欺人|自我安慰|骗自己")
# "又没真花多少钱": spending little is still spending (P04, review 11-27 T51).
LITTLE_MONEY = re.compile(
    r"没(?:真|怎么)?花(?:多少|几个|啥)钱|花得不多|就几块|没花钱|不贵"
)
# A skill learnt or a certificate passed ("我会Excel，还考了初级会计证").
SKILL = re.compile(
    r"证书?|考了|考过|学过|会用|会(?:Excel|PS|PPT|CAD|编程|Python|英语|开车|剪辑)|"
    r"Excel|Word|PPT|PS|CAD|Python|软件|驾照|技能",
    re.I,
)


def _skill_not_talent(t: Turn, thing: str, earlier: bool = False) -> Draft:
    """Say a skill or a certificate is not a talent, then what may be under it."""
    said = "你刚才说的" if earlier else "你写的"
    own = [f"{said}「{thing}」是实打实的本事，" if thing else "这些是实打实的本事，"]
    return Draft(
        combos(
            [
                own,
                [
                    "不过它们更像学来的技能：换个人下功夫也能学会。才能是你不用刻意、"
                    "自然就会的做事方式。",
                    "但它们属于学来的技能和证书；才能说的是你不费劲就会、别人常找你的那种方式。",
                ],
                [
                    "技能底下常藏着才能：学它、用它的时候，你更享受把乱的理清，"
                    "还是把每一步做对？",
                    "想想你用它的时候：哪一步别人觉得烦，你却做得很顺？",
                ],
            ],
            t.seed,
        )
    )


# A fear or a weakness in their words: the flip answers it, never an entry
# that names its opposite (a fear of the stage is not 「享受舞台」).
WEAK = re.compile(
    r"怕|不敢|紧张|不会|做不好|做不来|不擅长|吃力|费劲|空白|头疼|慌|拖延|磨蹭|"
    r"太慢|粗心|不好意思|拒绝不了|afraid|scared|bad at|can't",
    re.I,
)
FEAR = re.compile(r"怕|不敢|afraid|scared", re.I)
# Words of the request itself, not of what it points at ("上台那个呢，也算才能").
ASK_WORDS = re.compile(r"也算|这个|那个|算不算|算吗|才能|优点|长处|价值观|喜欢")


def _answer_meant(t: Turn) -> tuple[str, str]:
    """Return (question id, clause) of the saved answer the message points at.

    "上台那个呢" names no clause of its own; the answer clause sharing the
    longest run of characters with it (two at least) is the one meant.
    """
    text = ASK_WORDS.sub(" ", t.ctx.text or "")
    best: tuple[int, str, str] = (1, "", "")
    for qid, answer in (t.ctx.answers or {}).items():
        for clause in spans(answer):
            run = max(
                (
                    n
                    for n in range(2, min(len(clause), 8) + 1)
                    for i in range(len(clause) - n + 1)
                    if re.fullmatch(r"[\u4e00-\u9fff]+", clause[i : i + n])
                    and clause[i : i + n] in text
                ),
                default=0,
            )
            if run > best[0] and len(clause) <= QUOTE_MAX:
                best = (run, qid, clause)
    return best[1], best[2]


def _counts_flip(t: Turn, thing: str, qid: str) -> Draft:
    """Answer "这也算吗" on a fear or weakness with the 正因为……所以…… flip.

    The knowledge entry is named only when its own weakness form is in their
    words; otherwise none, since a guess here could say the opposite.
    """
    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") == "strengths" and cell(r.get("weakness_form"))
    ]
    row = next(
        (
            r
            for r in rows
            if any(
                w and len(w) >= 2 and w in t.ctx.text + thing
                for w in re.split(r"[|、，,；;/ ]", cell(r.get("weakness_form")))
            )
        ),
        None,
    )
    other = qid and qid != t.ctx.question.get("id")
    across = other and qid[:1] != (t.ctx.question.get("id") or "x")[:1]
    lead = f"你在{where(qid, step=bool(across))}写的" if other else "你写的"
    named = (
        [f"有人把这样翻过来的本事叫「{row['name']}」：{meaning(row)}。"]
        if row
        else [""]
    )
    return Draft(
        combos(
            [
                [
                    f"算，不过要翻过来看。{lead}「{thing}」是短处那一面。",
                    f"能算，但得翻个面。{lead}「{thing}」本身是短处。",
                ],
                ["用“正因为……所以……”把它翻过来，后半句写它在哪种场合反而帮了你。"],
                named,
                [
                    "你会怎么补这句的后半句？",
                    "正是因为这一点，你在哪件事上反而做得比别人好？",
                ],
            ],
            t.seed,
        ),
        rows=[row] if row else [],
        pending={
            "why": f"因为你写的「{thing}」说的是怕或做不好的事；"
            "短处本身不是才能，翻过来的那一面才可能是。"
        },
    )


# "怎么把缺点翻成优点": the word for any flaw names no habit of theirs.
GENERIC_FLAW = re.compile(r"^(?:我的?)?(?:缺点|毛病|短处|不足|弱点|坏习惯|习惯|优点)$")


def _flip_how(t: Turn) -> Draft:
    """Say how the flip is done, with one talent's own flip as someone else's."""
    from knowledge import selectors as kb

    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") == "strengths" and r.get("reframe_example")
    ]
    if not rows:
        from agent.lookups import row_of

        sample = kb.entries_sample(category="strengths", limit=1, seed=t.seed)
        rows = [row_of(h) for h in sample]
    row = rows[0] if rows else None
    example = (
        [
            f"比如有人的短处是{cell(row.get('weakness_form'))}，他自己是这样翻的："
            f"“{cell(row.get('reframe_example'))}”——这就是「{row['name']}」。"
        ]
        if row and row.get("weakness_form") and row.get("reframe_example")
        else [""]
    )
    return Draft(
        combos(
            [
                [
                    "用“正因为……所以……”把它翻过来：前半句照实写被念叨的习惯，"
                    "后半句写它在哪种场合反而帮了你。",
                    "方法是一句话：正因为我有这个毛病，所以我在某种场合反而做得好。"
                    "先照实写缺点，再找那个场合。",
                ],
                example,
                ["你被念叨最多的是哪个习惯？", "你想先翻哪一个习惯？"],
            ],
            t.seed,
        ),
        rows=[row] if row else [],
    )


def flip(t: Turn) -> Draft:
    """Turn a habit they were scolded for into its strength form (正因为……所以……)."""
    trait = re.sub(r"^(?:把|将)", "", t.plan.target.get("trait") or "")
    if GENERIC_FLAW.match(trait):
        return _flip_how(t)
    if not trait or trait in ("这", "这个", "它", "那个", "这点"):
        return Draft(
            combos(
                [
                    [
                        "能翻，几乎每个被念叨过的习惯都能翻。",
                        "能，缺点往往是才能用错了地方。",
                    ],
                    ["比如总被说“磨蹭”的人，换个场合就是做事仔细、想得周全。"],
                    ["你想翻的是哪个习惯？", "你说的是被念叨最多的哪一个？"],
                ],
                t.seed,
            )
        )
    rows = [
        r
        for r in (t.art.get("search_content") or {}).get("entries") or []
        if r.get("category") == "strengths"
    ]
    row = next(
        (
            r
            for r in rows
            if trait
            in cell(r.get("weakness_form"))
            + cell(r.get("aliases"))
            + cell(r.get("keywords"))
            + cell(r.get("evidence_signals"))
        ),
        # Only the entry whose weakness form holds the habit: search's nearest
        # ("嘴笨" → 「热心分享」, coach_blind10) is a guess, not its other side.
        None,
    )
    if FLIP_FORCED.search(t.ctx.text or ""):  # "你说成优点我觉得有点硬凹"
        return _flip_doubted(t, trait)
    if t.d.last_act == "flip" and (tied := _tied_answer(t)):
        # "结合我S01对账那个事说具体点": their answer is the second half's
        # material; the sentence is still theirs to finish (coach_blind15).
        qid, words = tied
        return Draft(
            [
                [
                    f"把你{where(qid, step=False)}写的「{words}」放进后半句："
                    f"「正因为{trait}，所以我……」，后半句写那件事里你因此做好的一步。",
                    "写好发我，我帮你看像不像你。",
                ]
            ],
            pending={"trait": trait},
        )
    if row is None:  # nothing to name: no trait is said to be theirs (§5)
        # The sentence asked for, begun in their words; the rest only they know.
        body = [
            f"可以先照这个写：「正因为{trait}，所以我……」，后半句得是你真做成过的事。",
            f"能翻，句子可以这样起头：「正因为{trait}，所以我……」，后半句只有你填得出。",
        ]
    else:
        strong = cell(row.get("strength_form"))
        body = [
            f"能翻：正因为{trait}，所以{strong}。有人把这叫「{row['name']}」。",
            f"当然能。“{trait}”的另一面，常常是{strong}，也就是「{row['name']}」。",
        ]
    asked = [
        f"你哪一次正因为{trait}，反而把事做对了？",
        f"想一件事：正是因为{trait}，你拦下了什么、做好了什么？",
    ]
    if own := _other_side(t.ctx.answers or {}, trait):  # their words, offered
        ref = where(own[0], step=False)
        asked = [f"你在{ref}写过「{own[1]}」，这算不算它的另一面？"]
    return Draft(
        combos([body, asked], t.seed),
        rows=[row] if row else [],
        pending={"trait": trait},  # "再写一个" flips the same habit
    )


def _tied_answer(t: Turn) -> tuple[str, str] | None:
    """Return (question id, its first telling clause) of a saved answer named."""
    from agent.dialogue.numbered import named_question

    qid = named_question(t.ctx.text or "", t.ctx.step)
    answer = (t.ctx.answers or {}).get(qid or "", "")
    fits = [c for c in spans(answer) if 4 <= len(c) <= QUOTE_MAX]
    # Their own doing first ("我扫一眼就知道哪里错了"), not the scene around it.
    clause = next((c for c in fits if "我" in c), fits[0] if fits else "")
    return (qid, clause) if qid and clause else None


# "我磨蹭是因为想把每个细节都弄对": the reason they give for the habit.
REASON = re.compile(r"(?<!不)是因为(?:我)?([^，,。！？!?…]{4,16})")


def _flip_doubted(t: Turn, trait: str) -> Draft:
    """Agree the flip can feel forced; the honest version is two-sided, or none.

    No strength is named as theirs: a habit is only a strength where their own
    story shows it, so the question asks for that story, and dropping it is fine.
    """
    own = _other_side(t.ctx.answers or {}, trait)
    reason = REASON.search(t.ctx.text or "")
    asked = (
        # Their own reason for the habit, just told ("其实我磨蹭是因为想把每个
        # 细节都弄对", coach_blind16): the flip begun in it, the rest theirs.
        [
            f"贴着你这句写：「正因为我{reason.group(1)}，所以……」，"
            "后半句写一件因此做好的事。"
        ]
        if reason
        else [f"你在{where(own[0], step=False)}写过「{own[1]}」，算不算它好的那一面？"]
        if own
        else [
            f"有没有哪件事，恰恰因为{trait}反而做好了？想不出就照实写它是缺点，也算数。",
            f"你做哪件事的时候，{trait}反而帮了你？没有的话，这个就不翻了。",
        ]
    )
    return Draft(
        combos(
            [
                [
                    f"这么翻听着勉强，你的感觉是对的：{trait}不一定是优点，"
                    "同一个习惯有两面，换个场合才可能帮上你。",
                    f"确实，硬说{trait}是优点就是凹出来的；它有两面，"
                    "只有在合适的场合才算长处。",
                ],
                asked,
            ],
            t.seed,
        ),
        pending={"trait": trait},
    )


def _other_side(answers: dict[str, str], trait: str) -> tuple[str, str] | None:
    """Return (question id, clause) where an answer turns from the habit ("但…").

    "作业总拖到最后一晚才写，但最后一晚写得特别快": the clause after the turn,
    verbatim, is the habit's other side in their own words.
    """
    for qid, answer in answers.items():
        if not trait or trait not in answer:
            continue
        rest = answer.split(trait, 1)[1]
        after = re.split(r"但是|可是|不过|但|却|反而", rest, maxsplit=1)
        if len(after) < 2:
            continue
        side = next((c for c in spans(after[1]) if 4 <= len(c) <= QUOTE_MAX), "")
        if side:
            return qid, side
    return None


ACTS = {"why": why, "go_on": go_on, "counts": counts, "flip": flip}
