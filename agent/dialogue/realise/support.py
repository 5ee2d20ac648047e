"""Acts that look after the person and the conversation rather than the content.

Crisis, refusal, quiet mode, scope, empathy, greeting, autonomy, clarifying,
progress and repair. Crisis and refusal never cite the knowledge base.
"""

from __future__ import annotations

import re

from agent.dialogue.realise import Draft, Turn
from agent.dialogue.realise.phrases import combos, q_ref, q_short

HOTLINE = "心理援助热线（全国统一号码 12356）"
OFF_TOPICS = (
    ("天气", "查天气"), ("代码", "写代码"), ("python", "写代码"), ("公式", "算公式"),
    ("excel", "做表格"), ("小说", "推荐小说"), ("翻译", "翻译"), ("股票", "看股票"),
    ("基金", "理财"), ("笑话", "讲笑话"), ("菜", "教做菜"), ("作业", "写作业"),
)


def _back(t: Turn) -> list[str]:
    """Return ways back to the question in focus (or the step)."""
    q = t.ctx.question
    if not q:
        return ["我们回到工作簿，从这一步的第一题开始？", "要不要先挑一道最有感觉的题写两句？"]
    ref, short = q_ref(q), q_short(q)
    return [
        f"我们刚才停在{ref}：{short}？",
        f"回到{ref}吧——{short}，你先想到的是什么？",
        f"要不我们接着看{ref}：{short}？",
    ]


def crisis(t: Turn) -> Draft:
    """Care and real help; no coaching, no example, an open door.

    A second message after a crisis reply stays here: it gets the same care in
    other words, and a question about who can be with them now.
    """
    text = t.ctx.text
    plan = re.search(r"药|刀|绳|楼|遗书|准备好", text)
    first = (["你说你是机器也好、不信我也好，我都更希望你现在身边有个真人。",
              "我还在这里，也还在担心你。"] if t.d.last_act == "crisis" else
             ["听到你这么说，我很担心你。", "谢谢你愿意说出来，这一定很难受。",
              "你现在的感受很重要，我听到了。"])
    safe = (["请先把药或能伤害自己的东西交给家人，或放到拿不到的地方。"] if plan else [""])
    return Draft(combos([
        first,
        safe,
        [f"请别一个人扛：可以打{HOTLINE}，或者马上告诉一个你信任的人。",
         f"先找个人陪着你：给信任的朋友或家人打个电话，也可以拨{HOTLINE}。"],
        ["如果你有伤害自己的念头或正处在危险中，请立刻拨打 120 或 110。"],
        (["现在有谁能过来陪你？"] if t.d.last_act == "crisis" or plan else
         ["等你愿意的时候，也可以再和我说说发生了什么。", "我在这里，你想说的时候随时回来。"]),
    ], t.seed))


def refuse(t: Turn) -> Draft:
    """Refuse plainly: no hidden instructions, no one else's answers."""
    others = bool(re.search(r"别人|其他人|其他用户|别的用户|所有会话|数据库|他们的", t.ctx.text))
    lead = (["别人的回答我看不到，也不会给你看：每个人写的内容只属于他自己。",
             "这个不行：其他人的内容我既看不到，也不会拿出来。"] if others else
            ["这个我不会照做：我的设置和内部说明不对外，也不会换成别的角色。",
             "这个请求我不能执行。我只做一件事：陪你把这本工作簿做完。"])
    return Draft(combos([lead, _back(t)], t.seed))


def quiet(t: Turn) -> Draft:
    """Confirm quiet mode, as the toggle does."""
    return Draft(combos([
        ["好的，已经帮你打开安静模式。", "没问题，安静模式已经打开了。", "好，我先安静下来，安静模式已开启。"],
        ["我会少打扰你，提醒会隔得更久。", "接下来我尽量不出声，只在你很久没动时轻轻提醒一次。"],
        ["需要我的时候随时叫我，慢慢想。", "想聊的时候在这里打字就行，慢慢来。"],
    ], t.seed))


def _meta(text: str) -> list[str]:
    """Answer what was asked about the coach: memory, data, identity, abilities."""
    if re.search(r"记住|记得|上次|忘", text):
        return ["记得：你在工作簿里写的答案和我们在这里的对话都存在你的会话里，下次打开还在。",
                "能接上：你写过的答案和这段对话都保存着，我每次回答都会参考。"]
    if re.search(r"数据|隐私|训练|安全|泄露|给别人", text):
        return ["你写的内容只保存在你自己的会话里，用来帮你整理思路，不会给别人看。"]
    if re.search(r"能做什么|会什么|怎么用|有什么用", text):
        return ["我能换个说法解释题目、举知识库里的例子、帮你把写下的东西理一理。"]
    return ["我是这本工作簿里的 AI 教练，不是真人，只陪你做“找到想做的事”的练习。",
            "我是程序做的教练，不是真人：解释问题、举例子、帮你理清想法。"]


def scope(t: Turn) -> Draft:
    """Say kindly what the coach is for, then bring them back."""
    text = t.ctx.text.lower()
    if t.u.intent == "meta":
        lead = _meta(text)
    else:
        asked = next((label for word, label in OFF_TOPICS if word in text), "")
        lead = [f"{asked or '这个'}我帮不上忙，我只陪你做这本“找到想做的事”的练习。",
                f"{asked or '这件事'}不在我能帮的范围里，我专心陪你做这本工作簿。"]
    hint = ""
    passions = [e for e in t.u.entities if e["category"] == "interests" and e["strong"]]
    if passions and t.u.intent == "off_topic":
        hint = f"不过你会想到这个，说不定「{passions[0]['name']}」就是喜欢的事的线索。"
    return Draft(combos([lead, [hint], _back(t)], t.seed))


def empathy(t: Turn) -> Draft:
    """Acknowledge the feeling first, then one small step, then offer quiet mode."""
    text, said = t.ctx.text, t.u.said
    done = sum(1 for v in t.ctx.answers.values() if v.strip())
    # Their feeling in their words, but never a label they put on themselves
    # ("我是个废物"): saying that back would agree with it.
    own = next((c for c in reversed(said.get("clauses", []))
                if re.search(r"感觉|觉得|好像|太|迷茫|就这样|不想|写不|空白|累", c)
                and not re.search(r"自己是|我是|废物|没用|一无是处|无聊的人|失败", c)), "")
    heard = [f"你说“{own[:22]}”，我听到了。", f"“{own[:22]}”，听得出来你已经扛了一阵子。"] if own else []
    if said.get("age") or re.search(r"太晚|来不及|年纪|这个年龄", text):
        age = f"{said['age']}岁" if said.get("age") else "现在"
        feel = [f"{age}开始认真想“我想要什么”，不算晚；很多人是换过几次方向才想清楚的。",
                f"觉得来不及，往往是因为你在乎。{age}看清方向，后面还有很长的路用得上。"]
    elif re.search(r"一无是处|没用|什么都不|不如别人|比我强|失败|废物", text):
        feel = ["“一无是处”是此刻的感受，不是对你的结论。",
                "被这种感觉压着的时候，人很难看见自己做成过的事。"]
    elif re.search(r"不想写|好累|写不动|放弃|烦|废话", text):
        feel = ["写到这里觉得累，很正常，认真面对自己本来就耗力气。",
                "想停下来也没关系，这不是偷懒，是真的费心。"]
    else:
        feel = ["迷茫不是你哪里做错了，而是你不想随便选一条路。",
                "你愿意停下来问自己想要什么，这本身就不容易。"]
    real = [v for v in t.ctx.answers.values() if len(v.strip()) >= 8]
    affirm = [f"你已经认真写下了{len(real)}题，这些都是你自己的线索。"] if len(real) >= 2 else [""]
    q = t.ctx.question
    first = re.split(r"[，。；]", q.get("example") or "")[0][:20]
    step = [f"今天只写一句就好，像“{first}”这么短也行。" if first else "",
            f"就从你做{t.ctx.role}的日子里挑一个小画面，写一句就够。" if t.ctx.role else "",
            f"不用答完{q_ref(q)}，先写下第一个冒出来的人或事。" if q else "",
            "先写一件最近让你忘了时间的小事，一句就够。"]
    step = [x for x in step if x]
    quiet_offer = ["想一个人静一静的话，也可以打开安静模式。",
                   "如果想先安静一会儿，可以打开安静模式，我就少提醒你。",
                   "要是今天只想歇一歇，打开安静模式，我就不催你。"]
    if re.search(r"不想写|写不动|放弃|都是废话|没意义", text):
        quiet_offer = ["今天停在这里也行，写下的都保存好了；想安静的话可以打开安静模式。"]
    return Draft(combos([heard or [""], feel, affirm, step, quiet_offer], t.seed))


def greet(t: Turn) -> Draft:
    """Greet or acknowledge briefly, then one way back in."""
    text = t.ctx.text
    if re.search(r"先到这|下次|再见|拜拜|休息|睡了|明天再", text):
        return Draft(combos([["不客气，今天辛苦了。", "好，今天就到这儿。"],
                             ["写下的都自动保存了，随时回来接着写。",
                              "你写的都保存好了，下次回来我们从这里接着聊。"]], t.seed))
    if re.search(r"谢|感谢|thank", text, re.I):
        lead = ["不客气。", "不用谢，能帮上就好。"]
    elif re.search(r"你好|您好|嗨|hi|hello|在吗|再吗", text, re.I):
        name = (t.ctx.person.get("nickname") or "").strip()
        lead = [f"{name}你好！" if name else "你好！", "在的。"]
    else:
        lead = ["好。", "嗯，我在。", "收到。"]
    return Draft(combos([lead, _back(t)], t.seed))


def autonomy(t: Turn) -> Draft:
    """The choice is theirs; offer one small step or two options."""
    return Draft(combos([
        ["我替你选的，未必是你真想要的。", "这个答案只能由你来定，我能做的是帮你看清楚。"],
        ["不如给自己两个选项：各花一个周末试一下，再看哪条让你更想继续。",
         "我们可以先把你写下的线索摆出来，挑一条这周就能试的小事。"],
        ["你现在最放不下的是哪一条？", "你想先从哪条试起？"],
    ], t.seed))


def clarify(t: Turn) -> Draft:
    """Ask one clarifying question instead of presenting a weak match."""
    asked = t.plan.gap
    if asked:
        lead = [f"知识库里没有和“{asked[:12]}”直接对应的条目，我不想硬套一个给你。",
                f"关于“{asked[:12]}”，我这里没有合适的条目。"]
        ask = [f"你说的“{asked[:12]}”，更像一种做事方式（才能），还是一个想深入的领域？",
               "能多说一句吗：它是你擅长的做法，还是你想多了解的主题？"]
    else:
        lead = ["我想先确认一下你的意思，免得答偏。", "我没太抓住你想问的。"]
        ask = ["你是想让我解释这道题，还是想看看别人的例子？",
               "你是卡在题目本身，还是想到了什么想和我聊？"]
    return Draft(combos([lead, ask], t.seed))


def progress(t: Turn) -> Draft:
    """Say where they are and what comes next."""
    prefix = {"values_exploration": "V", "strengths_exploration": "S",
              "interests_exploration": "P"}.get(t.ctx.step, "")
    done = [q for q, v in t.ctx.answers.items() if v.strip() and prefix and q.startswith(prefix)]
    guide = t.art.get("guide_question") or {}
    count = f"这一步你已经写了{len(done)}/{t.ctx.total}题。" if t.ctx.total and prefix else ""
    if guide.get("found"):
        nxt = [f"下一题是第{guide['number']}题：{q_short(guide)}？",
               f"接下来可以写第{guide['number']}题——{q_short(guide)}？"]
    elif prefix:
        nxt = ["这一步的题都写过了：可以进入下一步，或回头挑最短的一题补一个场景。"]
    else:
        nxt = ["综合这一步没有新题：把三部分的线索组合成几条候选就好，要我帮你组合吗？"]
    return Draft(combos([[count], nxt], t.seed))


def nudge(t: Turn) -> Draft:
    """A stray or unclear message: a short offer, not a lecture."""
    q = t.ctx.question
    return Draft(combos([
        ["我在。", "嗯，我在这儿。", "收到。"],
        [f"想让我换个说法讲讲{q_ref(q)}，还是看两个别人的例子？",
         f"{q_ref(q)}卡住了的话，要不要我换个角度说说？"],
    ], t.seed))


def repair(t: Turn) -> Draft:
    """Own the miss, try another angle on the question, ask what they wanted."""
    if re.search(r"不同意|不认同|不对吧|不觉得", t.ctx.text) and t.ctx.selection:
        return Draft(combos([
            ["不同意完全可以，这本工作簿的结论本来就由你来定。",
             "你有不同看法很好：这些说法只是思路，不是标准答案。"],
            ["你的经历里，哪一件事让你得出不一样的看法？"],
        ], t.seed))
    guide = t.art.get("guide_question") or {}
    angle = guide.get("rephrased") or q_short(t.ctx.question)
    if re.search(r"关系|有什么用|有啥用|为什么要", t.ctx.text):
        angle = "它是为了找出你为什么而工作、在意什么，之后用来筛选想做的事" if \
            t.ctx.step == "values_exploration" else angle
    return Draft(combos([
        ["抱歉，刚才没说到点上。", "是我没接住你的意思，换个方式说。"],
        [f"这道题说白了是：{angle}。" if angle else ""],
        ["你最想让我帮你的是哪一部分？", "你希望我从哪里说起？"],
    ], t.seed))


ACTS = {
    "crisis": crisis, "refuse": refuse, "quiet": quiet, "scope": scope,
    "empathy": empathy, "greet": greet, "autonomy": autonomy, "clarify": clarify,
    "progress": progress, "repair": repair, "nudge": nudge,
}
