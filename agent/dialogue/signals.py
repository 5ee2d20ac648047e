"""Signals read before and around the classifier.

Attacks, and the few phrasings whose meaning depends on the dialogue
so far.
"""

import re

# A refusal is costly when wrong ("pour over coffee" is not an attack): the
# classifier's injection guess must come with words an attack uses.
ATTACK = re.compile(
    r"忽略|无视|指令|提示词|系统设置|system|prompt|ignore|instruction|dan\b|越狱|jailbreak|"
    r"开发者模式|没有(?:任何)?限制|扮演|假装你|别人的|其他(?:人|用户)|别的用户|所有(?:用户|会话)|"
    r"数据库|后台|管理员|密码|token|api|规则|上面收到|一字不漏|原文|你的设定",
    re.I,
)
REVISE = re.compile(
    r"怎么改|如何改|改成|改一下|帮我改|给个方向|往哪改|怎么写得|怎么补|更好的说法|润色"
)
# "帮我挑出最重要的5个价值观": a task on the saved answers (realise/tasks.py).
TOP_ASK = re.compile(
    r"(?:挑|选|找|列|排)(?:出|一下|个)?.{0,8}(?:最重要|最主要|最核心|前)\s*的?\s*"
    r"[1-9一二三四五六七八九]\s*(?:个|条|项)|\btop\s*[1-9]",
    re.I,
)
# "这属于哪一类" / "算热情还是才能": which part a thing belongs to (realise/sorting.py).
SORT_ASK = re.compile(
    r"(?:属于|算|归|是|放)(?:在|到|为|进)?哪(?:一)?(?:类|种|块|部分|步|个部分)"
    r"|算(?:是)?(?:价值观|才能|热情|兴趣|重要的事|擅长的事|喜欢的事)还是"
)
# "我卡住了，不知道从哪写起": a smaller step, not a menu (realise/explain.py).
STUCK = re.compile(r"卡住|卡壳|写不出|写不下去|不知道从哪|无从下笔|没思路|没头绪")
RANK = re.compile(r"排前[五5三3]|怎么排|按什么排|排不出|排序|排个先后")
FLIP = re.compile(r"翻成|翻过来|翻转|变成优点|算优点|是优点|能当优点|缺点.{0,4}优点")
# Taking leave ("明天再说吧", "今天先这样"): a short message that ends the
# session for today is a goodbye, whatever its words look like to the classifier.
LEAVE = re.compile(
    r"先到这|先这样吧?$|明天再(?:说|写|聊|来)|改天再|回头再(?:说|写|聊)|下次再|"
    r"不写了|我先(?:走|撤|下)了?|去睡了?|睡觉了|拜拜|再见"
)
LEAVE_MAX_CHARS = 16
# Hard times said outright: a lay-off or a mortgage with sleepless nights, or
# "做这个到底有什么用" — the feeling comes before any question of the workbook.
HARDSHIP = re.compile(r"被裁|裁员|失业|下岗|房贷|还不上|欠债|没收入")
STRAIN = re.compile(
    r"睡不着|失眠|焦虑|崩溃|撑不住|喘不过气|压力(?:好|太|特别|很)?大|"
    r"到底有什么用|有啥用|有什么意义|来不及|太晚了|没希望|(?:哪有|没)资格"
)
# A loved one gone ("老伴前年走了以后", "外婆去年走的").
GRIEF = re.compile(
    r"(?:老伴|爸|妈|外婆|奶奶|爷爷|外公|姥姥|姥爷|亲人|老公|老婆|她|他)"
    r"\S{0,3}(?:走了|走的|去世|过世|离开了我们)"
)
# Worn out or grieving, said in a short message: care before any question.
WORN = re.compile(
    r"写不动|脑子(?:完全|已经)?不转|累死了|太累了|好累|困死|没力气|一点劲都没有|"
    r"去世|过世|走了[，。…]|刚走|葬礼|" + GRIEF.pattern
)
WORN_MAX_CHARS = 60
# A limit on time right after an experiment was proposed shrinks the experiment.
TIME_LIMIT = re.compile(
    r"只有|就[一两半]|没(?:什么|啥)?时间|没空|太忙|抽不出|[一两半]天|小时"
)
# "那继承的部分也得写吗" asks whether it must be written: answer that first.
MUST_WRITE = re.compile(
    r"(?:也|都|一定|必须|非)得?(?:要)?写吗|必须写|要写吗|可以不写|能不写|"
    r"可以空着|能空着|可以跳过|能跳过|不写行吗|不写可以吗"
)
# "S02是让我写缺点吗": a yes-or-no question about what the question wants.
ASKS_IF = re.compile(r"是(?:让|要)我写.{1,10}吗|是不是(?:让|要)我写|就是写.{1,10}吗")
RESUME = re.compile(r"没事|算了|继续|做题|写题|不用管|好多了")
FOLLOW_UPS = ("more", "refer", "why", "go_on")
# "然后呢 做完了怎么判断" / "好吧 那回到题目…": the request follows the particles.
LEAD_PARTICLES = re.compile(
    r"^(?:(?:然后呢|然后|好吧|好的|好|那么|那|嗯+|哦+|所以)[\s，,。！!？?]*)+"
)
WANTS_EXAMPLE = re.compile(r"例子|示例|举例|举个|范例|参考答案|example", re.I)
# With a highlighted text, a short message is about that text, whatever else
# it might mean alone ("这句没太懂", "怎么区分").
SELF_CONTAINED = (
    "crisis",
    "injection",
    "quiet",
    "distress",
    "story",
    "feedback",
    "synthesis",
    "greet",
)
