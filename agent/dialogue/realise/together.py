"""Named answers read together with what the message adds (Coach 3 §6).

"你把我第1题第2题还有这个合起来看看，算啥领域？" and "把第2题和第5题合起来，
我第5题还没写，就是我做不来收银…": the questions named are the material, each
with its saved answer quoted; a named question with nothing saved takes the
message's own content as its answer, said so; "这个" is the message's content.
A field is named only where the knowledge matcher links their words to one;
a weakness question (S02, S05) is turned over as a frame for them to finish.
"""

from __future__ import annotations

import re

from agent.claims import TO_US
from agent.dialogue import facts
from agent.dialogue.entities import link
from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.grounds import PART_OF, short, where
from agent.dialogue.tasks_route import named

REQUEST = re.compile(
    r"第\s*[1-9一二两三四五六七八九]\s*题|合起来|组合|拼起来|放一起|你|帮我|算啥|"
    r"算什么|看看|还没写|没写|领域|共同点|有啥|是啥|什么|怎么|[吗呢]$|^那倒是$|^对$|^是$|"
    # "能不能把我S03和P06合在一起，弄成一个方向": the ask, not content (coach_blind12)
    r"能不能|可不可以|合在一起|放在一起|弄成|写成|方向|(?<![A-Za-z])[VSPCvspc]0?[1-9]"
)
LEAD = re.compile(r"^(?:就是|其实|反正|那倒是|可是|但是)")
CLAUSE = re.compile(r"[^，,。；;！!？?\n]+")
FIELD = re.compile(r"领域|算啥|算什么|哪一类|哪类")
# Weakness questions: read together, they are turned over ("正因为……所以……").
WEAK = frozenset({"S02", "S05"})
ROOM = 16


def content(text: str) -> list[str]:
    """Return the clauses of the message that tell something, verbatim."""
    out = []
    for c in CLAUSE.findall(text):
        c = LEAD.sub("", c.strip())
        if len(c) >= 4 and not REQUEST.search(c) and not TO_US.search(c):
            out.append(c)
    return out


# "合成一句话", "连成一句": the answers joined, not looked at side by side.
ONE_LINE = re.compile(r"(?:合|连|并|拼|写|凑)成一[句条]|一句话")
# "我写了一版：“社会缺少…”": a version typed in the message, quoted.
TYPED = re.compile(r"[“\"「]([^”\"」]{6,60})[”\"」]")


def together(t: Turn) -> Draft:
    """Return the named answers side by side; the message fills a missing one."""
    text, answers = t.ctx.text, t.ctx.answers
    ids = named(text, t.ctx.step)
    told = content(text)
    said = "".join(f"「{short(c, c, ROOM)}」" for c in told[:2])
    pieces, missing = [], []
    shrugs: dict[str, str] = {}
    # Across steps ("S03和P06" from synthesis) a bare 第3题 names another question.
    across = any(
        PART_OF.get(q[:1]) != PART_OF.get((t.ctx.question.get("id") or "")[:1])
        for q in ids
    )

    def ref(qid: str) -> str:
        return where(qid, step=across)

    for qid in ids:
        answer = (answers.get(qid) or "").strip()
        if answer and facts.is_shrug(answer):
            shrugs[qid] = answer  # "不知道" is no side to compare (coach_blind23)
            missing.append(qid)
        elif answer:
            first = CLAUSE.findall(answer)[0].strip()
            pieces.append((qid, f"{ref(qid)}「{short(first, first, ROOM)}」"))
        else:
            missing.append(qid)
    lines = [x for _, x in pieces]
    if missing and said:
        lines.append(f"{ref(missing[0])}还没写，就用你刚说的{said}")
    elif said:
        lines.append(f"你刚说的{said}")
    elif missing and missing[0] in shrugs:
        shrug = shrugs[missing[0]]
        lines.append(
            f"{ref(missing[0])}写的是「{short(shrug, shrug, ROOM)}」，还没有内容"
        )
    elif missing:
        lines.append(f"{ref(missing[0])}还空着")
    lead = "放在一起看：" + "，".join(lines) + "。"
    if FIELD.search(text):
        sources = [answers.get(q, "") for q in ids] + told
        fields = []
        for source in sources:
            for e in link(source, category="interests", limit=2):
                if e["surface"] in source and e["name"] not in fields:
                    fields.append(e["name"])
        if fields:
            near = "、".join(f"「{f}」" for f in fields[:2])
            return Draft(
                [
                    [
                        lead,
                        f"按知识库的分法，这几件和{near}对得上。",
                        "你觉得像吗，还是你有自己的叫法？",
                    ]
                ],
                rows=[],
            )
        return Draft(
            [
                [
                    lead,
                    "知识库里没有现成的领域名字对得上，我不乱安。",
                    "这几件连在一起，你会怎么叫它？",
                ]
            ],
            rows=[],
        )
    saved = [(q, (answers.get(q) or "").strip()) for q in ids if answers.get(q)]
    saved += [("", m.group(1)) for m in TYPED.finditer(text)][:1]
    if ONE_LINE.search(text) and len(saved) >= 2:
        # "把P07和P04合成一句话": their two answers joined, nothing of ours
        # between them; the joint is theirs to say (coach_blind14).
        joined = "，".join(f"「{short(a, a, ROOM * 2)}」" for _, a in saved[:2])
        return Draft(
            [
                [
                    f"只用你写的，连起来可以是：{joined}。",
                    "中间用“因为”“所以”还是“也”来接，你自己定；接好了我再帮你看。",
                ]
            ],
            rows=[],
        )
    weak = [q for q in ids if q in WEAK]
    if weak and told:
        turned = short(told[-1], told[-1], ROOM)
        return Draft(
            [
                [
                    lead,
                    f"这几处可以反过来看，写成「正因为{turned}，所以我……」。",
                    "后半句你会填什么？",
                ]
            ],
            rows=[],
        )
    if len(pieces) < 2 and not told and missing:
        return Draft(
            [[lead, f"等{ref(missing[0])}写下一件具体的事，两题再放一起找共同点。"]],
            rows=[],
        )
    return Draft([[lead, "这几处放一起，你看出的共同点是什么？"]], rows=[])


ACTS = {"together": together}
