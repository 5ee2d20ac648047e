"""Round 19 (blind20, blind21): the kinds their confusions showed, in our own words.

Each kind has cases of its own (none from a blind set) and a counter-case the
rule must leave alone. Precision kinds: a one-character name with no stance
(钱 as a sum, a loss, a grievance), a motive of back then replaced now, a
cleft refusal (不想要的是…), "this one" as a pronoun (这个不算, 不是这个) and
"these" before people (这些学生), someone's trait refused (不太想学, 至于他们…
这点, a sentence that refuses "that"), a joke or first thought dropped (算了,
哈哈…说正经的), what the person is made to do (被…逼着学的, 公司让我…, 不得不),
a "no" to liking conceded (虽然我不喜欢，但…), written slogans (墙上刷着“…”),
homonyms and everyday words (身体素质, 乡下), the kind of people admired (羡慕
那种…的人), kin by marriage as speakers, people in general's traits, praise
disowned (不是夸我), a song's title, money saved for something else (攒钱准备…),
doubt of a liking (这算兴趣吗, 想想而已, 也就那样), a condition that did not
hold (如果…；可惜没有), the person's weak point (我英语不好), a thing taken
apart in the hand (坏了…拆开来), a weak word suffered (睡不着太煎熬了).
Recall kinds: 可能的 as "possible", either option will do (…或者…都行), the
company gathered (约上, 叫上), a guess at who (可能是我班主任吧), not tired
(都不累), a criterion weighed (靠不靠谱), kin ranked first (…最重要).
"""

import pytest

from tests.knowledge.evidence_score import strength

pytestmark = pytest.mark.django_db

# (cases of the kind, counter-cases); each is (question, answer, entry, strength).
RULES = [
    # A one-character name with no stance: a sum, a loss or a grievance.
    (
        (
            ("V05", "外卖晚到五分钟就被扣钱，客服也不理。", "V069", None),
            ("V02", "新单位钱少一大截，可是离家近，走路十分钟。", "V069", None),
            ("V03", "开店第一年钱全赔进去了，我还是咬牙撑着。", "V069", None),
            ("V08", "希望别人说我借了钱一定按时还。", "V069", None),
        ),
        (
            ("V02", "跳槽就是冲着钱去的，别的都好说。", "V069", "named"),
            ("V02", "说白了，钱对我来说最重要。", "V069", "named"),
            ("V02", "哪边钱给得多我去哪边。", "V069", "named"),
        ),
    ),
    # A motive of back then, replaced or turned down by a later "now".
    (
        (
            (
                "V02",
                "年轻的时候选工作就图个面子，现在更在乎离家近不近。",
                "V072",
                None,
            ),
            (
                "V08",
                "以前总希望别人说我有钱，现在只希望被说是个靠得住的人。",
                "V069",
                None,
            ),
            (
                "V02",
                "考研选方向的时候只看哪个挣钱多。现在回头看，我不会再只看钱了。",
                "V069",
                None,
            ),
        ),
        (
            ("V02", "以前选工作看重自由，现在更看重自由了。", "V001", "named"),
            ("V02", "年轻的时候图个面子，现在也还是要面子。", "V072", "named"),
        ),
    ),
    # A "no" put in a cleft governs the whole thing after it.
    (
        (
            (
                "V04",
                "我不想继承的是我妈那种舍不得吃舍不得穿的节俭。",
                "V033",
                None,
            ),
            ("V04", "最不想继承的是我爸那种处处讲面子的派头。", "V072", None),
        ),
        (
            ("V04", "我想继承的是我妈那种节俭，从不乱花。", "V033", "named"),
            ("V02", "我不想要面子，我想要的是自由。", "V001", "named"),
        ),
    ),
    # "This one" as a pronoun turned down; "these" before people is no pointer.
    (
        (
            (
                "V02",
                "去大厂当然有面子，不过我看重的不是这个，是能学到东西。",
                "V072",
                "suspected",
            ),
            ("P01", "打游戏吧，不过大家都打，这个不算吧？", "P010", "suspected"),
        ),
        (
            ("V04", "我爸特别勤奋，这个我一定要学。", "V046", "named"),
            ("V03", "撑着我的是责任心，这些学生我舍不得丢下。", "V040", "named"),
            ("S07", "有人说我特别会讲故事，这个真没说错。", "T029", "named"),
        ),
    ),
    # Someone's trait the person refuses: "不太想学", "至于他…这点", "那样的人".
    (
        (
            ("V04", "我爸特别节俭，节俭得有点过头，我不怎么想学。", "V033", None),
            ("V04", "说到我爸太爱面子这点，我真不想要。", "V072", None),
            (
                "V04",
                "我妈特别好胜，什么都要争第一，我爸也拿她没办法。我可不想成为那样的人。",
                "V073",
                "suspected",
            ),
        ),
        (
            ("V04", "我爸特别节俭，我很想学。", "V033", "named"),
            ("V04", "说到我爸的节俭，这点我一定要继承。", "V033", "named"),
        ),
    ),
    # A first thought given up ("算了") or a joke turned serious.
    (
        (
            (
                "V07",
                "本来想说天天躺平……算了，还是早起去爬山吧。",
                "V100",
                "suspected",
            ),
            ("P07", "想学炒股发财，哈哈，说正经的，我想学画画。", "P114", "suspected"),
        ),
        (
            ("P07", "学烘焙，说正经的，我一直想学。", "P047", "named"),
            ("V07", "睡个懒觉，算了，还是早起去爬山吧。", "V081", None),
        ),
    ),
    # What the person is made to do: forced, mandated, no choice; a "no" to
    # liking conceded, however useful.
    (
        (
            ("P03", "查的都是Excel公式，被主管逼着学的。", "P031", "suspected"),
            ("P04", "学跳舞，年会要表演，每年都不得不去。", "P089", "suspected"),
            (
                "P03",
                "查得最多的是怎么写公众号，公司让我管官方号，不查不行。",
                "P079",
                "suspected",
            ),
            ("P01", "学画画，不过那是我爸安排的，每周两次。", "P077", "suspected"),
            ("P07", "学会计吧，好找工作，虽然我不感兴趣，但稳定。", "P022", None),
        ),
        (
            ("P04", "公司让我学Excel，学着学着反而爱上了。", "P031", "named"),
            ("P07", "学烘焙，虽然我不太会，但特别喜欢。", "P047", "named"),
        ),
    ),
    # A saying written on a wall or a banner is no one's stance here.
    (
        (("V09", "楼道里贴着“邻里和谐”，其实谁也不认识谁。", "V064", None),),
        (("V09", "我觉得缺的是和谐，楼上楼下天天吵。", "V064", "named"),),
    ),
    # Homonyms and everyday words (the lexicon).
    (
        (
            ("V09", "缺的是心理素质，一点挫折就崩溃。", "V047", None),
            ("P01", "小时候在乡下跟着外公抓鱼。", "P062", "suspected"),
        ),
        (("V04", "我爸待人特别有素质，从不大声说话。", "V047", "named"),),
    ),
    # The kind of people admired, kin by marriage who speak, and a trait of
    # people in general: theirs.
    (
        (
            (
                "S01",
                "我特别羡慕那种能把事情讲明白的人，我一开口就绕。",
                "T002",
                "suspected",
            ),
            ("S06", "岳母说我讲故事特别生动。", "T029", "suspected"),
            ("V06", "那次住院，我第一次感受到陌生人的善良。", "V043", "suspected"),
        ),
        (
            ("S04", "婆婆总夸我会讲故事。", "T029", "named"),
            ("V04", "我妈的善良我一定要继承。", "V043", "named"),
            ("V01", "我挺佩服那种活得很自由的人。", "V001", "named"),
        ),
    ),
    # Praise the person says was none.
    (
        (("S04", "同事都叫我“百科全书”，不是夸我，是嫌我话多。", "T022", None),),
        (("S04", "同事都叫我“百科全书”，什么都知道一点。", "T022", "named"),),
    ),
    # A song's title is its wording; a show's title that is the topic names.
    (
        (("P02", "网易云里听得最多的是《星空》，每天睡前循环。", "P120", None),),
        (("P01", "小时候每天守着看《动物世界》。", "P055", "named"),),
    ),
    # Money saved for something else is the means, not personal finance.
    (
        (("P02", "最近在攒钱打算去学潜水。", "P113", "suspected"),),
        (("P02", "最近老在研究怎么攒钱，记账软件换了三个。", "P113", "named"),),
    ),
    # Doubt of a liking, a wish only thought of, falling short oneself.
    (
        (
            (
                "P02",
                "最常看的是烘焙视频，可每次看完也没动手，这算爱好吗？",
                "P047",
                "suspected",
            ),
            ("P07", "想去学烘焙，也就想想。", "P047", "suspected"),
            (
                "S03",
                "做表格能做一下午。不过说实话，我自己做的也就那样。",
                "T006",
                "suspected",
            ),
        ),
        (("P02", "最常看的是烘焙视频，看完就动手做。", "P047", "named"),),
    ),
    # A condition the answer says did not hold.
    (
        (
            (
                "V02",
                "要是当时家里有存款，我早就去读研了；可惜没有。",
                "V069",
                None,
            ),
        ),
        (("V02", "如果能自由安排时间就好了。", "V001", "named"),),
    ),
    # The person's own weak point.
    (
        (("P07", "想出国玩，可我英语一直不太好。", "P078", None),),
        (
            ("P01", "我英语特别好，从小就爱背单词。", "P078", "named"),
            ("P01", "我爸数学一直不好，我倒是从小喜欢数学。", "P125", "named"),
        ),
    ),
    # A thing taken apart in the hand, not a problem broken down.
    (
        (("S01", "家里的吹风机坏了，我拆开来换了根线就好了。", "T018", None),),
        (("S06", "接手新项目时我先把任务拆开来，一块块推。", "T018", "named"),),
    ),
    # A weak word the person suffers is a complaint, not a topic.
    (
        (("P03", "最近老查失眠的偏方，睡不着实在太煎熬了。", "P042", "suspected"),),
        (("P03", "怎么改善失眠，最近老是睡不着。", "P042", "named"),),
    ),
    # Recall: "possible", either option, company gathered, a guess at who,
    # not tired, a criterion weighed, kin ranked first.
    (
        (
            (
                "S01",
                "做决定前我会把所有可能的结果一步步推一遍。",
                "T013",
                "named",
            ),
            ("P07", "学画画，水彩或者油画都行。", "P077", "named"),
            ("V07", "叫上几个好朋友去江边烧烤。", "V059", "named"),
            ("V01", "可能是我班主任吧，她对每个学生都很公平。", "V009", "named"),
            ("S03", "陪客户聊天，聊一下午都不觉得累。", "T008", "named"),
            (
                "V02",
                "我找工作就看两样：领导好不好相处，团队合作顺不顺。",
                "V063",
                "named",
            ),
            (
                "V02",
                "老婆孩子过得开心最重要，我上班远点无所谓。",
                "V006",
                "named",
            ),
        ),
        (("V02", "可能是自由吧。", "V001", "suspected"),),
    ),
]
CASES = [case for cases, _ in RULES for case in cases]
COUNTERS = [counter for _, counters in RULES for counter in counters]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[1][:12])
def test_round19_kind(kb, case):
    question_id, text, entry, expected = case
    assert strength(text, question_id, entry) == expected


@pytest.mark.parametrize("counter", COUNTERS, ids=lambda c: c[1][:12])
def test_round19_counter_case(kb, counter):
    question_id, text, entry, expected = counter
    assert strength(text, question_id, entry) == expected


def test_a_grievance_about_money_names_no_value(kb):
    # The coach's find: a rider's money docked is no stance on money.
    assert strength("骑手被恶意差评扣钱，平台不管", "V05", "V069") is None
