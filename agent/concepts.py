"""The method's concepts in our own words: the glossary the coach explains from.

``anchors`` find the grounding sentence in the workbook texts (question.md), so
an explanation quotes the workbook the admin maintains.
"""

from __future__ import annotations

CORE = ("values", "strengths", "interests")
# Our own wording. ``anchors`` find the grounding sentence in the workbook texts.
CONCEPTS: dict[str, dict] = {
    "skill": {
        "terms": ("技能", "能力和才能", "技能和才能", "才能和技能", "证书"),
        "label": "才能和技能",
        "meaning": (
            "才能是你不经意就会用出来的思考、感受和行动习惯；"
            "技能是后天学会的，像英语、会计证、剪辑"
        ),
        "step": "strengths_exploration",
        "category": "strengths",
        "anchors": ("擅长的事（How）",),
        "role": "技能可以换，才能会跟着你走进任何工作",
    },
    "goal": {
        "terms": ("目标和价值观", "价值观和目标", "目标"),
        "label": "价值观和目标",
        "meaning": (
            "目标是会达成、会过去的检查点；价值观是一直指引方向、永远做不完的东西"
        ),
        "step": "values_exploration",
        "category": "values",
        "anchors": ("重要的事（Why）",),
        "role": "目标达成后还会有新目标，价值观决定你朝哪个方向去定目标",
    },
    "hobby": {
        "terms": ("爱好和热情", "兴趣爱好", "爱好"),
        "label": "爱好和热情",
        "meaning": (
            "热情不只是消遣，而是你想多了解、想参与的主题，连让你放不下的问题也算"
        ),
        "step": "interests_exploration",
        "category": "interests",
        "anchors": ("喜欢的事（What）",),
        "role": "一个爱好背后常藏着一个更大的领域，那才是舞台",
    },
    "purpose": {
        "terms": ("工作目的", "和我的工作有什么关系", "工作有什么关系", "为什么而工作"),
        "label": "工作目的",
        "meaning": "工作目的是用一句话说清你为什么工作：“我工作是为了让……”",
        "step": "values_exploration",
        "category": "values",
        "anchors": ("工作目的",),
        "role": "它把前5个价值观收成一句话，之后用来筛选想做的事",
    },
    "reframe": {
        "terms": ("缺点", "翻成优点", "正因为", "短处", "弱点", "毛病"),
        "label": "缺点翻转",
        "meaning": "把被批评的习惯用“正因为……所以……”翻过来，找到它在合适场合的长处",
        "step": "strengths_exploration",
        "category": "strengths",
        "anchors": ("正因为",),
        "role": "每个才能都有长处和短处两面，缺点往往是才能用错了地方",
    },
    "curiosity": {
        "terms": ("真好奇", "只是有用", "真的喜欢", "区分"),
        "label": "真好奇和只是有用",
        "meaning": "真好奇是没人要求也想多了解，只是有用是觉得学了划算",
        "step": "interests_exploration",
        "category": "interests",
        "anchors": ("真好奇",),
        "role": "只保留让你忍不住想多了解的领域，它们才撑得起长期投入",
    },
    "experiment": {
        "terms": ("小实验", "实验", "假设", "验证", "复盘"),
        "label": "小实验",
        "meaning": "为每条候选设计一个1–2周、成本低、马上能开始的尝试，并定好复盘日期",
        "step": "synthesis",
        "category": None,
        "anchors": ("小实验",),
        "lines": ("- 候选",),
        "role": "想做的事是假设，用1–2周的小实验来检验",
    },
    "misconception": {
        "terms": ("误区", "一辈子", "命中注定", "天职"),
        "label": "五个误区",
        "meaning": "开始前先放下五个误区，像“必须能做一辈子”“必须有命中注定的感觉”",
        "step": None,
        "category": None,
        "anchors": ("误区：想做的事必须能做一辈子",),
        "role": "先放下这些误区，答案才不会被卡在“必须完美”上",
    },
    "formula": {
        "terms": ("公式", "真正想做的事", "想做的事", "交集", "三者", "组合", "综合"),
        "label": "公式",
        "step": "synthesis",
        "category": None,
        "anchors": ("喜欢的事 × 擅长的事",),
        "lines": ("- 候选",),
        "role": "三者重叠的地方，才是最值得你投入的方向",
    },
    "values": {
        "terms": ("重要的事", "价值观", "价值"),
        "label": "重要的事（价值观）",
        "meaning": (
            "价值观就是“重要的事”：你心里的优先顺序，决定你为什么而工作、往哪个方向走"
        ),
        "step": "values_exploration",
        "category": "values",
        "anchors": ("重要的事（Why）",),
        "role": "它回答“为什么而工作”，最后用来过滤候选",
    },
    "strengths": {
        "terms": ("擅长的事", "才能", "天赋", "优势", "长处", "擅长"),
        "label": "擅长的事（才能）",
        "meaning": (
            "才能就是“擅长的事”：你不经意就会用出来的思考、"
            "感受和行动习惯，不是证书或后天学的技能"
        ),
        "step": "strengths_exploration",
        "category": "strengths",
        "anchors": ("擅长的事（How）",),
        "role": "它回答“用什么方式做”，是手段",
    },
    "interests": {
        "terms": ("喜欢的事", "热情", "兴趣", "热爱", "喜欢"),
        "label": "喜欢的事（热情）",
        "meaning": (
            "热情就是“喜欢的事”：让你忍不住想多了解、想参与的主题，连放不下的问题也算"
        ),
        "step": "interests_exploration",
        "category": "interests",
        "anchors": ("喜欢的事（What）",),
        "role": "它回答“在哪个领域做”，是舞台",
    },
}
STEP_CONCEPT = {
    "values_exploration": "values",
    "strengths_exploration": "strengths",
    "interests_exploration": "interests",
    "synthesis": "formula",
}


def concept_key(text: str, step: str = "") -> str | None:
    """Return the glossary key the text asks about, or None."""
    text = text or ""
    if any(w in text for w in ("这一步", "这个步骤", "这部分")):
        return STEP_CONCEPT.get(step)
    core = [k for k in CORE if any(t in text for t in CONCEPTS[k]["terms"][:2])]
    if len(core) >= 2:
        return "formula"
    for key, spec in CONCEPTS.items():
        if any(term in text for term in spec["terms"]):
            return key
    return None
