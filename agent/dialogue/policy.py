"""Policy: which act this turn takes and which tools ground it.

One table maps intents to acts; the few acts that depend on the dialogue state
or on how well the knowledge base matches decide here. Acts in ``GUARDED`` are
answered before any model, in LLM mode too (crisis, refusal, quiet mode, and
the tasks that quote the saved answers).
"""

from __future__ import annotations

import re

from agent.concepts import concept_key
from agent.context import TurnContext
from agent.dialogue.numbered import (
    MEANING,
    named_question,
    number_missing,
    question_asked,
)
from agent.dialogue.plans import (
    STEP_CATEGORY,
    Plan,
    _call,
    _examples,
    _next_question,
    _refer,
    _search,
)
from agent.dialogue.signals import ASKS_IF, GIVES_EXAMPLE, MUST_BE, SORT_ASK, STUCK
from agent.dialogue.state import DialogueState
from agent.dialogue.tasks_route import AGAIN
from agent.dialogue.understanding import Understanding

# Tasks on the saved answers quote them verbatim through the evidence matcher
# (realise/tasks.py, compare, concrete, refs): a model would paraphrase them,
# so the dialogue manager answers these in both modes.
EVIDENCE_TASKS = (
    "top",
    "compare",
    "concrete",
    "item_why",
    "plain",
    "point",
    "purpose",
    "means",
    "first_step",
    "together",
    "answer_here",
    "interpret",
    "repeats",
    "tension",
    "thin",
    "form",
    "sides",
)
GUARDED = ("crisis", "care", "checkin", "refuse", "quiet", *EVIDENCE_TASKS)
ACTS = {
    "crisis": "crisis",
    "injection": "refuse",
    "quiet": "quiet",
    "off_topic": "scope",
    "meta": "scope",
    "distress": "empathy",
    "greet": "greet",
    "concept": "explain",
    "question_help": "rephrase",
    "examples": "examples",
    "more": "more",
    "refer": "refer",
    "why": "why",
    "go_on": "go_on",
    "story": "reflect",
    "feedback": "feedback",
    "synthesis": "synthesis",
    "choose": "choose",
    "experiment": "experiment",
    "decide_for_me": "autonomy",
    "summary": "summary",
    "search": "search",
    "progress": "progress",
    "pushback": "repair",
    "explain_text": "explain_text",
    "unclear": "nudge",
    "counts": "counts",
    "care": "care",
    "checkin": "checkin",
    "flip": "flip",
    "english": "english",
    "top": "top",
    "compare": "compare",
    "concrete": "concrete",
    "item_why": "item_why",
    "plain": "plain",  # "把第一个改得更像我说的话": item N in their own words
    "point": "point",  # "第二点怎么写": a numbered ask of the last rewrite
    "one_example": "one_example",  # "第二个" after a reply with one example
    "read_answer": "read_answer",  # "帮我看看第5题我写的，背后是啥价值观"
    "interpret": "interpret",  # "这说明我擅长啥": what they just told, read
    "rewrite": "concrete",  # "S03那段太啰嗦了帮我精简下" (the classifier's reading)
    "purpose": "purpose",
    "means": "means",
    "first_step": "first_step",
    "answer_here": "answer_here",  # "第8题我就在这儿说了吧：…": kept as that answer
    "together": "together",  # "把第2题和第5题合起来…": named answers side by side
    "differ": "differ",  # "V08和V01不都一个意思？区别在哪": two questions told apart
    "repeats": "repeats",  # "哪些东西老是反复出现": two answers or more each
    "tension": "tension",  # "我写的这些有没有互相矛盾的地方": values that pull apart
    "thin": "thin",  # "哪几条太空了": the thinnest answers, with what each lacks
    "form": "form",  # "C04这条格式对不对": the formula's parts, in their words
    "sides": "sides",  # "它的长处形式和短处形式": as the knowledge base has them
    # Moves about the talk itself (moves.py, realise/talk.py)
    "style": "style",  # "你问题太多了，一次问一个": how we talk, changed
    "listen": "listen",  # "不用给我建议，我就想说说": an ear
    "self_either": "self_either",  # "那我到底是在乎钱还是不在乎": theirs to say
    "settled": "settled",  # "那就候选3吧", "我就写'编竹筐'": a decision taken
    "keywords": "keywords",  # "V01到V06每条提炼一个关键词": one per answer
    "translate": "translate",  # "帮我把C01翻成英文": declined, how to keep it
    "correct": "correct",  # "那是我妈说的", "我是站长，不是骑手": taken as said
    "not_for_me": "not_for_me",  # "是不是只适合有选择的人": fair, where it starts
    "ask_others": "ask_others",  # S07: "帮我写一条微信问室友": a message to send
    # Not sure what was meant: say what the coach can do here, offer choices.
    "abstain": "abstain",
    # They denied what the last reply took for granted ("没哭过啊"): honoured.
    "denial": "honour",
}
# Intents that may be a question about a workbook question ("第5题是什么意思"
# reads as a concept, "这题能举个例子吗" as examples); care, safety and the
# tasks keep their own acts.
ABOUT_A_QUESTION = (
    "concept",
    "question_help",
    "examples",
    "unclear",
    "refer",
    "more",
    "why",
    "go_on",
    "search",
    "story",
    "pushback",
    "feedback",
)
# "非要说做不好的，就是开会拉通": the thing done badly, told (S05).
DONE_BADLY = re.compile(
    r"(?:做不好|不擅长|搞不定|做不来|最头疼)的?(?:事)?[，,：:]?(?:就是|是)?\s*([^，,。！？、]{2,8})"
)
# Not a habit: the ask, or how many ("做不好的事也太多了吧", coach_blind18).
ASKED_BACK = re.compile(r"说明|擅长|看看|啥|什么|吗|呢|吧|太多|很多|好多|不少|一堆")
# "S05我写的那两条做不好的事": the ask points at a saved answer, not a habit.
POINTS_AT_ANSWER = re.compile(
    r"(?<![A-Za-z])[VSPCvspc]0?[1-9]|第\s*\S\s*题|我写的|我填的"
)
WEAK_LEAD = re.compile(r"^(?:我)?(?:最怕|害怕|怕|不会|不擅长|做不好|讨厌|受不了)(.+)")


def answer_trait(answer: str) -> str:
    """Return the first thing a saved answer says they do badly, in its words.

    "最怕写PPT和做各种汇报材料，还有社交应酬" → "怕写PPT": the first item of
    the first clause, with its own lead, never a word of ours.
    """
    from agent.dialogue.facts import read

    if found := read(answer).scolded:
        return found
    if bad := DONE_BADLY.search(answer):
        return f"不擅长{bad.group(1)}"
    clause = re.split(r"[，,。；;！!？?]", answer.strip())[0]
    m = WEAK_LEAD.match(clause)
    if not m:
        return clause if len(clause) <= 8 else ""
    item = re.split(r"和|、|还有|跟|以及", m.group(1))[0].strip()
    lead = "怕" if "怕" in clause[: m.start(1)] else "不擅长"
    return f"{lead}{item}" if 1 <= len(item) <= 6 else ""


PATTERN_ASKED = re.compile(
    r"用?[“\"「‘']?正因为[^”\"」’'，,。！？]{0,12}?(?:……|…|\.{3}|，)+"
    r"所以[^”\"」’'，,。！？]{0,12}?(?:……|…|\.{3})*[”\"」’']?(?:的句式|这个句式)?"
)
REQUEST_LEAD = re.compile(r"^(?:请你?|你|能不能|可不可以|帮我|帮忙|麻烦你?)+(?:把|将)?")
THIS_QUESTION = re.compile(r"这个?问题|这道?题|这一题|这句")


def decide(ctx: TurnContext, u: Understanding, d: DialogueState) -> Plan:
    """Return the act and tool calls for this turn."""
    act = ACTS.get(u.intent, "rephrase")
    qid = ctx.question.get("id", "")
    if act == "quiet":
        return Plan(act, actions={"guide_mode": "quiet"})
    if act in ("go_on", "more") and d.last_act in ("checkin", "care", "crisis"):
        return Plan("greet")  # "我没事，继续": back to the question, not more cards
    if u.intent in (*ABOUT_A_QUESTION, "synthesis", "counts", "choose") and (
        SORT_ASK.search(ctx.text)
    ):  # "我喜欢画画，这属于哪一类": a part and its entries, offered (§8)
        return Plan("sort")
    if (
        u.intent in ABOUT_A_QUESTION
        and d.about
        and d.about != qid
        and THIS_QUESTION.search(ctx.text)
        and not named_question(ctx.text, ctx.step)
    ):  # "这题还能写吗" right after question 4 was explained: question 4
        call = _call("guide_question", question_id=d.about)
        return Plan("rephrase", [call], target={"question_id": d.about})
    if (
        u.intent in ABOUT_A_QUESTION
        and not GIVES_EXAMPLE.search(ctx.text)  # "说个S03的例子，上个月我…"
    ) and (
        asked := question_asked(
            ctx.text, ctx.step, qid, meaning_only=u.intent in ("examples", "more")
        )
    ):  # that very question said another way, whatever is on screen (§7)
        answer = ctx.answers.get(asked, "") or (ctx.draft if asked == qid else "")
        call = _call("guide_question", question_id=asked, user_answer=answer)
        return Plan("rephrase", [call], target={"question_id": asked})
    if u.intent in ABOUT_A_QUESTION and (missing := number_missing(ctx.text, ctx.step)):
        return Plan("rephrase", target={"missing": missing[0], "total": missing[1]})
    if act == "read_answer":
        return Plan(act, target={"question_id": u.topic})
    if act in (
        "crisis",
        "care",
        "checkin",
        "refuse",
        "scope",
        "empathy",
        "greet",
        "autonomy",
        "summary",
        *EVIDENCE_TASKS,
        "abstain",
        "honour",
        "differ",
        "ask_others",
        "style",
        "listen",
        "self_either",
        "settled",
        "correct",
        "not_for_me",
        "keywords",
        "translate",
    ):
        return Plan(act)
    if act in ("rephrase", "nudge") and not qid:
        return Plan("clarify")
    if (
        act in ("nudge", "rephrase")
        and qid
        and STUCK.search(ctx.text)
        and not MEANING.search(ctx.text)
        # "V06一定要是哭过的事吗？…写不出来": what the question wants comes first
        and not (MUST_BE.search(ctx.text) or ASKS_IF.search(ctx.text))
    ):  # "我卡住了": a smaller step of this question, not a menu
        return Plan("stuck", [_call("guide_question", question_id=qid)])
    if act == "nudge":
        return Plan(act)
    if act == "feedback" and ctx.draft:
        category = STEP_CATEGORY.get(ctx.step, "all")
        return Plan(
            act,
            [
                _call("guide_question", question_id=qid, user_answer=ctx.draft),
                _call(
                    "search_content", query=ctx.draft[:60], category=category, limit=3
                ),
            ],
        )
    if act in ("rephrase", "repair", "feedback"):
        return Plan(
            act, [_call("guide_question", question_id=qid, user_answer=ctx.draft)]
        )
    if act == "explain_text":
        target = u.quoted_question or ""
        if concept_key(ctx.selection or ctx.text, ctx.step) and ctx.selection:
            target = ""  # a method term in the highlight: explain the term
        if target:
            return Plan(act, [_call("guide_question", question_id=target)])
        concept = ctx.selection or ctx.text
        return Plan(act, [_call("explain_concept", concept=concept[:40])])
    if (
        act == "explain"
        and qid
        and THIS_QUESTION.search(ctx.text)
        and not concept_key(ctx.text, ctx.step)
    ):  # "这个问题是什么意思": the question, not a concept
        return Plan(
            "rephrase",
            [_call("guide_question", question_id=qid, user_answer=ctx.draft)],
        )
    if act == "explain":
        strong = [e for e in u.entities if e["strong"]]
        concept = (
            ctx.text
            if concept_key(ctx.text, ctx.step)
            else (strong[0]["name"] if strong else ctx.text)
        )
        return Plan(act, [_call("explain_concept", concept=concept[:40])])
    if act in ("examples", "more", "one_example"):
        return _examples(ctx, u, d, act)
    if act == "go_on" and not d.pending.get("more"):
        if not d.shown:  # nothing held back: go one step deeper on the question
            return Plan(act, [_call("guide_question", question_id=qid)] if qid else [])
        plan = _examples(ctx, u, d, "more")
        plan.act = "go_on"
        return plan
    if act == "flip":
        text = re.sub(r"^(?:为什么|为啥|怎么|那)", "", ctx.text)
        # The sentence pattern asked for, quoted or not, holds no habit ("用“正因为
        # ……所以……”帮我把磨蹭翻过来呗", "帮我造那个句子：正因为我不擅长……所以我
        # 擅长……", coach_blind16): gone before the habit is looked for.
        text = PATTERN_ASKED.sub("", text).strip(" ，,：:")
        # The request is not the habit ("帮我把'拖拉'翻成优点" → 拖拉).
        text = REQUEST_LEAD.sub("", text)
        # The habit in quotes, not the sentence pattern asked for ("用“正因为…所以…”
        # 帮我把“磨蹭”翻一下" is 磨蹭).
        quoted = next(
            (
                m
                for m in re.finditer(r"[‘'“\"「]([^’'”\"」]{1,8})[’'”\"」]", text)
                if not re.search(r"正因为|所以|……|…", m.group(1))
            ),
            None,
        )
        # "那你帮我把磨蹭翻一下": the habit between 把 and the verb
        held = re.search(
            r"(?:把|将)(?!(?:这个?|我的?)?(?:缺点|毛病|短处|习惯)(?:翻|反过来|变成|说成))"
            r"([^，,。！？!?把将]{1,8}?)(?:翻|反过来|变成|说成)",
            text,
        )
        # "我最大的缺点就是太敏感，…" (coach_blind27): the flaw they name
        named_flaw = re.search(
            r"(?:缺点|毛病|短处)(?:就|其实|大概)?是(?:我)?([^，,。！？!?\s]{1,8})", text
        )
        trait = (
            quoted.group(1)
            if quoted
            else held.group(1).strip()
            if held
            else named_flaw.group(1).strip()
            if named_flaw
            else re.split(r"能|可以|也能|算|怎么|翻|是不是", text)[0].strip(" ，,。我")
        )
        trait = re.sub(r"[这那它]$", "", trait)
        if quoted:  # "我写的是“我不擅长社交”": the habit, not the "I"
            trait = re.sub(r"^我", "", trait)
        trait = trait.strip("“”‘’「」\"' ")  # a habit found quoted: its words only
        pointed = named_question(ctx.text, ctx.step)
        use = re.search(r"就用(.{2,12}?)这个", ctx.text)  # "就用解释设计理由这个"
        if use and not quoted:
            lead = "不擅长" if "不擅长" in ctx.text else ""
            trait = lead + use.group(1)
        elif (
            not quoted
            and pointed
            and POINTS_AT_ANSWER.search(trait)
            and (saved := (ctx.answers or {}).get(pointed))
        ):
            trait = answer_trait(saved)  # "把S05我写的那两条翻一下": that answer
        elif not quoted:  # "我妈说我磨蹭是缺点，…" → 磨蹭, not someone's verdict
            from agent.dialogue.facts import read

            trait = read(ctx.text).scolded or trait
        # "帮我把这个缺点翻成优点": the habit is the one they told of.
        if (
            not use
            and not quoted
            and (
                re.fullmatch(
                    r"(?:这个?|这种|那种|它|那个?|这点|这一点)?(?:缺点|毛病|习惯|问题)?",
                    trait,
                )
                or re.search(
                    r"[，,？?：:]|看看|反过来|说明|擅长|造|句子|咋|啥|怎么|"
                    r"正因为|所以|帮",
                    trait,
                )
                # "那你从我说的那几个里挑一个": the ask, no habit (coach_blind18)
                or re.search(r"你|帮我|挑|那几个|哪个|\s", trait)
            )
        ):
            # "帮我反过来看看，这个做不好…": the ask, not a habit (coach_blind12)
            # The habit they named: in this message, their draft, or their story.
            from agent.dialogue.facts import read

            told = [x for r, x in ctx.history if r == "user" and len(x) >= 20]
            # ...or the answer on screen ("S02：从小被我妈说磨蹭", coach_blind29)
            saved = (ctx.answers or {}).get((ctx.question or {}).get("id", ""), "")
            for source in (ctx.text, ctx.draft, *reversed(told), saved):
                bad = DONE_BADLY.search(source or "")
                bad_text = bad.group(1) if bad else ""
                # "这个做不好，说明我擅长啥": the ask itself, not the thing
                bad_text = "" if ASKED_BACK.search(bad_text) else bad_text
                bad_text = f"不擅长{bad_text}" if bad_text else ""
                if source and (found := read(source).scolded or bad_text):
                    trait = found
                    break
            else:
                # none named: the habit of the flip just given ("第二个有点硬凹了
                # …再写一个"), or the flip asks which habit
                trait = d.pending.get("trait", "") if d.last_act == "flip" else ""
        if (
            d.last_act == "flip"
            and d.pending.get("trait")
            and not quoted
            and (pointed or AGAIN.search(ctx.text))
        ):  # "还是有点空，结合我S01那个事说具体点": the same habit, tied to S01
            trait = d.pending["trait"]
        trait = trait.strip("“”‘’「」\"' ")  # a habit found quoted: its words only
        query = trait or u.topic or ctx.text[:20]
        call = _call("search_content", query=query, category="strengths", limit=4)
        return Plan(act, [call], target={"trait": trait[:10] if use else trait[:8]})
    if act == "counts":
        strong = [e for e in u.entities if e["strong"]]
        category = u.category or STEP_CATEGORY.get(ctx.step, "all")
        query = strong[0]["surface"] if strong else (u.topic or ctx.text)[:30]
        return Plan(
            act, [_call("search_content", query=query, category=category, limit=3)]
        )
    if act == "why" and not d.pending.get("why") and d.topic.get("query"):
        return Plan(act, [_call("explain_concept", concept=d.topic["query"])])
    if act == "refer" and (d.shown or d.pending.get("lines")):
        return _refer(ctx, u, d)
    if act == "search":
        return _search(u)
    if act == "progress":
        following = _next_question(ctx)
        calls = [_call("guide_question", question_id=following)] if following else []
        return Plan(act, calls, target={"question_id": following})
    if act == "reflect":
        category = STEP_CATEGORY.get(ctx.step, "all")
        said = u.said
        query = (
            " ".join(e["surface"] for e in u.entities[:3] if e["strong"])
            or " ".join(
                filter(None, [said.get("vivid"), *said.get("positives", [])[:1]])
            )
            or ctx.text[:80]
        )
        return Plan(
            act, [_call("search_content", query=query, category=category, limit=3)]
        )
    if act in ("synthesis", "experiment", "choose"):
        concept = "公式" if act == "synthesis" else "小实验"
        return Plan(act, [_call("explain_concept", concept=concept)])
    return Plan(act)
