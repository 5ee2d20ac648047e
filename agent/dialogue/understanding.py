"""Understanding, once per turn: intent, entities, references, safety signals.

The classifier gives the intent of the sentence; the dialogue state decides
what it can mean here ("第二个" means nothing before anything was shown), the
way a Rasa pipeline's rules sit on top of its NLU.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import asdict, dataclass, field

from agent import safety
from agent.context import TurnContext
from agent.dialogue import classifier, denial, entities, facts, moves, request
from agent.dialogue.lexicon import SHRUGS
from agent.dialogue.numbered import (
    MEANING,
    THIS_ONE,
    ids_named,
    named_question,
    number_missing,
    question_asked,
)
from agent.dialogue.signals import (
    ABOUT_COACH,
    ANSWER_MIN_CHARS,
    ANSWERS,
    ASK_AGAIN,
    ASKS_ABOUT,
    ASKS_IF,
    ATTACK,
    BURDEN,
    CAN_WRITE,
    CLAIM_FIX,
    CLAIMED,
    COMBINE_ASK,
    COMPARE,
    CONTRADICT_ALL,
    COUNTS_ASK,
    DISPUTE_MAX,
    DISPUTES,
    DOUBT_METHOD,
    DOUBTS,
    FITS_ME,
    FIX_DISPUTE,
    FIX_RIGHT,
    FLIP,
    FLIP_FORCED,
    FOLLOW_UPS,
    GIVES_EXAMPLE,
    GRIEF,
    HARDSHIP,
    HURT_BY_WORDS,
    INJECTION_ANY,
    KEEP_OR_DROP,
    LEAD_PARTICLES,
    LEAVE,
    LEAVE_MAX_CHARS,
    MIXED,
    MUST_BE,
    MUST_WRITE,
    NARRATIVE,
    NARRATIVE_MIN_CHARS,
    NOT_UNDERSTOOD,
    OBJECTS,
    OUTSIDE,
    PROGRESS_ASK,
    QUOTED_DRAFT,
    RANK,
    READ_MINE,
    REFUSED,
    REQUEST,
    RESUME,
    REVISE,
    SELF_CONTAINED,
    SELF_DOUBT,
    SELF_DOWN,
    SELF_DOWN_MAX,
    SHORT_KNOWN,
    SHORT_MAX_CHARS,
    SHORTER_ASK,
    SHY,
    SORT_ASK,
    SOURCES_ASKED,
    STRAIN,
    STUCK_HOW,
    TIME_LIMIT,
    TOP_ASK,
    WANTS_EXAMPLE,
    WAVED_OFF,
    WORKBOOK,
    WORN,
    WORN_MAX_CHARS,
    WRITE_FOR_ME,
)
from agent.dialogue.state import DialogueState
from agent.dialogue.tasks_route import (
    AGAIN,
    EXPLAINING,
    LIST_EDIT,
    PURPOSE,
    REFIT,
    REPEATS,
    SIDES_ASK,
    SURE,
    THIN_ASK,
    asks_each_word,
    asks_interpret,
    asks_together,
    classified_task,
    limit_of,
    task_intent,
)

DOUBT_BARE_MAX = 20
# A message about the question this short asks it, whatever else it says.
ASKS_QUESTION_MAX = 50
TASK_VERB = re.compile(r"帮我|你帮|给我|改一?下|重写|写成|整理")
CONCEPT_WORD = re.compile(r"才能|领域|价值观|热情|候选|工作目的|公式")
QUOTED_WORDS = re.compile(r"[‘'“\"「]([^’'”\"」]{4,30})[’'”\"」]")
# The classifier's reading that outranks a dispute's opening words.
DISPUTE_SURE = 0.6
# Replies that said nothing about the person: nothing of ours to dispute, so
# "你说错了，我不是讨厌写代码…" after a rephrase is their story, told on.
SAID_NOTHING_OF_THEM = (
    "rephrase",
    "examples",
    "question_help",
    "empathy",
    "greet",
    "abstain",
    "quiet",
    "scope",
    "checkin",
    "care",
    "crisis",
    "english",
    "refuse",
    "progress",
)
# A question about the workbook's own mechanics ("那我刚刚那题写到哪了").
WORKBOOK_ASK = re.compile(
    r"(?:这|那|哪|第.{1,2})题.{0,6}(?:写到|写哪|怎么写|什么意思)|写到哪|"
    # "帮我把V04那个回答改一改": a task on a named answer (no risk word in it)
    r"帮我.{0,4}(?:(?<![A-Za-z])[VSPCvspc]0?[1-9]|第.{1,2}题|回答|答案|候选)"
    r".{0,8}(?:改|润色|看看|缩短|写短|说人话|自己的话)"
)
OTHERS = re.compile(r"别人|其他人|例子|示例|举个|参考")
# "最后那个" / "第二个呢" right after items were shown: a pointer, not a farewell.
POINTS_AT = re.compile(
    r"第[一二三四五六七八九1-9][个条项]|最后(?:那|一)?[个条项]|上一[个条]|^[那这][个条]呢"
)
# "怎么把三者组合起来？" asks for the method; the classifier reads it.
ASKS_HOW = re.compile(r"怎么|如何|how\b", re.I)
IN_ENGLISH = re.compile(r"\bin\s+english\b|用英文|英文(?:说|解释|回答)", re.I)
# A first-person story this long is quoted back, never abstained on.
STORY_TOLD_CHARS = 14
MIN_CONFIDENCE = 0.12  # 25 intents: a top intent at 0.12 is still ~3x chance
STORY_MIN_CHARS = 22
# "热线是哪个号码": the help itself, asked for, is answered at once.
HELP_ASKED = re.compile(r"热线|求助电话|心理援助|哪个号码|打给谁|(?:能|该)找谁帮")
# ...unless the help is named only to be waved off: "我知道你要说什么，打热线、
# 找朋友，但我真的太累了" got the numbers again (round 32).
HELP_REFUSED = re.compile(
    r"我知道你要说|别(?:再)?(?:给我)?(?:发|说|提|推)(?:什么)?(?:热线|号码|电话)|"
    r"(?:热线|号码)[^。！？]{0,8}(?:没用|都存着|存着呢|不想打|打过了|有什么用)|不想打热线"
)
# ...not the writer's own work on a line ("我在心理援助热线做志愿者两年了").
HELP_WORK = re.compile(
    r"(?:做|当|是|作为)(?:了)?[^。！？]{0,6}(?:志愿者|义工|接线员|咨询师)|"
    r"(?:热线|援助)[^。！？]{0,8}(?:做|当|上班|工作|值班)(?:了)?[^。！？]{0,4}(?:志愿者|义工|年|个月)|接过[^。！？]{0,8}来电"
)
# After a care reply, these (and a short "嗯" or "好") stay in care; anything
# else — a workbook question, a story for an answer — is the person moving on.
CARE_STAYS = ("distress", "pushback", "crisis")
# Content that hardship and tiredness come before ("…干什么都累" is met with care).
CONTENT = ("story", "unclear", "feedback", "counts", "concept", "examples")
# Someone else's words reported ("我爸说我傻，说男人就该…"): their opinion is not
# the person's risk, unless the message says what was done or threatened.
REPORTED = re.compile(
    r"(?:爸|妈|父母|家里人?|领导|老板|上司|同事|朋友|亲戚|老师|他们|别人|老公|老婆|"
    r"男朋友|女朋友)\S{0,3}(?:说|觉得|认为|嫌)"
)
# "嗯，可能吧" / "对" / "算是吧": a yes to what was just said back.
AGREES = re.compile(r"^(?:嗯+|对+|是+|好|行|可能|也许|大概|算是|应该是|差不多)")
AGREE_MAX = 8
# A family member's worry about an option just compared.
WORRY = re.compile(r"风险|不靠谱|不稳|赔钱|亏|担心|反对|不同意|不让")
# What kept them going ("撑着我的就是不想让她跟我一样"): a reason to go on, a
# proud story; with no risk word in it, the classifier's guess loses.
SUSTAIN = re.compile(
    r"撑着我的|支撑我的|让我撑(?:下来|过来|住)的|撑下来的(?:是|就是)|"
    r"靠着?[^，。！？]{0,6}撑(?:下来|过来)"
)
# Answers to "你有过伤害自己的念头吗？": a yes that says it, a yes that only agrees,
# and what takes either back (a figure of speech, just tired, no).
CHECKIN_YES = re.compile(r"有过|有的|是有|确实有|想过|真的想|真有|是真的|yes\b", re.I)
CHECKIN_AGREE = re.compile(
    r"^(?:对+|是+|嗯+|恩+|就是|没错|是啊|是吧|算是|可能|好像|ok|yeah|yep)", re.I
)
CHECKIN_NO = re.compile(
    r"没有|没想过|不是|不会|没事|还好|气话|说说而已|开玩笑|随口|夸张|就是累|只是累|"
    # "累死了倒是真的": the tiredness is what is true (round 31)
    r"(?:累|困|忙|辛苦|乏)(?:死)?(?:了)?(?:倒是|倒|确实|是)真的|"
    r"\bno\b|\bnope\b|\bnot\b",
    re.I,
)


def _yes_to_checkin(text: str, asked: str) -> tuple[str, float] | None:
    """Return (level, score) when a message answers a check-in with a yes.

    The same danger told on by its kind's next step ("不深啦…千万别让我妈知
    道" after a question about marks, a blow told next after one about home)
    is no no: asked plainly again, and the care frame opens (round 31).
    """
    if CHECKIN_NO.search(text):
        return None
    if CHECKIN_YES.search(text):
        return "high", 1.0
    if CHECKIN_AGREE.search(text.strip()) and len(text.strip()) <= 12:
        return "check", 0.9
    if safety.goes_on(text, asked):
        return "check", 0.9
    return None


HARMED = re.compile(
    safety.lexicon.CUES.pattern + r"|骂|逼|威胁|不让|关起来|锁|赶出", re.I
)


# A knife or a poison named after a threat ("刀我已经磨好放包里了") is the
# threat's tool, whatever words the lexicon matched: the same person is in danger.
def _threat_tool(risk: safety.Risk, care_kind: str) -> bool:
    return (
        risk.kind in ("means", "danger_now")
        and safety.FAMILY.get(care_kind) == "others"
    )


# A denial this short is the point of the message; a longer one tells a story
# around it, and the claims check keeps the reply from presupposing it.
DENIAL_MAX_CHARS = 30
CHECKIN_ALONE_CHARS = 24  # a possible risk in a message this short is its point
# A guess this sure, or of a danger that is not only a thought (a place, a
# means, a blow, a threat, a wound), is the point of the message however long:
# asked on its own, not as an aside to a reflection that quotes the story
# (round 31: "刚才喝了半瓶打虫子的药" and "煤气我打开了" got a reflection with
# "顺便问一句"). A no to the question still goes back to the workbook: the
# care frame opens only for a sure guess, as before.
CHECKIN_SURE = 0.65
# (Not abuse: a blow at home guessed in a story about one's parents is asked
# beside the answer, and so are the lexicon's own gentle questions.)
CHECKIN_KINDS = ("self_harm", "means", "danger_now", "harm_others")
# Right after the reply to a danger here and now (a place, a means at hand),
# the next line keeps the frame unless it says they are safe; a workbook line
# ("手机只剩8%的电了，这题先写到这儿吧", "just wanted someone to read my
# answers before") is no moving on (round 31).
ACUTE_CARE = ("danger_now", "means")
SAFE_NOW = re.compile(
    r"(?:已经|我)?(?:下来了|回(?:到)?(?:家|屋|宿舍|房间|车上)了|离开(?:那|这)(?:儿|里)?了|"
    r"(?:我)?(?:没事了|安全了|不会做傻事)|(?:朋友|家人|室友|我妈|我爸|我哥|我姐|警察|120|救护车)"
    r"(?:已经)?(?:来了|到了|在我身边|陪着我)|(?:叫|打)了(?:120|110|急救)|"
    r"i'?m\s*(?:safe|home|back\s*inside|off\s*the)|got\s*down)"
)
# Right after the full reply, whatever the kind, the next line is the same
# story told on unless it turns to the workbook or says they are safe: "老师问起
# 来我都说是自己摔的", "别劝我冷静", "说不出来的轻松，该做的事都做完了", "我弟
# 才八岁" carry no risk word of their own (round 32: 7 of safety_blind33's 14
# misses were such lines, each met with a reflection or a menu).
MOVES_ON = re.compile(
    r"题|答案|候选|价值观|才能|喜欢的事|擅长|重要的事|工作簿|例子|下一步|"
    r"这样写|怎么写|优点|缺点"
)


# ...when the classifier leans that way at all: of the lines right after the
# full reply in the 45 safety and coach sets, the ones telling the danger on
# scored 0.18–0.54 ("老师问起来我都说是自己摔的" 0.35, "我弟才八岁" 0.23); a
# story for the answer on screen 0.06–0.12 ("逛书店我总会停在旅行文学那排"
# 0.07). Below the bar they move on, as before.
CARRIES_ON = 0.15


def _moves_on(text: str) -> bool:
    """Return whether a line right after the full reply leaves the danger told."""
    return bool(
        SAFE_NOW.search(text)
        or WORKBOOK_ASK.search(text)
        or MOVES_ON.search(text)
        or ids_named(text)
        or RESUME.search(text)
    )


# Help on its way, in their words ("我们约好明天一早一起去学校心理中心"): a
# plan, but the good kind; with SAFE_NOW, the care frame thanks and stays.
HELP_PLAN = re.compile(
    r"(?:去|约|约好|预约|挂|找|看)(?:了|好)?[^。！？]{0,8}(?:心理中心|心理咨询|咨询师|"
    r"心理医生|精神科|心理科|医生|辅导员|热线|12356|急诊)"
)


# Two readings this close are a tie that a keyword pattern may break.
TIE_MARGIN = 0.15
# Intents whose act picks a knowledge entry, a story or a task to talk about:
# taken on the classifier's word alone only at a calibrated confidence.
GATED = (
    "story concept examples more refer why go_on search counts question_help "
    "pushback synthesis choose experiment decide_for_me summary progress meta "
    "off_topic feedback quiet"  # quiet: a mode turned on by a guess is a misread
).split()


@dataclass
class Understanding:
    """What the person meant this turn, as the policy needs it."""

    intent: str
    confidence: float
    entities: list[dict] = field(default_factory=list)
    ordinal: int | None = None
    category: str | None = None  # a knowledge category the message names
    topic: str = ""  # what a search or example request is about
    quoted_question: str | None = None  # a workbook question quoted in the text
    crisis: bool = False
    checkin: bool = False  # a possible risk inside a story: answer, and ask once
    written: bool = False  # ...found in a saved answer or the profile, not the message
    risk: dict = field(default_factory=dict)  # agent.safety.Risk.dump()
    said: dict = field(default_factory=dict)  # facts.Said as a dict
    # Why the coach abstains ("unsure", "short", "unresolved"), or "".
    abstained: str = ""
    # What this message denies that the coach's last reply took for granted
    # ("没哭过啊" → ["哭"]): honoured now, never presupposed again (denial.py).
    denied: list[str] = field(default_factory=list)
    # When unsure: what the task model and the classifier leaned to, best first
    # ("top", "rewrite", "examples"…), offered as choices (choices.LEANS).
    leans: list[str] = field(default_factory=list)
    # A hard time said beside a task ("四年没上班…你先帮我看看S06"): their
    # words, met in one line before the task is done (realise, coach_blind27).
    hard: str = ""

    def dump(self) -> dict:
        """Return the understanding as a plain dict for the graph state."""
        return asdict(self)

    @classmethod
    def load(cls, raw: dict) -> Understanding:
        """Return the understanding from its plain-dict form."""
        return cls(**raw)


def _selection_question(selection: str) -> str | None:
    """Return the question a highlighted text belongs to, if it is workbook text."""
    from knowledge import selectors as kb

    folded = re.sub(r"[\s\W_]+", "", selection)
    if len(folded) < 4:
        return None
    for q in kb.questions_all():
        for part in (q.text, q.hint, q.example):
            if folded in re.sub(r"[\s\W_]+", "", part or ""):
                return q.id
    return entities.quoted_question(selection)


def ctx_step_synthesis(d: DialogueState) -> bool:
    """Tell whether the conversation is already about candidates (synthesis acts)."""
    return d.last_act in ("synthesis", "choose", "experiment", "refer", "autonomy")


def _applies(intent: str, text: str, u: Understanding, d: DialogueState) -> bool:
    """Tell whether a follow-up intent can mean anything in this dialogue."""
    if intent == "refer" and d.pending.get("lines") and u.ordinal is not None:
        return True
    if intent == "refer":
        named = {i["name"] for i in d.shown}
        return bool(d.shown) and (
            u.ordinal is not None
            or bool(named & {e["name"] for e in u.entities})
            or bool(re.search(r"那个|这个|刚才|上面|你说的", text))
        )
    if intent in ("more", "why", "go_on"):
        return bool(d.last_act)
    return True


def _resolve(
    pred: classifier.Prediction, text: str, u: Understanding, d: DialogueState
) -> tuple[str, bool]:
    """Return the intent as it makes sense here, and whether a rule confirmed it.

    A follow-up that has nothing to follow ("第二个" before anything was shown)
    gives way to the runner-up; a question that starts "为什么" right after a
    reply with a reason is asking for that reason.
    """
    intent = pred.intent
    if (
        len(text) <= AGREE_MAX
        and AGREES.match(text)
        and d.last_act in ("reflect", "why", "english")
        and not re.search(r"[？?]|不[对是太算像知想]|没有|没说|但|可是", text)
    ):  # "嗯，可能吧" to a story said back: a yes, its answer kept (greet)
        return "greet", True
    if (
        (FLIP.search(text) or re.search(r"(?:说|当|看)成(?:了)?(?:优点|长处)", text))
        and FLIP_FORCED.search(text)
        and (d.last_act or "你" in text)
    ):
        return "flip", True  # "你说成优点我觉得有点硬凹": about the flip given
    if d.last_act == "flip" and (FLIP_FORCED.search(text) or AGAIN.search(text)):
        return "flip", True  # "第二个有点硬凹了…贴着这个再写一个": the flip, again
    if REFUSED.search(text):
        return "pushback", True  # "说和那个我不认": an item named, refused
    if d.last_act and WAVED_OFF.search(text) and len(text) <= DISPUTE_MAX:
        return "pushback", True  # "我觉得你想多了，他就是嘴笨": any reading of ours
    if (
        d.last_act
        and d.last_act not in SAID_NOTHING_OF_THEM
        and len(text) <= DISPUTE_MAX
        and DISPUTES.search(text)
        and pred.confidence < DISPUTE_SURE
        # "可是漫画这种东西也能算P02的答案吗": a doubt that asks whether it counts
        and not (
            COUNTS_ASK.search(text) and not re.search(r"不对|错了|不是|不认|没说", text)
        )
        and intent in ("story", "unclear", "feedback", "counts", "concept", "why")
    ):
        return "pushback", True  # "不对，我不是那种人": our reading disputed
    if intent == "refer" and not _applies(intent, text, u, d) and _points(text, u):
        u.abstained = "unresolved"  # "第二个" with nothing shown: ask, don't guess
        return "abstain", True
    if not _applies(intent, text, u, d):
        runner = pred.runner_up
        # Only the risk detector gives the crisis script and only attack words
        # a refusal: a runner-up guess of either never does ("can u turn that
        # into my P03 answer?" got the crisis reply in coach_blind18).
        if runner not in (*FOLLOW_UPS, "crisis", "injection") and _applies(
            runner, text, u, d
        ):
            intent = runner
        else:
            intent = {
                "refer": "examples",
                "more": "examples",
                "why": "concept",
                "go_on": "unclear",
            }[intent]
    if intent in ("concept", "examples") and u.ordinal and d.shown:
        return "refer", True  # "第二个是什么意思" points at a shown item
    if (
        intent == "refer"
        and re.search(r"选|纠结|哪个好|哪条好|取舍", text)
        and _breaks_tie("choose", pred)
    ):
        return "choose", True  # "第一条和第二条我选不出来"
    how = STUCK_HOW.search(text) and len(text) <= 24
    if how and _breaks_tie("question_help", pred):
        return "question_help", True  # "我不太确定怎么回答"
    if (COUNTS_ASK.search(text) or SELF_DOUBT.search(text)) and _breaks_tie(
        "counts", pred
    ):
        return "counts", True  # "做PPT做到凌晨也不觉得累，这算S03吗"
    if MONEY_DOUBT.search(text) and _breaks_tie("counts", pred):
        return "counts", True  # "没写钱，但我确实在乎…是不是不诚实？要不要改"
    if PROGRESS_ASK.search(text) and _breaks_tie("progress", pred):
        return "progress", True  # "帮我看看我现在做到哪一步了"
    if (
        intent in ("greet", "unclear", "go_on", "progress")
        and len(text) >= 8
        and re.search(r"我.{0,6}(?:看|刷|玩|做|学|逛|听|搜|买|追|养|练)", text)
        and not REQUEST.search(text)  # "那帮我看看我做到哪一步了" asks
        and _breaks_tie("story", pred)
    ):
        return (
            "story",
            True,
        )  # "那我最近老在b站看装修改造视频": an answer given in passing
    if (
        REPORTED.search(text)
        and WORRY.search(text)
        and d.last_act in ("compare", "synthesis", "choose", "experiment")
    ):  # "我老婆说开店风险大，你觉得呢": their worry, met by a small test
        return "experiment", True
    if (
        re.search(r"怕|担心|不敢", text)
        and re.search(r"转行|辞职|工资|房贷|收入|降薪", text)
        and ctx_step_synthesis(d)
    ):
        return "experiment", True  # "怕转行工资降 还有房贷": test it without quitting
    if (
        re.search(r"除了.{2,10}", text)
        and re.search(r"没有|没什么|都不|除了", text)
        and _breaks_tie("counts", pred)
    ):
        return "counts", True  # "真的没有…除了打游戏": the exception is the answer
    if (
        re.search(
            # "这跟找想做的事有啥关系": the question's use for the workbook's aim
            r"(?:跟|和)(?:现在|我|工作|找工作|找|想做的事|做什么|才能|擅长|优点|长处)"
            r".{0,6}(?:有啥|有什么)关系",
            text,
        )
        # "才能跟价值观有啥关系" compares two parts: a concept, not this question
        and not re.search(r"(?:价值观|才能|热情|兴趣)(?:跟|和)", text)
        and _breaks_tie("question_help", pred)
    ):
        return "question_help", True  # why the question asks this
    if re.search(r"你(?:觉得|说|看)(?:哪个|哪条|选哪)", text) and _breaks_tie(
        "decide_for_me", pred
    ):
        return "decide_for_me", True  # asking the coach to pick
    if WRITE_FOR_ME.search(text):
        return "decide_for_me", True  # "你直接帮我把P05到P08都填了": not ours to write
    if (
        intent == "go_on"
        and d.last_act in ("choose", "synthesis", "refer")
        and d.pending.get("lines")
    ):
        return (
            "experiment",
            True,
        )  # "然后呢" after choosing: the next step is to try one
    if d.last_act == "feedback" and REVISE.search(text):
        return "feedback", True  # "那具体要怎么改": how to revise the draft
    if RANK.search(text) and _breaks_tie("choose", pred):
        return "choose", True  # "价值观排前五是按什么排": ranking is choosing
    if d.last_act in ("autonomy", "choose", "synthesis") and re.search(
        r"选不出|定不下|纠结|分不出", text
    ):
        return "choose", True
    if (
        d.last_act == "scope"
        and intent in ("pushback", "unclear", "greet", "story")
        and len(text) <= 12
    ):
        return "off_topic", True  # "那你随便说说嘛": still out of scope
    doubt = DOUBT_METHOD.search(text)
    if (
        doubt
        # "…会不会有一天也觉得累、觉得没意义" asked of someone else (P08): a
        # bare "没意义" at the end doubts the exercise only in a short message.
        and (doubt.group(0)[:1] in "填写做" or len(text) <= DOUBT_BARE_MAX)
        and not HARDSHIP.search(text)  # "被裁了…做这个到底有什么用": care first
        and _breaks_tie("pushback", pred)
    ):
        return "pushback", True  # "填这些对我没啥用吧": doubt about the exercise
    if intent == "pushback" and not d.last_act:
        return (
            "question_help",
            True,
        )  # nothing to push back on yet: it is about the question
    if (
        re.match(r"然后|接下来", text)
        and d.last_act in ("reflect", "feedback", "rephrase")
        and d.pending.get("more")
    ):
        return "go_on", True  # "然后呢 我该写啥": carry on from the last reply
    if FLAW_TURNED.search(text):
        return "flip", True  # "我最大的缺点就是太敏感…这个真的能变成优点吗"
    if FLIP.search(text) and _breaks_tie("flip", pred):
        return "flip", True  # "磨叽能翻成优点吗": the method's weakness → strength
    if (
        d.last_act == "choose"
        and intent in ("story", "unclear", "counts", "concept")
        and len(text) <= 20
    ):
        return "choose", True  # "内训师更稳定啊": a reason in the middle of choosing
    if (
        intent in ("concept", "why")  # "为什么你觉得这和价值观有关": that reason
        and text.startswith(("为什么", "为啥", "凭什么"))
        and d.pending.get("why")
    ):
        return "why", True
    if (
        d.last_act == "feedback"
        and intent in ("story", "go_on", "unclear", "question_help", "experiment")
        and len(text) <= 14
    ):
        return "feedback", True  # "改了一下，现在呢" / "那我要怎么改": the draft again
    if (
        intent == "story"
        and not u.said.get("positives")
        and re.search(
            r"迷茫|焦虑|不知道自己.{0,6}(?:喜欢|想要|适合)|一事无成|没方向", text
        )
    ):
        return "distress", True  # a story told from inside the fog: the feeling first
    if intent == "story" and len(text) < 10 and not u.entities:
        return "unclear", True  # too little to reflect; saying it back would parrot
    if intent == "pushback" and d.last_act and OBJECTS.search(text):
        return "pushback", True  # "改得太书面了": about the reply just given
    if (
        intent in ("choose", "decide_for_me", "synthesis", "refer")
        and COMPARE.search(text)
        and (ctx_step_synthesis(d) or re.search(r"候选|方向|选项|[AB][:：]?", text))
    ):
        return "choose", True  # "比较一下我的两个候选": the compare task
    if ABOUT_COACH.search(text) and len(text) <= 20 and _breaks_tie("meta", pred):
        return "meta", True  # "那你到底是谁"
    if (
        NOT_UNDERSTOOD.search(text)
        and len(text) <= 20
        and intent in ("concept", "question_help", "unclear")
        and _breaks_tie("question_help", pred)
        and not u.entities
    ):
        return "question_help", True  # "这个concept没懂": the question, explained
    if (
        intent in EXAMPLE_FROM
        and WANTS_EXAMPLE.search(text)
        and len(text) <= 30
        and _breaks_tie("examples", pred)
    ):
        return "examples", True
    if (
        (
            (len(text) >= NARRATIVE_MIN_CHARS and NARRATIVE.search(text))
            or (len(text) >= ANSWER_MIN_CHARS and ANSWERS.search(text))
        )
        and not REQUEST.search(text)
        and not SET_RIGHT.search(text)  # "…别加我没写的": said to us (blind33)
        # "第二个有点硬凹了…贴着这个再写一个": feedback on our reply (coach_blind16)
        and not facts.FEEDBACK.search(text)
        and intent not in ("distress", "crisis", "greet", "quiet", "injection")
        and _breaks_tie("story", pred)
    ):
        return "story", True  # a first-person account, no request in it
    return intent, False  # the classifier's reading, unconfirmed


# Readings an explicit "举个例子" turns into an example request.
EXAMPLE_FROM = (
    "examples",  # a weak "examples" guess, confirmed by the words themselves
    "question_help",
    "distress",
    "unclear",
    "story",
    "concept",
    "search",
)


MORE_SAYINGS = re.compile(
    r"再(?:给我?|来|说)?(?:一|两|几)个说法|换个说法|还有别的说法|还有(?:什么|啥)说法"
)
# A flaw and whether it turns into a strength, asked outright (coach_blind27).
FLAW_TURNED = re.compile(
    r"(?:缺点|毛病|短处)[^。！!]{0,30}(?:变成|翻成|当成|算)(?:优点|长处)[吗么呢？?]"
)


def _breaks_tie(intent: str, pred: classifier.Prediction) -> bool:
    """Tell whether a keyword pattern for ``intent`` may decide this message.

    A pattern picks between the classifier's two best guesses, or decides
    when the classifier is unsure; it never overrules a confident intent.
    """
    close = pred.confidence - pred.runner_up_confidence <= TIE_MARGIN
    return (
        pred.confidence < classifier.ABSTAIN_BELOW
        or intent == pred.intent
        or (intent == pred.runner_up and close)
        or pred.intent in FOLLOW_UPS  # "第一条和第二条我选不出来": a follow-up's words
    )


def _points(text: str, u: Understanding) -> bool:
    """Tell whether a message is a bare pointer ("那个呢", "第二个", "最后那个")."""
    rest = re.sub(r"[那这]个|[呢吧啊？?。，,！!\s]|展开|说说|讲讲|是什么意思", "", text)
    return u.ordinal is not None or POINTS_AT.search(text) is not None or not rest


def _continues_story(text: str, d: DialogueState) -> bool:
    """Tell whether a statement goes on with the story just reflected."""
    return (
        d.last_act == "reflect"
        and "我" in text
        and len(text) >= 12
        # "我好像就是想知道里面是怎么转起来的" is still their story.
        and not re.search(r"[？?]|[吗呢]$|^(?:怎么|为什么|为啥|什么|哪)", text)
    )


def _abstention(
    text: str,
    ctx: TurnContext,
    pred: classifier.Prediction,
    intent: str,
    u: Understanding,
    d: DialogueState,
) -> str:
    """Return why the coach should not pick an entry or story this turn, or ''.

    A message of one to three characters that is not a known short reply, or
    a guess the classifier holds below the calibrated threshold that no rule
    or dialogue state confirmed.
    """
    folded = classifier.fold(text)
    if ctx.selection or intent in ("abstain", "top", "crisis", "care", "checkin"):
        return ""
    if (
        question_asked(text, ctx.step, ctx.question.get("id", ""))
        or SORT_ASK.search(text)
        or (intent == "question_help" and ABOUT_QUESTION.search(text))
    ):  # about a workbook question ("V06一定要是哭过的事吗"), or "这属于哪一类":
        return ""  # the policy knows what to do

    if SHORT_KNOWN.fullmatch(folded) or folded in SHRUGS or facts.is_shrug(text):
        return ""  # "随便", "不知道", "嗯": a small step and an example, as before
    if (
        0 < len(folded) <= SHORT_MAX_CHARS
        and not SHORT_KNOWN.fullmatch(folded)
        and not (intent in FOLLOW_UPS and _applies(intent, text, u, d))
        and intent not in ("greet", "quiet", "distress", "feedback")
    ):
        return "short"  # "自由", "3", "那个": too little to pick anything for
    if (
        intent == "story"
        and (parts := facts.spans(text))
        and all(facts.asks(text, c) for c in parts)
    ):  # every clause asks us or is about the task: no story to quote back
        return "unsure"  # (coach_blind12: "你写到「那你按我写的原话重新排一遍」")
    # Told to us, not about their life: never their material. (A question
    # alone is not enough: "理想的一天？我现在想不了那么远" answers one; 97
    # such answers lost their reflection when every "？" and "给我" counted.)
    asks_us = bool(TO_US.search(text) or SET_RIGHT.search(text))
    if (
        intent == "story"
        and intent == pred.intent
        and pred.confidence < classifier.ABSTAIN_BELOW
        and any(role != "user" for role, _ in ctx.history)
        and facts.FEEDBACK.search(text)
    ):  # an unsure "story" that answers our last reply ("第二个有点硬凹了…再写一个",
        # coach_blind16): feedback, not a life to quote back; say what we can do.
        return "unsure"
    if (
        intent in GATED
        and intent == pred.intent  # no rule and no dialogue state confirmed it
        and pred.confidence < classifier.ABSTAIN_BELOW
        and not (intent == "story" and _continues_story(text, d) and not asks_us)
        # A story told at some length is met by quoting it, as written: the one
        # reading that cannot be wrong about the person (blind2: "其实当年选设计，
        # 就是因为不想坐办公室填表" got "我没把握你想让我做什么"). Not when it
        # sets us right or asks us to do something: "别帮我瞎填" and "你就按我
        # S01 S05 S06写的说" were quoted back as material (coach_blind33).
        and not (intent == "story" and len(folded) >= STORY_TOLD_CHARS and not asks_us)
        # A list pasted line by line (a search history for P03, coach_blind11)
        # is material they give, not a request to be guessed at.
        and not facts.pasted(text)
    ):
        return "unsure"
    return ""


def named_saved(text: str, ctx: TurnContext) -> list[str]:
    """Return the question ids the message names that hold a saved answer."""
    return [q for q in ids_named(text, ctx.step) if (ctx.answers.get(q) or "").strip()]


def _asks_the_question(text: str, ctx: TurnContext) -> bool:
    """Tell whether the message asks what the question on screen wants.

    By its number or "这题", or by quoting the question's own words ("'最常夸
    你什么'是要写具体的事，还是写个词就行").
    """
    focus = ctx.question.get("id", "")
    if question_asked(text, ctx.step, focus, meaning_only=True):
        return True
    asked = (ctx.question.get("text", ""), ctx.question.get("hint", ""))
    return bool(MEANING.search(text)) and any(
        facts.echoes_question(m, asked) for m in QUOTED_WORDS.findall(text)
    )


# "你先帮我看看S06写得行不行": their own answer, to be read now (coach_blind27)
LOOK_AT_MINE = re.compile(
    r"帮我看(?:看|一下|一眼)[^。？?]{0,8}(?:写得|写的)?(?:行不行|怎么样|好不好|可以吗|行吗)"
)


FELT = re.compile(
    r"迷茫|好累|很累|太累|累死|泄气|丧|憋屈|灰心|难受|好烦|很烦|烦死|焦虑|睡不着|"
    r"脱节|崩溃|撑不住|压力(?:好|很|太)?大|被裁|失业|没回音|没下文"
)


BESIDE_TASK = ("feedback", "read_answer", "concrete")
GREET_ASK_MIN = 10  # "好" is a greeting; "ok rewrite it with that" asks
# Readings a move about the talk may replace: none of them a task asked.
TALK_SOFT = (
    "story",
    "abstain",
    "unclear",
    "question_help",
    "greet",
    "distress",
    "feedback",
    "counts",
    "concept",
    "synthesis",  # "这套'喜欢×擅长×重要'是不是只适合有选择的人": no ask to combine
)


def _task_beside(text: str) -> str:
    """Return the hard clause of a message that also asks to read their answer."""
    if not LOOK_AT_MINE.search(text) or len(text) > 90:
        return ""
    hard = next(
        (
            c
            for c in facts.spans(text)
            if FELT.search(c)
            and not re.search(r"自己是|我是|废物|没用|一无是处|失败", c)
            and 4 <= len(c) <= facts.QUOTE_MAX
        ),
        "",
    )
    return facts.span_of(text, hard) if hard else ""


def _gibberish(text: str) -> bool:
    """Tell a keyboard mash ("asdfjkl;; 啊啊啊啊 1111") from a message."""
    words = re.findall(r"[a-z]+", text.lower())
    mashed = [w for w in words if len(w) >= 4 and not re.search(r"[aeiou]", w[1:-1])]
    cjk = re.findall(r"[\u4e00-\u9fff]", text)
    repeated = len(set(cjk)) <= 1  # "啊啊啊啊" or no Chinese at all
    return (
        bool(mashed)
        and repeated
        or (len(cjk) >= 3 and len(set(cjk)) == 1 and not words)
    )


def understand(
    ctx: TurnContext, d: DialogueState, *, quick: bool = False
) -> Understanding:
    """Return what the message of this turn means.

    ``quick``: the text is one of our own quick-pick chips, never a guess.
    """
    u = _understand(ctx, d, quick=quick)
    if (
        not quick
        and not (u.crisis or u.checkin)
        and (
            u.abstained == "unsure"
            or (u.intent == "story" and not u.abstained)
            # "ok rewrite it with that，中文就行": an ask behind an "ok"
            or (u.intent == "greet" and len(ctx.text or "") >= GREET_ASK_MIN)
        )
        and (
            routed := request.route(
                ctx.text or "",
                history=ctx.history,
                answers=ctx.answers,
                qid=(ctx.question or {}).get("id", ""),
                d=d,
            )
        )
    ):
        # A plain request in words no rule above knew: its verb and object
        # (request.py), rather than the unsure menu or a quote of the ask.
        u.intent, u.abstained, u.leans = routed, "", []
    if (
        not quick
        and not (u.crisis or u.checkin)
        and d.last_act not in ("crisis", "care", "checkin")
        and (said := moves.move(ctx.text or ""))
        # "今天就想说会儿话，别给我提建议" is no ask to be left alone
        and (u.intent in TALK_SOFT or (u.intent == "quiet" and said == "listen"))
        # "刚被裁…我哪有资格谈想做的事": the hardship is met first (empathy)
        and not (u.intent == "distress" and said == "not_for_me")
    ):
        # "你问题太多了", "不用给我建议", "我到底是X还是Y", "那就候选3吧": a move
        # about the talk (moves.py), never a story to quote back
        u.intent, u.abstained, u.leans = said, "", []
    if (
        not quick
        and not (u.crisis or u.checkin)
        and u.intent != "injection"
        and moves.TRANSLATE.search(ctx.text or "")
    ):
        u.intent, u.abstained, u.leans = "translate", "", []  # "C01翻成英文"
    if u.intent in BESIDE_TASK and not u.crisis and not u.checkin:
        # "四年没上班…感觉自己跟社会脱节了。你先帮我看看S06写得行不行": the
        # feeling met in one line (realise), then the task they asked for
        u.hard = _task_beside(ctx.text or "")
    return u


def _understand(ctx: TurnContext, d: DialogueState, *, quick: bool) -> Understanding:
    """Return what the message means, before a hard time beside a task is noted."""
    text = ctx.text or ""
    core = LEAD_PARTICLES.sub("", text, count=1).strip()
    pred = classifier.predict(core if len(core) >= 4 else text)
    u = Understanding(intent=pred.intent, confidence=round(pred.confidence, 3))
    # "第一条" is a position, not the value 「竞争」 that lists 第一 as an alias.
    u.entities = [
        e
        for e in entities.link(text)
        if not re.match(r"第[一二三四五1-5]", e["surface"])
    ]
    u.ordinal = entities.ordinal(text)
    u.category = entities.category_asked(text)
    u.topic = entities.topic(text)
    u.said = asdict(facts.read(text))
    last_reply = next((x for r, x in reversed(ctx.history) if r != "user"), "")
    u.denied = denial.pushed_back(text, last_reply)
    risk = safety.assess(text)
    saved = not text.strip() and d.last_act != "crisis"  # the answer just saved
    if not risk.found and (saved or (not d.cared and not ctx.care)):
        # Risk written in an answer or the profile, not yet answered with care
        # (the answer path answers it as it is saved; this is the backstop).
        # A turn with nothing typed is the saved answer itself: checked even
        # after an earlier check-in, as coach/services/safety.py checks every
        # save (a false check-in once hid a cut told in an answer: blind12);
        # not again right after the full script.
        written = safety.assess_all([*ctx.answers.values(), *ctx.person.values()])
        if (
            written.level == "high"
            or written.firm
            or (written.found and not text.strip())
        ):
            risk = written  # (nothing typed: the turn is the saved answer)
        elif written.score >= safety.WRITTEN_CHECK:  # answer, and ask once
            u.risk, u.checkin, u.written = written.dump(), True, True
    if (risk.level == "check" and not risk.firm) and (
        GRIEF.search(text)
        or (len(text) <= LEAVE_MAX_CHARS and LEAVE.search(text))
        or (WORKBOOK_ASK.search(text) and not safety.lexicon.CUES.search(text))
        or (d.shown and len(text) <= 12 and POINTS_AT.search(text))
        # "第二条换成我自己的话": an item of the last list, no risk word
        or (
            (d.pending.get("items") or d.pending.get("lines"))
            and len(text) <= 20
            and POINTS_AT.search(text)
            and not safety.lexicon.CUES.search(text)
        )
        or (REPORTED.search(text) and not HARMED.search(text))
        or (SUSTAIN.search(text) and not safety.lexicon.CUES.search(text))
        # "我这辈子就没掉过眼泪" right after a question about tears: a denial
        or (u.denied and not HARMED.search(text))
        # "没有，就是累了" right after a check-in: they answered it, no second ask
        or (
            d.asked and CHECKIN_NO.search(text) and not safety.lexicon.CUES.search(text)
        )
        or (
            0 < len(classifier.fold(text)) <= SHORT_MAX_CHARS
            and not HARMED.search(text)
        )
    ):  # a weak guess loses to a clear reading: a loss, a goodnight, "最后那个",
        # someone else's opinion quoted ("我爸说我傻"), "那个" with no risk word
        risk = safety.NONE
    told = d.care_kind or d.asked  # the danger met, or asked about just now
    if (
        told
        and risk.found
        and (risk.source == "model" or _threat_tool(risk, told))
        and safety.FAMILY.get(risk.kind) != safety.FAMILY.get(told)
    ):  # the same story goes on: who is in danger is already known ("菜刀我都
        # 磨好了" after a threat was asked about is the threat, round 32)
        risk = dataclasses.replace(risk, kind=told)
    if not u.written:
        u.risk = risk.dump()
    u.crisis = risk.level == "high"
    if u.crisis:
        u.intent = "crisis"
        return u
    if d.asked and risk.level != "high" and (yes := _yes_to_checkin(text, d.asked)):
        # They were just asked whether they are safe: a clear yes is risk said,
        # an unclear one ("对对，就是这个" to an either-or) is asked plainly again.
        risk = safety.Risk(d.asked, *yes, "lexicon", firm=True)
        u.risk, u.crisis = risk.dump(), risk.level == "high"
        u.intent = "crisis" if u.crisis else "checkin"
        return u
    in_care = d.last_act in ("crisis", "care", "checkin") and bool(d.care_kind)
    stays = (
        pred.intent in CARE_STAYS
        or len(LEAD_PARTICLES.sub("", text)) <= 4
        or (
            d.care_kind in ACUTE_CARE
            and d.last_act in ("crisis", "checkin")  # the next line only
            and not SAFE_NOW.search(text)
        )
        or (  # the next line only
            d.last_act == "crisis"
            and not _moves_on(text)
            and safety.leaning(text) >= CARRIES_ON
        )
    )
    if (
        in_care
        and d.care_kind in ("means", "danger_now")
        and safety.lexicon.SYMPTOMS.search(text)
    ):  # "就是有点困了" after pills or gas: the danger goes on, 120 again
        risk = safety.Risk(d.care_kind, "high", 1.0, "lexicon")
        u.risk = risk.dump()
    safe_now = in_care and bool(SAFE_NOW.search(text) or HELP_PLAN.search(text))
    if safe_now and not (risk.level == "high" and risk.source == "lexicon"):
        # "现在我安全了，在我闺蜜家…刚吃了点东西" (round 32): food is no pills
        risk = safety.NONE
        u.risk = risk.dump()
    if (
        in_care
        and not safe_now
        and d.care_kind in ("harm_others", "means", "suicide", "danger_now")
        and safety.lexicon.SOON.search(text)
    ):  # "她一般七点吃早饭，我今晚就放进去": the plan goes on, with a time (round 16)
        risk = safety.Risk(d.care_kind, "high", 1.0, "lexicon")
        u.risk = risk.dump()
    if in_care and (
        (
            d.care_kind in ("danger_now", "suicide")
            and safety.lexicon.EDGE_SCENE.search(text)
        )
        or (
            d.care_kind in ("means", "suicide", "self_harm")
            and safety.lexicon.METHOD_ASKED.search(text)
        )
    ):  # "下面的车好小", "googled how long it takes": still at the edge (round 27)
        risk = safety.Risk(d.care_kind, "high", 1.0, "lexicon")
        u.risk = risk.dump()
    if in_care and safety.goes_on(text, d.care_kind):
        # The same danger told on, by the kind met (round 28): marks not yet
        # faded, a habit grown, "我不是开玩笑", a day chosen, "别劝我".
        risk = safety.Risk(d.care_kind, "high", 1.0, "lexicon")
        u.risk = risk.dump()
    owned = d.care_kind or d.asked
    if owned and not risk.found and safety.lexicon.OWNED.search(text):
        # "asking for a friend…", then "其实那个朋友就是我": theirs (round 26)
        risk = safety.Risk(owned, "high", 1.0, "lexicon")
        u.risk, in_care = risk.dump(), True
    if in_care and (risk.level == "high" or risk.firm):
        # More risk said in care (a sure guess twice is no false alarm): the script.
        u.intent, u.crisis = "crisis", True
        return u
    # A mere guess in care ("最好是可以远程的那种" after care): the frame holds.
    # So do the words taken back right after the full reply ("开玩笑的啦"):
    # no moving on yet (round 30).
    if (HELP_ASKED.search(text) and not HELP_WORK.search(text)) or (
        in_care
        and (
            safe_now
            or RESUME.search(text)
            or stays
            or risk.found
            or (d.last_act in ("crisis", "care") and safety.taken_back(text))
        )
    ):
        u.intent = "care"  # the care frame holds until they move on, unrepeated
        return u
    if risk.level == "check":
        # A sure guess is the point of the message, however long (risk.firm);
        # so is a guess in English, whose canned reply has no room for the line.
        if (
            len(text) <= CHECKIN_ALONE_CHARS
            or pred.intent == "crisis"
            or risk.firm
            or not re.search(r"[\u4e00-\u9fff]", text)
            or (risk.score >= CHECKIN_SURE and risk.source == "model")
            or (risk.kind in CHECKIN_KINDS and risk.source == "model" and not u.written)
        ):
            u.intent = "checkin"  # a short message: the question is the reply
            return u
        u.checkin = True  # inside a story: answer it, and ask once
    if len(text) <= LEAVE_MAX_CHARS and LEAVE.search(text):
        u.intent = "greet"  # a goodbye: what is written is saved, see you next time
        return u
    # Then, in this order: an attack (in any language), an explicit task, a
    # question about a numbered question, hardship, and only then content.
    if INJECTION_ANY.search(text) or (
        pred.intent == "injection" and ATTACK.search(text)
    ):
        u.intent = "injection"
        return u
    if (
        len(text) <= DISPUTE_MAX
        and CLAIM_FIX.search(text)
        and FIX_RIGHT.search(text)
        and FIX_DISPUTE.search(text)
        and not re.search(r"帮我|写成|整理|挑|排|我不是", text)  # a task goes on
    ):
        u.intent = "pushback"  # "你说美妆 但其实我…是喜欢颜色": a reading corrected
        return u
    if CLAIMED.search(text) and len(text) <= DISPUTE_MAX:
        core = facts.claimed_core(text)
        spoke = any(role != "user" for role, _ in ctx.history)
        # A task or a "does it count" beside it is done, the word said to be
        # none of ours first (realise._unsaid): "你说的那个'有用'去掉，剩下的再排"
        asks_more = (
            (
                u.ordinal is not None
                and d.pending.get("items")
                and re.search(r"为啥|为什么|展开|说说|依据|去掉|删|哪来|看出", text)
            )
            or TASK_VERB.search(text)
            or COUNTS_ASK.search(text)
            or re.search(r"排一下|再排|挑|写一条|列", text)
        )
        # Pinned on us outright ("你刚才说的那个王老师是谁？"), a claim is
        # checked even before our first reply here (coach_blind27).
        ours = spoke or re.search(
            r"你(?:刚才|刚刚|前面|之前|上一?条)|你(?:说|写|加|改)", text
        )
        if core and not facts.said_by_us(core, ctx.history) and ours and not asks_more:
            u.intent = "pushback"  # "我啥时候说想住海边了": never said by us
            return u
    if len(text) <= ASK_ME_MAX and ASK_ME.search(text) and ctx.question.get("id"):
        u.intent = "nudge"  # "你随便问一个吧": one smaller question (policy: stuck)
        return u
    if CONTRADICT_ALL.search(text) or (
        MIXED.search(text) and len(named_saved(text, ctx)) >= 2
    ):
        # across their answers, not one mixed feeling; "V02和V07是不是矛盾":
        # those two, side by side (coach_blind31); none written: said so
        u.intent = "tension"
        return u
    if MIXED.search(text) and ctx.question.get("id") and len(text) <= 80:
        u.intent = "counts"  # "我又挺佩服他…这个矛盾吗": answered (realise/mixed.py)
        return u
    # (the question's words they quote are not their ask: "'最常找你帮什么忙'")
    unquoted = QUOTED_WORDS.sub("", text)
    if len(text) <= ASKS_QUESTION_MAX and not TASK_VERB.search(unquoted):
        if _asks_the_question(text, ctx):
            # "这个题啥意思 投入心血 我就是干活挣钱": the question, not a story
            u.intent = "question_help"  # (coach_blind17: reflected as a story)
            return u
        if MEANING.search(text) and CONCEPT_WORD.search(text):
            u.intent = "concept"  # "才能和领域配对是啥意思": the method's words
            return u
    if (
        SIDES_ASK.search(text)
        and (ctx.step == "strengths_exploration" or "才能" in text)
        # "归纳成三个…每个写长处形式", "那条留着…短处不用写了": the list's act
        and not re.search(r"归纳|合并|提炼|合成|留着|删掉|不用写|不要写|再列", text)
    ):
        u.intent = "sides"  # "它的长处形式和短处形式" (coach_blind25): the KB's words
        return u
    if CAN_WRITE.search(text) and ctx.question.get("id") and len(text) <= 40:
        u.intent = "question_help"  # "这题可以找已经去世的人吗": yes, and the question
        return u
    if DISTINGUISH.search(text):
        u.intent = "concept"  # "怎么分辨是真好奇还是打发时间" (coach_blind25)
        return u
    if FLIP.search(text) and re.search(
        # "那你帮我把磨蹭翻一下试试，给我两三个说法": one habit, named (coach_blind18)
        r"造(?:个|一个)?句|就用.{1,12}这个|"
        r"(?:把|将)(?!(?:这个?|我的?)?(?:缺点|毛病|短处|不足|弱点|坏?习惯)(?:翻|反过来))"
        r"[^，,。！？!?]{1,8}(?:翻|反过来)|帮我[^。！？!?]{0,8}(?:翻成|翻过来|翻一下|翻个面)",
        text,
    ):
        u.intent = "flip"  # "帮我造个句…正因为…所以…，就用解释设计理由这个"
        return u
    if SOURCES_ASKED.search(text) and ctx.question.get("id"):
        u.intent = "question_help"  # where else to look for this question's material
        return u
    if GIVES_EXAMPLE.search(text) and len(text) >= NARRATIVE_MIN_CHARS:
        u.intent = "story"  # "说个S03的例子，上个月我给小区做了个表…": told
        return u
    if asks_interpret(text, told=True):
        u.intent = "interpret"  # "这能看出我有什么才能吗": what they just told
        return u
    if d.last_act == "flip" and MORE_SAYINGS.search(text):
        u.intent = "more"  # "再给我两个说法" after a flip: two more, not a list
        return u
    if KEYWORDS.search(text) and asks_each_word(text, ctx.answers, ctx.step):
        u.intent = "keywords"  # "V01到V06每条都提炼成一个关键词": one per answer
        return u
    if (
        # "帮我把这个写成P02的答案，顺便…归到领域上": a rewrite first (coach_blind15)
        (
            TOP_ASK.search(text)
            and not re.search(r"写成|整理成|写进", text)
            and not THIN_ASK.search(text)  # "哪几条写得最弱？挑两条": the thinnest
        )
        # "根据我前面写的，推测我可能对什么感兴趣，列三个" (coach_blind22)
        or (GUESS_PART.search(text) and ctx.answers)
        or (
            KEYWORDS.search(text)
            and ctx.answers
            and not WANTS_EXAMPLE.search(text)
            and not REPEATS.search(text)  # "圈出反复出现的关键词": what comes back
        )
        or (
            d.last_act in ("top", "item_why")
            and RERANK.search(text)
            and not PURPOSE.search(text)  # "按我的排序帮我写一句工作目的"
        )
    ):
        u.intent = "top"  # a task with evidence, whatever the classifier guessed
        return u
    sure_else = pred.confidence >= SURE and pred.intent not in ("experiment", "summary")
    if EXPERIMENT_ASK.search(text) and not WANTS_EXAMPLE.search(text) and not sure_else:
        u.intent = "experiment"  # "帮我给C04配一个1–2周的小实验", "复盘时问自己啥"
        return u
    if d.last_act == "summary" and SHORTER_ASK.search(text) and len(text) <= 20:
        u.intent = "summary"  # "太长了，三行以内": the same summary, shorter
        return u
    draft = (ctx.answers or {}).get(ctx.question.get("id", ""), "")
    last_reply = next((x for r, x in reversed(ctx.history) if r != "user"), "")
    if (
        # our asks ("补上这几样") were long, not a version of theirs to paste
        (d.last_act in EXPLAINING or "补上这几样" in last_reply)
        and SHORTER_ASK.search(text)
        and len(text) <= 20
        and (most := limit_of(text))
        and len(draft) <= most
    ):
        # "太长了，压到50字以内" when their answer is 16 characters: our reply
        u.intent = "plain"  # (coach_blind27), said again short (realise/simpler.py)
        return u
    if (
        SUMMARY_ASK.search(text)
        and not TOP_ASK.search(text)
        and not sure_else
        and not FLIP.search(text)  # "从我说的这些里挑一个 帮我翻成优点": a flip
    ):
        u.intent = "summary"  # "把这一步总结一下吧，S01到S08"
        return u
    if named_question(text, ctx.step) and ONE_LINE.search(text):
        u.intent = "together"  # "V05那条和我这版合成一句": their words joined
        return u
    if COLUMNS_ASK.search(text) and (
        named_question(text, ctx.step)
        or re.search(r"继承|不想要|想要的|想学|想保留|想拒绝", text)
    ):
        u.intent = "summary"  # "V04帮我分成想继承的和不想要的两栏": one answer, sorted
        return u
    if asks_together(text, ctx.step):
        u.intent = "together"  # "第1题第2题还有这个合起来看看": named answers
        return u
    if number_missing(text, ctx.step):
        u.intent = "question_help"  # "第十题是啥" in a step of nine: say so
        return u
    edited = named_question(text, ctx.step) or ctx.question.get("id")
    if (
        len(text) <= EDIT_MAX
        and KEEP_OR_DROP.search(text)
        and edited
        and (ctx.answers or {}).get(edited)
        and not ctx.selection
        # "那条留着，最后一条删掉" after a list: the list, not the answer
        and not (d.pending.get("items") and LIST_EDIT.search(text))
    ):  # "第六题孩子出生那句留着，讲我老公那段去掉": their answer, edited
        u.intent = "concrete"
        return u
    if task := task_intent(text, d, ctx.step):
        u.intent = task  # compare, make concrete, "第二条为什么" (tasks_route.py)
        return u
    if task := classified_task(text, pred.intent, pred.confidence):
        u.intent = task  # a task said in words no rule above knows
        return u
    if facts.pasted(text) and pred.confidence < 0.5:
        u.intent = "story"  # a list pasted line by line: material, said back
        return u
    aside = re.sub(r"(?:先)?(?:别管|不管|不写)(?:这个|这道?)?题了?", "", text)
    if OUTSIDE.search(text) and not WORKBOOK.search(aside) and pred.confidence < 0.5:
        u.intent = "off_topic"  # "帮我写一封英文邮件催尾款": not ours to do
        return u
    if COMBINE_ASK.search(text) and not ASKS_HOW.search(text):
        u.intent = "synthesis"  # "help me combine 一下 我写的这些": the task itself
        return u
    named = named_question(text, ctx.step)
    if (
        not named
        and THIS_ONE.search(text)  # "这题怎么理解": the one on screen
        and not entities.quoted_question(text)  # a quoted question is named by it
    ):
        named = ctx.question.get("id")  # "这题怎么理解": the one on screen
    if named and (ctx.answers or {}).get(named) and READ_MINE.search(text):
        u.intent, u.topic = "read_answer", named  # the saved answer is the subject
        return u
    if (
        (named or ctx.question.get("id")) == ctx.question.get("id")
        and ctx.draft
        and JUDGE_MINE.search(text)
        and len(text) <= JUDGE_MAX
    ):  # "我V02是不是写得太短了": their draft on screen, looked at
        u.intent = "feedback"
        return u
    if QUOTED_DRAFT.search(text) and len(text) <= JUDGE_MAX:
        u.intent = "feedback"  # "这题我就写一句'她是个好人'，行不": that draft
        return u
    if (
        named
        and ASKS_ABOUT.search(text)
        and not ctx.selection
        and not OTHERS.search(text)  # "别人一般是怎么写这题的": examples
    ):
        # "第5题是什么意思": that very question, rephrased (policy.py resolves
        # which one with numbered.py); never the one in focus when another
        # was named.
        u.intent = "question_help"
        return u
    if (
        u.denied
        and len(text) <= DENIAL_MAX_CHARS
        and pred.intent != "distress"
        and not (WORN.search(text) or STRAIN.search(text) or HARDSHIP.search(text))
    ):
        u.intent = "denial"  # "我一个大老爷们，没哭过啊": honoured before content
        return u
    if ctx.selection:
        u.quoted_question = _selection_question(ctx.selection)
    elif len(text) >= 12:
        u.quoted_question = entities.quoted_question(text) or (
            # a hint's line, unless they ask about a method word beside it
            # ("这句式我没太看懂，才能和领域有啥区别": the words, explained)
            None
            if CONCEPT_WORD.search(QUOTED_WORDS.sub("", text))
            else entities.quoted_hint(text)
        )
    intent = pred.intent
    if intent == "crisis":  # a weak crisis guess: still take care, gently
        intent = "distress"
    if u.checkin and intent == "distress":
        intent = "story"  # the figure of speech sits inside a story
    confidence = pred.confidence
    if intent == "injection":  # no attack words: the classifier's second reading
        intent = pred.runner_up if pred.runner_up != "injection" else "story"
        confidence = pred.runner_up_confidence
    if pred.confidence < MIN_CONFIDENCE / 2 and intent not in FOLLOW_UPS:
        story = len(text) >= STORY_MIN_CHARS and "我" in text
        intent = "story" if story else "unclear"
    # The classifier's reading of this message, as the gate judges it.
    raw = classifier.Prediction(
        intent, confidence, pred.runner_up, pred.runner_up_confidence
    )
    pred = classifier.Prediction(
        intent, pred.confidence, pred.runner_up, pred.runner_up_confidence
    )
    intent, confirmed = _resolve(pred, text, u, d)
    if intent == "crisis":  # not from the detector (u.crisis returned above)
        intent = "distress"
    if intent == "abstain":
        u.intent = intent
        return u
    if (
        (not re.search(r"[\u4e00-\u9fff]", text) and len(text.split()) >= 3)
        or IN_ENGLISH.search(text)  # "Can you explain this in English? 我中文慢"
    ) and intent != "injection":
        u.intent = "english"  # an English message gets an English-friendly reply
        return u
    if ctx.selection and re.search(r"不同意|不认同|不赞同|不对吧", text):
        u.intent = "pushback"  # disagreeing with the highlighted text
        return u
    elif _gibberish(core):
        intent = "unclear"  # a keyboard mash ("asdfgh", "sdfg")
    elif (
        (felt := _unquote_saved(text, ctx.answers)) != text
        and not (WORN.search(felt) or STRAIN.search(felt) or HARDSHIP.search(felt))
        and REVISE_OWN.search(text)
    ):
        pass  # "把原来那句'没有 做啥都累'替换掉": their saved words, not a feeling now
    elif (
        (COUNTS_ASK.search(text) or re.search(r"算[？?]", text))
        and SHY.search(text)
        and not HARDSHIP.search(text)
    ):
        # "打游戏算？…太没出息了": whether it counts, answered
        intent, confirmed = "counts", True
    elif WORN.search(text) and len(text) <= WORN_MAX_CHARS:
        if intent in (*CONTENT, "question_help", "go_on"):
            intent = "distress"  # "十二个小时夜班，脑子完全不转了，写不动"
    elif (
        (STRAIN.search(text) and len(text) <= 40)
        or (SELF_DOWN.search(text) and len(text) <= SELF_DOWN_MAX)
    ) or (HARDSHIP.search(text) and (STRAIN.search(text) or len(text) <= 80)):
        # "考公和基金，这算兴趣吗？还是只是焦虑？" asks whether it counts:
        # a feeling named inside that question is not how they feel now
        # "膝盖不行了，医生说不能再干…不知道还能干嘛" reads as a question about
        # the question; the hardship comes first (coach_blind21)
        asked_on = intent in ("question_help", "rephrase") and bool(
            HARDSHIP.search(text) or AGED.search(text)
        )  # "俺这岁数了还找啥喜欢的事…对俺有用不" (coach_blind24)
        if (intent in (*CONTENT, "why", "go_on") or asked_on) and not (
            intent == "counts" and COUNTS_ASK.search(text)
        ):
            intent = "distress"  # "被裁了…睡不着。做这个到底有什么用"
    elif HURT_BY_WORDS.search(text) and intent in (
        *CONTENT,
        "why",
        "go_on",
        "question_help",
        "rephrase",
    ):
        intent = "distress"  # "说我'不安分'…回房间哭了": hurt first (coach_blind23)
    elif (
        sum(bool(b.search(text)) for b in BURDEN) >= 2
        and any(b.search(text) for b in DOUBTS)
    ) and intent in (
        *CONTENT,
        "why",
        "go_on",
        "question_help",
        "unclear",
    ):
        intent = "distress"  # a hard stretch piled up in a long message
    elif REVISE.search(text) and ctx.draft and intent in ("more", "examples", "story"):
        intent = "feedback"  # "帮我改改": their draft, revised, not more cards
    elif MUST_WRITE.search(text) and intent == "distress" and not u.checkin:
        # "我不想去问别人，太尴尬了，能跳过吗" (coach_blind29): the question about
        # the question is answered; a mild feeling beside it is no hard time
        intent = "question_help"
    elif (ABOUT_QUESTION.search(text) or FITS_ME.search(text)) and intent in (
        "story",
        "unclear",
        "feedback",
        "counts",  # "V05一定要是生气的事吗" read as "does this count"
        "abstain",  # "这题可以找已经去世的人吗" (coach_blind25), read as nothing
    ):
        intent = "question_help"  # "也得写吗": the answer is about the question
    elif d.last_act == "experiment" and REFIT.search(text):
        intent = "experiment"  # "别让我去找陌生人…按这个再调一下": the same, refitted
    elif (
        d.last_act == "experiment"
        and len(text) <= 30
        and (TIME_LIMIT.search(text) or re.search(r"太短|太紧|时间不够|排不开", text))
    ):
        intent = "experiment"  # "我周末只有半天空": the same experiment, smaller
    if intent in ("distress", *CONTENT, "why", "go_on") and _task_beside(text):
        intent, confirmed = "feedback", True  # their answer read, the feeling met
    if (ctx.selection and len(text) <= 24 and intent not in SELF_CONTAINED) or (
        u.quoted_question and intent in ("concept", "question_help", "unclear")
    ):
        intent = "explain_text"
    if intent == "story" and TO_US.search(text):
        # "那你从我别的答案里帮我找找…", "你再改一下，最好在家就能做": asked of
        # us, not told; said back as their story it would be untrue
        # (coach_blind19). Unsure: say what we can do, offer choices.
        u.intent, u.abstained = "abstain", "unsure"
        u.leans = _leans(text, pred)
        return u
    u.intent = intent
    if not (quick or confirmed):
        u.abstained = _abstention(text, ctx, raw, intent, u, d)
    if u.abstained:
        u.intent = "abstain"
        if u.abstained == "unsure":
            u.leans = _leans(text, pred)
    return u


# About what a question wants, whatever the classifier read ("也得写吗",
# "是让我写缺点吗", "V06一定要是哭过的事吗", "你换个问法问我吧").
ABOUT_QUESTION = re.compile(
    "|".join(p.pattern for p in (MUST_WRITE, ASKS_IF, MUST_BE, ASK_AGAIN, CAN_WRITE))
)
# A guess at a part of theirs from what they wrote: a top list, with evidence.
GUESS_PART = re.compile(
    r"(?:推测|猜猜?|看看|判断)(?:一下)?我?(?:可能)?(?:对什么感兴趣|喜欢什么|擅长什么|"
    r"在意什么|看重什么|对啥感兴趣)"
)
# Something asked of us, in a message that would otherwise be read as a story.
TO_US = re.compile(
    r"(?:你|帮我)(?:再|就|帮我)?(?:改|写|找|整理|弄|调|换|加|删)|再(?:改|写|加)一|"
    r"再(?:自然|口语|简单|通顺|短|具体)一?点|"
    # An ask about wording or a guess put to us (coach_blind20): "换个温和点的
    # 说法", "别用“正义”这种大词", "你猜猜我理想的一天", "帮我想C02",
    # "换一个，不要需要拍视频的", "加上这个重新写一版", "从我S04里找几个…词"
    r"换个.{0,6}说法|换成我|别用|不要用|别把我写|重新写|写一版|"
    r"你?猜(?:猜|一下|我)|(?:你|那你)(?:按|从|根据|照着?|给|来|替)我|帮我想|"
    r"推测|推断|猜测|"
    r"^(?:那)?(?:换一个|换个|再来一个)|找几个|给我[一二三两几\d]个|"
    # Their answer to what we said before ("你上次说我擅长“分析”，太笼统了"):
    # about us, never a story of theirs to quote back
    r"你(?:上次|刚才|之前|前面)说|(?:整|弄)成.{0,6}答案|"
    r"\b(?:pls|please|help me|rewrite)\b|"
    # "你重新看一下V04，只说…" (coach_blind31): asked of us to read, not told
    r"^(?:那)?你(?:再|重新|先|帮我)?(?:看|读|对|查|数|过)(?:一下|一遍|看)",
    re.I,
)
# Setting us right ("别帮我瞎填", "别加我没写的", "那栏我是空着的"): said to
# us, never their material.
SET_RIGHT = re.compile(r"别(?:帮我|给我|替我)|别加|瞎填|我没写过|我是空着的|不是我写的")
# "算了 你随便问一个吧", "你问我吧" (coach_blind18): asked for a question.
# Said at the end ("你问我重要选择按啥标准" asks about the question).
ASK_ME = re.compile(
    r"(?:(?:随便|直接|就)问(?:我)?|你问(?:我)?(?=一个|个|几个))(?:一个|个|几个|一句|点)?"
    r"(?:问题)?[吧呗呀啊]?"
    # "那你问我一个问题吧，就一个" (coach_blind27)
    r"(?:[，, ]*(?:就|只)(?:问)?(?:一个|一句)(?:就行|就好)?)?[。！!～~\s]*$|"
    r"你来问[吧呗]?[。！!\s]*$|你问(?:我)?吧[。！!\s]*$"
)
ASK_ME_MAX = 14
ONE_LINE = re.compile(r"(?:合|连|并|拼|凑|揉|糅)成一[句条]")
COLUMNS_ASK = re.compile(
    r"(?:分|拆)成?.{0,14}(?:两栏|两列|两类|两部分|两边)|按.{0,16}(?:两栏|两列)|"
    # "你帮我整理一下，分成想要的和不想要的" (coach_blind19)
    r"分成?(?:想|要)[^，。]{0,8}(?:和|跟)(?:不想|不要|坚决不)"
)
# "帮我设计一个两周内能做完的小实验", "复盘的时候我要问自己啥" (coach_blind15).
# Real curiosity told from killing time or usefulness: the method's distinction.
DISTINGUISH = re.compile(
    r"(?:怎么|如何|咋)(?:分辨|区分|分清|判断|看出)[^。？?]{0,12}"
    r"(?:真好奇|真喜欢|真感兴趣|打发时间|消遣|只是有用|觉得有用)"
)
AGED = re.compile(r"这岁数|这把年纪|岁数大了|年纪大了|都[四五六]十(?:多)?了")
# Money cared about and doubted as a value (coach_blind23).
MONEY_DOUBT = re.compile(
    r"(?:在乎|看重|在意|想要|为了)(?:的是)?(?:钱|赚钱|收入|工资)"
    r"[^。？?]{0,20}(?:不诚实|虚伪|俗|丢人|算不算|要不要(?:改|加|写)|是不是)|"
    r"没写钱[^？?]{0,30}(?:不诚实|要不要|是不是|算不算)"
)
EXPERIMENT_ASK = re.compile(
    r"(?:配|设计|弄|安排|排|想|定)(?:一)?个?.{0,12}小实验|小实验.{0,6}(?:怎么做|怎么设计|设计)|"
    r"复盘(?:的时候|时)?.{0,8}(?:问|看|列)|"
    # "C05你就帮我定一个这周能做的最小的事吧" (coach_blind23)
    r"(?:定|想|找|给我)(?:一)?个?(?:这周|这个?礼拜|本周|两周内?|一两周内?)"
    r"(?:就)?(?:能|可以)(?:做|试)的.{0,6}(?:事|一步)"
)
# "把这一步总结一下", "S01到S08总结成三四句话": their answers gathered.
SUMMARY_ASK = re.compile(
    r"(?:把|帮我).{0,12}(?:这一步|这几题|这部分|综合|[VSPC]0?[1-9]到[VSPC]?0?[1-9]).{0,6}"
    r"(?:总结|梳理|理一理|归纳|概括)|(?:总结|梳理|概括)(?:一下)?(?:这一步|这几题|这部分)|"
    # "帮我看看我P02 P03里有没有啥线索" (coach_blind26): those answers, gathered
    r"(?:看看|看下|瞅瞅|找找)我?的?\s*[VSP]0?[1-9](?:\s*[和跟、]?\s*[VSP]0?[1-9])*"
    r"(?:里|里面)?(?:有没有|有啥|有什么)(?:啥)?(?:线索|规律)"
)
# "提几个价值观关键词", "给我两三个候选词，我自己挑": names from the knowledge
# base their words point to, each with its quote (realise/tasks.top, scoped).
KEYWORDS = re.compile(
    r"关键词|候选词|提(?:几|两三|三)个|(?:给|帮)我(?:提|想|找)?(?:几|两三|三|两)个(?:词|说法)|"
    r"提炼(?:成|出)?.{0,4}(?:几|两三|三|两)个词"
)
# "那你按我写的原话重新排一遍": the list just given, ordered again.
# ("稳定为啥排第一", "你为啥这么排" ask why: item_why, not a new order)
RERANK = re.compile(r"重新排|再排|排一遍|重排|换个顺序|排个?序|按重要")
# "我V02是不是写得太短了", "这题我写得行不行": a look at the draft on screen.
JUDGE_MINE = re.compile(
    r"写得?(?:是不是)?(?:太|有点|挺)?(?:短|长|普通|简单|空|水|乱|平淡)了?|"
    r"写得?(?:行不行|可以吗|怎么样|对不对|够不够|好不好)|是不是写得"
)
JUDGE_MAX = 40
EDIT_MAX = 60  # an edit of a saved answer is said briefly
LEAN_MIN = 0.12  # a task the task model gives at least this is worth offering


def _leans(text: str, pred: classifier.Prediction) -> list[str]:
    """Return the tasks and intents this message leans to, best first."""
    tasks = classifier.task_ranked(text)
    return [t for t, p in tasks if t != "other" and p >= LEAN_MIN] + [
        pred.intent,
        pred.runner_up,
    ]


# A span in quotes ('…', "…", “…”, 「…」).
QUOTED_SPAN = re.compile(
    r"'([^'\n]{2,40})'|\"([^\"\n]{2,40})\"|“([^”\n]{2,40})”|「([^」\n]{2,40})」"
)
# Asks to rewrite or replace what they saved (the quote is the thing edited).
REVISE_OWN = re.compile(r"替换|换掉|改[成掉]|重写|删掉|去掉|写进|用这个改")


def _unquote_saved(text: str, answers: dict) -> str:
    """Return ``text`` without the quoted spans that are their own saved words."""
    saved = [a for a in answers.values() if a]

    def drop(m: re.Match) -> str:
        span = next(g for g in m.groups() if g)
        return "" if any(span in a for a in saved) else m.group(0)

    return QUOTED_SPAN.sub(drop, text)
