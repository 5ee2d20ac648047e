"""Sample inputs: realistic answers and classic XSS payloads (shown as text only)."""

FIRST_ANSWER = (
    "我很佩服大学时的导师，她从不放弃任何一个学生，总能找到每个人能进步的地方。"
)
ANSWERS = {
    "V01": FIRST_ANSWER,
    "V02": "毕业时我放弃了大公司，选了小团队，因为能自己负责一整块业务，"
    "我更看重成长和自由。",
    "V05": "看到有人抢同事的功劳我会很生气，我觉得付出和回报应该公平。",
    "S01": "看同事写周报东拼西凑，我总想按时间线列清楚，整理条理对我很自然。",
    "S03": "帮朋友规划旅行路线，研究地图和时刻表一整晚也不累。",
    "S04": "朋友常找我帮忙解释复杂的事情，说我讲得很清楚，一听就懂。",
    "P02": "逛书店我总会停在心理学和教育那几排，也常看学习方法的视频。",
    "P03": "最近一个月搜得最多的是怎么学得更好、笔记方法和儿童教育。",
    "P05": "和朋友聊起心理和人为什么会这样想，我能聊一整晚。",
}

# Each must end up on screen as plain text, never as markup.

PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(2)>",
    "<svg onload=alert(3)>",
    '<iframe src="javascript:alert(4)"></iframe>',
    '"><script>alert(5)</script>',
    "'><img src=x onerror=alert(6)>",
    "<body onload=alert(7)>",
    '<a href="javascript:alert(8)">点我</a>',
    "<details open ontoggle=alert(9)>",
    '<math><mi xlink:href="javascript:alert(10)">x</mi></math>',
    "<input autofocus onfocus=alert(11)>",
    "<video><source onerror=alert(12)></video>",
    '<object data="javascript:alert(13)"></object>',
    '<embed src="javascript:alert(14)">',
    "<style>@import 'http://evil.example/x.css';</style>",
    "<link rel=stylesheet href=http://evil.example/x.css>",
    '<meta http-equiv="refresh" content="0;url=http://evil.example/">',
    "<form action=http://evil.example/><button>提交</button></form>",
    "javascript:alert(19)",
    "{{7*7}} ${alert(20)} <%= 7*7 %>",
    "</textarea><script>alert(21)</script>",
    '<img src="http://evil.example/p.png">',
    '<base href="http://evil.example/">',
    "&lt;script&gt;alert(24)&lt;/script&gt;",
    "</script><script>alert(25)</script>",
    "<svg><animate onbegin=alert(26) attributeName=x dur=1s>",
]


def answered_session():
    """Return a new coaching session holding ANSWERS (the knowledge must be loaded)."""
    from coach.models import CoachingSession
    from coach.services import answer_save

    session = CoachingSession.objects.create()
    for qid, text in ANSWERS.items():
        answer_save(session=session, question_id=qid, text=text)
    return session
