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
    """Care and real help; no coaching, no example, an open door."""
    return Draft(combos([
        ["听到你这么说，我很担心你。", "谢谢你愿意说出来，这一定很难受。",
         "你现在的感受很重要，我听到了。"],
        [f"这种时候请别一个人扛：可以打{HOTLINE}，或者马上告诉一个你信任的人。",
         f"先找个人陪着你：给你信任的朋友或家人打个电话，也可以拨{HOTLINE}。"],
        ["如果你有伤害自己的念头或正处在危险中，请立刻拨打 120 或 110。"],
        ["等你愿意的时候，也可以再和我说说发生了什么。", "我在这里，你想说的时候随时回来。"],
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


def scope(t: Turn) -> Draft:
    """Say kindly what the coach is for, then bring them back."""
    text = t.ctx.text.lower()
    if t.u.intent == "meta":
        lead = ["我是这本工作簿里的 AI 教练，不是真人，只陪你做“找到想做的事”的练习。",
                "我是陪你做这本练习的 AI 教练：解释问题、举例子、帮你理清想法。"]
    else:
        asked = next((label for word, label in OFF_TOPICS if word in text), "")
        lead = [f"{asked or '这个'}我帮不上忙，我只陪你做这本“找到想做的事”的练习。",
                f"{asked or '这件事'}不在我能帮的范围里，我专心陪你做这本工作簿。"]
    hint = ""
    passions = [e for e in t.u.entities if e["category"] == "interests" and e["strong"]]
    if passions:
        hint = f"不过你会想到这个，说不定「{passions[0]['name']}」就是喜欢的事的线索。"
    return Draft(combos([lead, [hint], _back(t)], t.seed))


def empathy(t: Turn) -> Draft:
    """Acknowledge the feeling first, then one small step, then offer quiet mode."""
    text, said = t.ctx.text, t.u.said
    done = sum(1 for v in t.ctx.answers.values() if v.strip())
    own = next((c for c in reversed(said.get("clauses", []))
                if re.search(r"感觉|觉得|好像|太|一无是处|迷茫|没用|就这样|不想", c)), "")
    heard = [f"你说“{own[:22]}”，我听到了。", f"“{own[:22]}”——听得出来，你已经扛了一阵子了。"] if own else []
    if said.get("age") or re.search(r"太晚|来不及|年纪|这个年龄", text):
        age = f"{said['age']}岁" if said.get("age") else "现在"
        feel = [f"{age}还在问“我想要什么”，一点都不晚，反而说明你不想将就。",
                f"觉得“是不是太晚了”很正常，可{age}开始想清楚，比一直不想要早得多。"]
    elif re.search(r"一无是处|没用|什么都不|不如别人|比我强|失败", text):
        feel = ["你现在看自己，好像什么都不够好，这种感觉很压人。",
                "“一无是处”是此刻的感受，不是对你的结论。"]
    elif re.search(r"不想写|好累|写不动|放弃|烦", text):
        feel = ["写到这里觉得累、不想写了，很正常，这本来就是费心的事。",
                "想停下来也没关系，认真面对自己本来就耗力气。"]
    else:
        feel = ["迷茫的时候，心里像压着一团雾，这种感觉不好受。",
                "你愿意停下来问自己想要什么，这本身就不容易。"]
    affirm = [f"你已经写下了{done}题，这些都是你自己的线索。"] if done >= 2 else [""]
    if heard:  # their own words first; the normalising line follows
        feel = [f"{h}{f.split('，', 1)[-1] if '，' in f else ''}" for h in heard for f in feel[:1]]
    q = t.ctx.question
    step = ([f"今天不用想完整，先对{q_ref(q)}写一句话就好。",
             "先写一件最近让你忘了时间的小事，一句就够。"] if q else
            ["今天不用想完整，先写一件最近让你忘了时间的小事。"])
    quiet_offer = ["想一个人静一静的话，也可以打开安静模式。",
                   "如果想先安静一会儿，可以打开安静模式，我就少提醒你。"]
    return Draft(combos([feel, affirm, step, quiet_offer], t.seed))


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
    step_ids = [q for q in t.ctx.answers if t.ctx.answers[q].strip()
                and q[:1] == (t.ctx.question.get("id") or "?")[:1]]
    guide = t.art.get("guide_question") or {}
    done = f"这一步你已经写了{len(step_ids)}/{t.ctx.total}题。" if t.ctx.total else ""
    if guide.get("found"):
        nxt = [f"下一题是第{guide['number']}题：{q_short(guide)}？",
               f"接下来可以写第{guide['number']}题——{q_short(guide)}？"]
    else:
        nxt = ["这一步的题都写过了，可以进入下一步，或回头把最短的一题补具体。"]
    return Draft(combos([[done], nxt], t.seed))


def repair(t: Turn) -> Draft:
    """Own the miss, try another angle on the question, ask what they wanted."""
    guide = t.art.get("guide_question") or {}
    angle = guide.get("rephrased") or q_short(t.ctx.question)
    return Draft(combos([
        ["抱歉，刚才没说到点上。", "是我没接住你的意思，换个方式说。"],
        [f"这道题说白了是：{angle}。" if angle else ""],
        ["你最想让我帮你的是哪一部分？", "你希望我从哪里说起？"],
    ], t.seed))


ACTS = {
    "crisis": crisis, "refuse": refuse, "quiet": quiet, "scope": scope,
    "empathy": empathy, "greet": greet, "autonomy": autonomy, "clarify": clarify,
    "progress": progress, "repair": repair,
}
