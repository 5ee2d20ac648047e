"""Candidate "想做的事": talents × fields, kept when they serve the top values."""

TOP_VALUES, MAX_CANDIDATES, MAX_PAIR_USE = 5, 5, 2
# Which talent kinds and RIASEC letters tend to serve a value category.
AFFINITY = {
    "自主": {"行动", "创意", "A", "E"},
    "成长": {"思考", "I"},
    "安全": {"执行", "C", "R"},
    "品格": {"表达", "执行", "C"},
    "利他": {"人际", "S"},
    "关系": {"人际", "S"},
    "成就": {"行动", "执行", "E"},
    "审美": {"创意", "A"},
    "正义": {"表达", "S", "E"},
    "享受": {"创意", "A", "R"},
}
# Per talent kind: what to do in a field, and a 1–2 week experiment (days).
PLAYS = {
    "思考": (
        "深入研究，把问题想透",
        "10 天内就「{topic}」找一个具体问题深挖：读 3 份资料，"
        "整理成一页笔记讲给一位朋友听",
        10,
    ),
    "表达": (
        "把事情讲清楚、写明白，让更多人看懂",
        "两周内围绕「{topic}」写 3 篇短文或做 1 次 10 分钟分享，记下听众的反馈",
        14,
    ),
    "人际": (
        "陪伴和连接身边的人",
        "这周约 2 位和「{field}」有关的人各聊 30 分钟，聊完写下自己的感受",
        7,
    ),
    "行动": (
        "快速发起、推进小项目",
        "一周内围绕「{topic}」做一次最小的尝试（一次小活动或一个样品），拿给 3 个人试",
        7,
    ),
    "执行": (
        "把事情做得有条理、可持续",
        "两周内为「{topic}」相关的一件小事建一份清单或流程，每天推进 20 分钟",
        14,
    ),
    "创意": (
        "想出新点子、做出新作品",
        "一周内为「{topic}」写下 10 个点子，挑 1 个做成草图或小样给人看",
        7,
    ),
}
TALENT_TEXT = ("definition", "keywords", "fit_scenes", "strength_form")
FIELD_TEXT = ("description", "keywords", "example_topics", "career_examples")
REVIEW = "复盘时问自己：做的时候投入吗？用上自己的才能了吗？离重要的事更近了吗？"


def quote_source(evidence: dict) -> str:
    """Return where a quote comes from, with its step: 擅长的事第2题."""
    return f"{evidence.get('step_title', '')}{evidence['label']}"


def suggestion_text(candidate: dict) -> str:
    """Return a candidate in the person's own quoted words and knowledge-base names.

    Nothing else goes in: no topic, job or experiment the person did not write,
    so accepting it adds only what they said and what the two names mean.
    """
    values = "、".join(f"「{v}」" for v in candidate["values"])
    cares = f"，也照顾到我看重的{values}" if values else ""
    quoted = "；".join(
        f"«{e['quote']}»（{quote_source(e)}）" for e in candidate["evidence"]
    )
    because = f"我的依据：{quoted}。" if quoted else ""
    return (
        f"用「{candidate['talent']}」做和「{candidate['field']}」有关的事{cares}。"
        + because
    )


def items(cell) -> list[str]:
    """Split a ``|``-separated knowledge cell."""
    return [part for part in str(cell or "").split("|") if part]


def _serves(value: dict, talent: dict, field: dict) -> bool:
    """Return whether a talent × field pair plausibly serves ``value``.

    A value word in the pair's own text counts double; a matching talent kind
    and a matching main RIASEC letter of the field count once each.
    """
    words = [value["name"], *items(value["data"].get("keywords"))]
    text = (
        " ".join(str(talent["data"].get(k, "")) for k in TALENT_TEXT)
        + " ".join(str(field["data"].get(k, "")) for k in FIELD_TEXT)
        + field["name"]
    )
    kinds = AFFINITY.get(value["data"].get("category"), set())
    score = 2 * any(w in text for w in words)
    score += talent["data"].get("category") in kinds
    score += (items(field["data"].get("riasec_hint")) or [""])[0] in kinds
    return score >= 2


def _candidate(talent: dict, field: dict, served: list[str]) -> dict:
    doing, experiment, days = PLAYS.get(talent["data"].get("category"), PLAYS["行动"])
    candidate = {
        "talent": talent["name"],
        "field": field["name"],
        "values": served,
        "statement": f"用「{talent['name']}」在「{field['name']}」领域，{doing}",
        # The field's own name, never one of its example topics: a topic the
        # person did not write would read as something they said.
        "experiment": experiment.format(topic=field["name"], field=field["name"]),
        "days": days,
        "review": REVIEW,
        "roles": items(field["data"].get("career_examples"))[:3],
        # The first quote each of the talent and the field stands on.
        "evidence": [
            {**e, "where": quote_source(e)}
            for e in (row["evidence"][0] for row in (talent, field) if row["evidence"])
        ],
    }
    return {**candidate, "suggestion": suggestion_text(candidate)}


def candidates_build(*, values: list, talents: list, fields: list) -> list[dict]:
    """Return up to five statements; pairs serving more top values come first."""
    pairs = []
    for ti, talent in enumerate(talents):
        for fi, field in enumerate(fields):
            served = [
                v["name"] for v in values[:TOP_VALUES] if _serves(v, talent, field)
            ]
            pairs.append((-len(served), ti + fi, ti, fi, served))
    picked: list[dict] = []
    used: dict[tuple, int] = {}
    for *_rank, ti, fi, served in sorted(pairs):
        if max(used.get(("t", ti), 0), used.get(("f", fi), 0)) >= MAX_PAIR_USE:
            continue  # variety: no talent or field in more than two candidates
        used[("t", ti)] = used.get(("t", ti), 0) + 1
        used[("f", fi)] = used.get(("f", fi), 0) + 1
        picked.append(_candidate(talents[ti], fields[fi], served))
        if len(picked) == MAX_CANDIDATES:
            break
    return picked
