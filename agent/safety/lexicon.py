"""The risk lexicon: phrasings that mean danger whatever else the message says.

Written by us, per kind (not per string): each pattern names a way people say
it — a wish not to wake up, a goodbye, marks on a wrist, pills saved up, being
on a roof now — so that new wordings of the same idea match. The classifier
(``agent/safety/model.py``) covers what these miss; these hold when it is
unsure. Figures of speech that share the words (累死了, 笑死, 杀进游戏行业,
药学专业) are taken out before matching, in ``FIGURES``.

Patterns run on ``text.normalise`` output: simplified, lower case, no spaces,
emoji and punctuation kept as they carry clause boundaries (see ``normalise``).
"""

from __future__ import annotations

import re

# Someone close who may hit: partners, parents, family.
_CLOSE = (
    r"(?:老公|丈夫|前夫|男朋友|男友|老婆|妻子|女朋友|女友|对象|伴侣|爸爸?|妈妈?|父亲|母亲|"
    r"继父|继母|后爸|后妈|哥哥?|姐姐?|公公|婆婆|岳父|家里人|家人|他|她)"
)
# Someone at home named as the one a threat is for ("想弄死我后妈").
_KIN = (
    r"(?:老公|丈夫|前夫|男朋友|男友|老婆|妻子|前妻|女朋友|女友|对象|爸爸?|妈妈?|父亲|母亲|"
    r"继父|继母|后爸|后妈|哥哥?|姐姐?|弟弟?|妹妹?|公公|婆婆|岳父|岳母|舅舅|叔叔|姑姑|"
    r"大伯|二叔|小叔|表哥|堂哥|姐夫|嫂子|爷爷|奶奶|外公|外婆)"
)
_HIT = r"(?:打|揍|踢|掐|扇|抽|推|拽|踹|勒|烫|砸|扯|拖|摔|拧)"
# 打 that is not a blow: 打电话, 打卡, 打游戏, 打招呼…
_NOT_BLOW = (
    r"(?!电话|给|卡|字|游戏|球|牌|招呼|折|车|扫|工|包|听|算|针|印|开|理|扮|气|call|回|败|脸|击|扰|断|"
    r"分|上|造|磨|量|动|探|乱|压|发|通|赌|架|交道|趣|岔|转|底|怪|胎|工|瞌睡|疫苗)"
)
_PLACE = (
    r"(?:天台|楼顶|顶楼|屋顶|阳台(?:外|边|栏杆)|窗台|窗户外|栏杆外|"
    r"桥上|桥边|大桥|江边|河边|湖边|海边|悬崖|崖边|铁轨|轨道边)"
)
_NOW = (
    r"(?:现在|此刻|这会儿?|已经|正|刚|一个人|我在|我站在|坐在|站在|爬上|爬到|来到|到了)"
)
_OTHERS = (
    r"(?:他|她|他们|她们|那个人|那人|这个人|同事|领导|老板|上司|经理|主管|组长|前任|前男友|"
    r"前女友|室友|邻居|同学|老师|房东|渣男|小三|继父|全家|一家|(?:隔壁|楼上|楼下|对门)(?:那家人|家|的)?|那家人|"
    r"那一家|那帮人|那些人|他家|他们家)"
)

# Per kind, strong phrasings: any one is a full care reply.
STRONG: dict[str, re.Pattern] = {
    "suicide": re.compile(
        # Round 18: joining someone who died ("外婆走了以后我就一直想跟她一起去").
        r"(?:走了|去世|不在了|过世|没了)[^。！？]{0,16}(?:想|要)?跟(?:她|他|他们)一起去|"
        r"(?:走了|去世|不在了|过世)[^。]{0,40}(?:该|要|想)去找(?:她|他|他们)了|"
        r"想s(?![a-z])|(?:以后|之后)(?:应该|可能|大概)?不会再来了[，,。]?(?:你也保重|保重|谢谢|再见)|"
        # Remembered as gone or set free ("希望大家提起我时说一句'她终于解脱了'").
        r"(?:提起我|说起我|记得我|想起我|我走后|我死后|我不在了)[^。！？]{0,14}"
        r"(?:终于解脱|解脱了|安息|走得安详|终于不用再)|"
        # A last log-in said with thanks or a goodbye (the English of 不会再来了).
        r"last\s*time\s*(?:i'?ll|i\s*will|i'?m)\s*(?:log|be|come|talk|writ|here|on)"
        r"[^!?]{0,60}(?:thank|bye|goodbye|farewell)|"
        r"谢谢.{0,12}(?:以后|之后)(?:应该|可能|大概)?不会再来|"
        r"(?:信|遗书|遗言)(?:都|也)?写好了|"
        r"(?:猫|狗|宠物).{0,12}(?:送|给).{0,12}账号|账号.{0,12}(?:猫|狗|宠物)|"
        r"(?:跟|和|向)?(?:这个)?世界(?:说声?)?再见|日子.{0,6}(?:选好|定好|定了)|"
        r"not\s*wake\s*up|don'?t\s*see\s*the\s*point|结束(?:了)?对(?:大家|所有人|家人)(?:都)?好|"
        r"没(?:有)?(?:被)?生(?:下来|出来)|没出生过?就好|放心(?:地)?走|受益人.{0,16}(?:留点|留给|留下|不在|走了)|"
        r"以后(?:我)?照顾不了(?:它|他|她|你)|(?:彻底|永远)下线|"
        r"死了(?:也没人|就好)|消失了?.{0,8}(?:没人|也没|不会有人)|快不在了|不醒过来|永远睡着|"
        r"没(?:有)?人会(?:发现|在乎|记得|想起|难过)|大家都(?:会)?轻松|解脱了?吧|"
        r"药.{0,6}准备好|准备好.{0,4}药|(?:成了|是)(?:.{0,4}的)?(?:累赘|负担|拖累)|"
        r"我要是不在了|我不在了(?:以后|之后)?.{0,8}(?:好过|轻松|更好)|"
        r"(?:快|以后也?)用不(?:着|上)(?:这些|它)?了|反正(?:以后)?也?用不(?:着|上)|"
        r"就走了?[，,]?.{0,4}谢谢|(?<![a-z])zs(?![a-z])|"
        r"密码.{0,8}(?:写|留)(?:在|给)|永远(?:地)?(?:休息|闭上眼)|"
        r"就当是?最后一(?:顿|次|餐)|这(?:大概|可能|应该)?是我?最后一次|"
        r"(?:早点|彻底|永远)的?解脱|不想再?想以后|没有以后了|没以后了|"
        r"(?:哪种|什么)方式.{0,6}(?:走|死)|(?:走|死)得(?:不疼|快|舒服)|怎么死|"
        r"ge\s*shou|ge\s*wan|zi\s*can|an\s*mian\s*yao|tiao\s*lou|"
        r"不打算活|活不(?:了)?(?:多)?久了|提前退场|人生下线|人间不值得|世界没有我|没有我(?:也|都)照样|"
        r"我?还在这干嘛|活着(?:还有|有|又有)?(?:什么|啥)(?:意思|用|意义)|为什么要活|还活着干嘛|"
        r"活着就是(?:给.{0,4})?(?:添麻烦|负担|拖累|浪费)|不想存在|消失掉|"
        r"(?:想|准备|打算|安静地|安安静静地|可以|就此)(?:干脆)?结束(?:了|掉自己|吧|算了)?(?=[，。,.!?！？]|$)|"
        r"(?:算是|最后的?|跟大家)道别|(?:和|跟|向)?(?:这个)?世界告别|告别了?(?:大家|所有人|一切)|"
        r"该交代的|交代(?:好|完)了|"
        r"密码.{0,6}(?:写|留|告诉)给|清空(?:了)?朋友圈|头像换成黑|不想留下(?:什么)?痕迹|"
        r"(?:如果|要是|哪天|等)我不在了|我不在(?:这个世界|人世)|我走了(?:以后|之后)?.{0,6}(?:轻松|更好|好过)|"
        r"永远不回来|永远离开|再也不回来|(?:我|也)?(?:可以|该|是时候)走了|"
        r"一睡不醒|睡过去(?:就)?(?:不醒|别醒)|(?:保险|赔偿)金?.{0,8}(?:过得更好|给家里|留给)|"
        r"xiang\s*si|bu\s*xiang\s*huo|zi\s*sha|\bzs\b|zs(?:算了|了)|yi\s*shui\s*bu\s*xing|"
        r"disappear\s*forever|want\s*to\s*disappear|(?:life|living)\s*(?:has|is)\s*no\s*point|"
        r"no\s*point\s*(?:in\s*living|anymore)|don'?t\s*want\s*to\s*exist|"
        r"won'?t\s*be\s*(?:here|around)|say(?:ing)?\s*goodbye|gave\s*away\s*(?:my|all)|"
        r"不想(?:再)?活(?!在|成|得像|给|出)|不愿(?:意)?活(?!在|成)|活不下去|活着(?:也|都|就|真的?|好|太|挺|蛮|特别|有点|还有|又)"
        r"{0,3}(?:累|没(?:什么|啥)?(?:意思|劲|意义|盼头|必要)|什么意思|有什么用)|活够了|"
        r"(?:弄死|杀了|杀死|掐死|了结|干掉)(?:我)?自己|把(?:我)?自己(?:给)?(?:杀|弄死|掐死|了结|干掉)(?:了|掉)|"
        r"不如死|死了(?:算了|也好|就好|干净|一了百了)|想死|寻死|求死|去死吧?我|我(?:去|该|应该|还是|不如)死|该死的是我|"
        r"自杀|自尽|轻生|了结(?:自己|生命|残生)?|结束(?:自己|我的?)?(?:生命|一切|这一生)|"
        r"结束这一切|一了百了|离开这个世界|告别这个世界|离开人世|去另一个世界|"
        r"不想醒|别再醒|不要再?醒|醒不过来就好|再也不醒|永远(?:睡|闭)|长眠|"
        r"(?:我|自己)(?:就|要|想|能|会)?(?:彻底|永远)?消失"
        # "想消失一阵子", "消失在所有群聊里": a break from people, not a life.
        r"(?!一阵|几天|一段|一周|一个月|一下|[^。，]{0,4}(?:群|朋友圈|网上|社交|人群|视线))|从(?:这个)?世界上?消失|"
        # A burden without the word ("少了我这张嘴"); things given away one by one;
        # tomorrow with an "if" ("要是我还能回来的话"); going on as pointless.
        r"把(?:这一切|一切|自己|生命|这条命|我自己)(?:都)?(?:给)?结束|一觉(?:睡)?不醒|"
        r"(?:附言|留言|纸条|便条|信里|最后一句).{0,8}(?:别难过|别哭|对不起|照顾好|好好(?:的|活))|"
        r"把(?:我|我自己)(?:给)?(?:解决|处理|清除|删除|抹掉|除掉)(?:掉|了)|"
        r"(?:早点|提前|干脆)(?:下线|退场|离场|谢幕)|"
        # A goodbye to the coach itself ("就当是跟你道个别吧").
        r"(?:就当|算)(?:是)?(?:跟|和|向)?(?:你|大家)?(?:们)?道(?:个)?别|"
        r"(?:少|没)了我.{0,10}(?:宽裕|轻松|好过|省心|省钱|自在|更好|清净)|"
        r"(?:一件一?件|一样一?样|挨个)(?:地)?(?:送|分|给)(?:人|出去|掉|了)?|"
        # Round 14: the mess left to the family weighed ("家里人收拾起来不会太麻烦").
        r"(?:家里人|家人|爸妈|别人)(?:收拾|处理|清理)(?:起来)?.{0,6}(?:不会?太?麻烦|方便|省事|省心)|"
        r"(?:如果|要是|假如)(?:我)?(?:下周|下个月|明天|明年|到时候|那时候?|以后)?还(?:能|可以)?(?:回得来|回来|有(?:下次|明天|以后)|活着|在(?:的话)?)(?:的话)?|"
        r"(?:活|熬|撑|过)下去(?:还|又)?有(?:什么|啥)(?:意义|用|意思|盼头)|何必(?:再)?(?:活|撑|熬)|"
        r"没有?我.{0,6}(?:更好|轻松|解脱|清净|不用)|(?:我|自己)(?:只|就)?是(?:个|一个)?"
        r"(?:累赘|负担|拖累|多余)|拖累(?:大家|家人|别人|他们|爸妈|父母|孩子)|"
        r"遗书|遗言|绝笔|后事|身后事|永别|来世|下辈子再|(?:以后|再也)(?:不会|不能)再?(?:来)?(?:找你|和你聊|跟你聊|打扰你)|最后一次(?:和|跟|找)?你?(?:聊|说)|"
        r"(?:都|全)?(?:送|分|留)(?:给|掉)了?.{0,10}(?:用不上|用不着|不需要了)|"
        r"托付给|帮我照顾好?(?:我的)?(?:猫|狗|孩子|爸妈)|"
        r"(?:决定|定好|选好|想好)了?.{0,8}(?:日子|时间|那天|走|离开)|就走了?[，。,.]?谢谢|"
        r"撑不下去了?|熬不下去|解脱吧|想解脱|紫砂(?!壶|锅|杯|茶|陶|泥|器|杯)|自s|想si|zisha|想鼠|不想或了|"
        r"kill\s*myself|kms\b|suicid|end\s*(?:my\s*life|it\s*all)|end\s*things|"
        r"want(?:ed)?\s*to\s*die|don'?t\s*want\s*to\s*(?:live|be\s*alive|wake\s*up|be\s*here)|"
        r"better\s*off\s*without\s*me|no\s*reason\s*to\s*(?:live|go\s*on)|unalive|"
        r"can'?t\s*go\s*on|goodbye\s*forever|not\s*be\s*around|"
        r"goodbye\s*(?:messages|letters|notes|texts)|last\s*thing\s*i\s*(?:wanted|want|need(?:ed)?)\s*to\s*(?:finish|do)|"
        # Leaving life said as logging off or checking out, in English.
        r"(?:log|sign|check)(?:ging|ed)?\s*(?:off|out)\s*(?:of|from)\s*(?:life|this\s*world|existence)|"
        r"(?:log|sign|check)(?:ging|ed)?\s*(?:off|out)\s*(?:for\s*good|forever|permanently)"
    ),
    "self_harm": re.compile(
        # Round 18: fists on a wall until hurt ("砸墙，砸到指节裂开缝了四针").
        r"(?:砸|捶|撞|打|锤)(?:墙|玻璃|柜子|门)[^。！？]{0,8}(?:指节|手背|拳头|手指|额头|头)"
        r"[^。！？]{0,4}(?:裂|缝了?.{0,2}针|出血|流血|骨折|肿)|"
        r"又划了|划了(?:几|好几)(?:道|下)|(?:画|划)了?(?:几|好几)道|(?:打|扇|掐|咬|抓|捶|砸|抽|拧)自己|"
        r"cutting\s*(?:again|myself)|been\s*cutting|咬到出血|咬(?:手|胳膊).{0,6}出血|"
        r"一把一把(?:扯|拔)|(?:打火机|烟头).{0,6}烫(?!我)|烫(?:自己|手指|手臂|胳膊|手背)|"
        r"(?:手上|手背|手心|腕上|手臂上).{0,6}(?:口子|刀痕|划痕|血痕|伤口)|"
        r"掐(?:手心|胳膊|自己|大腿|手臂).{0,8}(?:出血|血印|青|紫)|(?:抠|挠)(?:手臂|手|皮|胳膊).{0,6}(?:流血|出血)|"
        r"打了自己|揍自己|(?:罚|惩罚)自己(?:不吃|饿)|剪到流血|(?:抓|抠)到流血|"
        r"割过|(?:很|好|又)?想(?:再)?割|又割|划下去|划得(?:有点|很)?深|伤口又裂|"
        r"(?:hit|punch|scratch|starv)(?:ed|ing|e)?\s*myself|"
        r"割腕|割(?:了|伤)?(?:手|自己|腕|大腿|胳膊)|划(?:了|伤)?(?:手|自己|胳膊|大腿|腕)|"
        r"(?:手腕|手臂|胳膊|大腿|腿上|身上).{0,8}(?:口子|刀痕|划痕|伤疤|血痕|新伤|疤)|"
        r"(?:又|几|好几)(?:多了)?(?:道|条)(?:口子|血痕|伤口|疤)|(?:刀片|美工刀).{0,6}(?:划|割)|"
        r"自残|自伤|zc|伤害自己|伤自己|弄伤自己|"
        r"烟头.{0,4}烫(?!我)|烫(?:自己|手臂|胳膊)|(?:打|扇|掐|咬|抓|捶)自己|拿头撞|用头撞|撞墙|"
        r"抓(?:到|得|出)?(?:出)?血|疼(?:了)?才(?:舒服|好受|清醒)|惩罚自己|"
        r"cut(?:ting)?\s*(?:myself|my\s*(?:arm|wrist)s?)|self[-\s]*harm|hurt(?:ing)?\s*myself|"
        r"burn(?:ed|ing)?\s*myself|"
        # Round 16: slang "画线" on the body, and marks "已经一排了".
        r"[“\"'「]?[画划](?:线|道道)[”\"'」]?.{0,12}(?:手腕|手臂|胳膊|大腿|腿上|一排|一道|(?:还|又)要[画划])|"
        r"(?:手腕|手臂|胳膊|大腿)(?:上|内侧)?(?:已经|以经|又|都)?(?:一排|一道道|好几道|好多道|全是(?:口子|疤|印子))|"
        # Marks counted, round like burns, or lined up in rows ("排得挺整齐").
        r"(?:几|好几|七八|十几|一排|一串|一圈)(?:个|道|条|处)?(?:圆圆的|圆的|小圆|烫的|烟头的?)(?:疤|印|痕)|"
        r"(?:疤|烫痕|划痕|印子).{0,8}(?:排得|排成|一排一排|一道一道|挺整齐|很整齐)|"
        # Pinyin typed without an IME ("you ge le", "hua le ji dao").
        r"(?:you|yi\s*jing|gang|zuo\s*wan|jin\s*tian|zuo\s*tian)\s*(?:you\s*)?(?:ge|hua)\s*le(?!\s*(?:ge|yi|ji\s*ge|wan\s*fan))|"
        r"(?:ge|hua)\s*(?:le\s*)?(?:zi\s*ji|shou\s*wan|ge\s*bo|da\s*tui)|(?:shang|nong\s*shang)\s*hai\s*zi\s*ji|"
        r"hua\s*le\s*(?:ji|hao\s*ji)\s*dao|"
        # Round 14: a hot tool pressed to the skin, marks hidden, in English.
        r"hid(?:e|ing)\s*(?:the\s*|my\s*)?(?:burn\s*|cut\s*)?(?:burns|cuts|scars|marks)|"
        r"press(?:ed|ing)?\s*(?:the|a|my)?\s*(?:hair\s*|hot\s*)?(?:straightener|iron|lighter|curling|spoon|knife|coin)"
        r"[^.!?]{0,20}\bon\s*my|burn(?:ed|ing|t)?\s*myself"
    ),
    "means": re.compile(
        # Round 18: a height measured for a fall ("看栏杆有多高，算翻过去掉下去要几秒").
        r"(?:栏杆|桥|楼|天台|顶楼|窗|阳台)[^。！？]{0,12}(?:多高|几层|几米)[^。！？]{0,16}"
        r"(?:翻过去|掉下去|跳下去|摔下去|几秒)|(?:翻过去|跳下去|掉下去|摔下去)(?:要|得|需要)?几秒|"
        # Round 16: a load tested on a frame or hook, a knot learned for it.
        r"(?:门框|房梁|横梁|挂钩|暖气管|晾衣杆|吊扇|衣柜杆|钩子)(?:上)?.{0,10}(?:试了?试|试过|试一试|试了一?下).{0,10}"
        r"(?:吃住力|吃得住|吃不吃得住|承重|受力|撑得住|结不结实|牢不牢)|"
        r"绳结.{0,10}(?:视频|教程).{0,8}(?:学|打)|(?:照着|跟着)(?:视频|教程)(?:学)?(?:打)?(?:的)?绳结|"
        r"卖安眠药|买.{0,8}安眠药|安眠药.{0,8}(?:买|囤|攒|存|几盒|几瓶|一口气)|"
        r"水有多深|(?:水|河|江).{0,4}多深|(?:药|安眠药).{0,12}(?:够了|数了)|"
        r"炭.{0,10}胶带|胶带.{0,10}炭|"
        r"(?:栏杆|窗户|窗台|楼).{0,10}(?:有多高|多高)|量.{0,6}(?:高度|多高)|"
        r"(?:桥|江边|河边|楼顶|天台).{0,20}(?:人(?:也)?少|没人)|"
        r"(?:刀|剪刀).{0,6}(?:枕头|床边|床头|磨好|随时)|(?:枕头|床边|床头).{0,6}刀|"
        r"安定|地西泮|阿普唑仑|佐匹克隆|艾司唑仑|止痛药都|药瓶都|一整板|够一次|攒在|"
        # Checking that a window high up opens all the way ("28楼…窗能不能整个推开").
        r"(?:\d{2,}|[二三四五六七八九]?十[一二三四五六七八九]?)(?:楼|层).{0,24}(?:窗|阳台)"
        r".{0,10}(?:整个推开|完全打开|全部打开|能不能(?:整个)?(?:推开|打开)|开多大)|"
        r"(?:门缝|窗缝|浴室|卫生间|厕所|车窗|房间|车里).{0,8}(?:封严|封死|密封|不透气|透不进气|封住)|"
        r"燃气灶.{0,6}(?:发呆|阀门)|阀门.{0,6}(?:开|堵)|(?:门缝|窗缝).{0,4}(?:堵|封)|"
        r"绳子.{0,6}(?:买好|结实|承重)|买好了?绳|地方(?:也)?(?:看好|找好|选好)|找好了?地方|"
        r"研究好了|踩过点|踩点|从哪(?:个|座)?(?:楼顶|楼|桥)|卖炭|找.{0,4}炭|"
        r"sav(?:e|ed|ing)\s*(?:up\s*)?my\s*(?:pills|meds)|"
        r"(?:偷偷|悄悄)?(?:攒|囤|藏|存)(?:了|下|着)?.{0,6}(?:药|安眠|片)|"
        r"买(?:了|好)?.{0,4}(?:木炭|炭|绳子|安眠药)|一整?瓶.{0,2}(?:安眠)?药|"
        r"(?:吞|吃|喝)(?:了|下)?.{0,4}(?:一把|一瓶|整瓶|好多|所有的?)药|"
        r"烧炭|木炭.{0,6}(?:房间|密封|胶带)|绳子.{0,8}(?:准备|挂|够结实|系)|上吊|"
        r"开煤气|煤气.{0,4}(?:开着|不关)|农药|百草枯|敌敌畏|老鼠药|"
        r"多少片|几片.{0,4}(?:会|能|才|就)|吃多少.{0,6}(?:死|致命|醒不来)|致死量|"
        # A lethal dose or a painless way looked up ("搜得最多的是'致死剂量'").
        r"致死(?:的)?剂量|致命(?:的)?(?:剂)?量|lethal\s*dose|"
        r"(?:最|不|没有?)(?:痛苦|疼|痛)的?(?:方法|办法|方式|死法|走法)|"
        r"(?:哪种|什么|有没有)(?:方法|办法|方式)(?:最)?(?:不痛|不疼|没有?痛苦|无痛)|"
        r"(?:几|多少)(?:楼|层|米).{0,6}(?:会|能|才|就)?(?:死|摔死|没救)|"
        # How high is sure to be fatal, asked as a plain question.
        r"(?:几|多少|多高)(?:楼|层|米)?.{0,10}(?:救不回来|活不成|活不了|必死|肯定(?:会)?死|没救)|"
        r"哪(?:座|条|里的?)(?:桥|楼|河|江).{0,6}(?:高|深|跳|死)|"
        # A height and a fall worked out ("算过从28楼下去要几秒"): a calculation
        # of the drop, whatever the words around it.
        r"(?:算|查|量|估|数)(?:过|了|好|清楚|一下)?.{0,12}(?:楼|层|天台|楼顶|桥|阳台|窗).{0,10}"
        r"(?:下去|掉下|落地|摔下).{0,8}(?:几秒|多久|多长时间|多少秒)|"
        r"(?:楼|层|天台|楼顶|桥|阳台|窗).{0,10}(?:下去|掉下|落地|摔下).{0,6}(?:要|得|需要)?(?:几秒|多久|多长时间|多少秒)|"
        r"跳(?:楼|河|江|桥|海|下去)|卧轨|撞车|"
        r"overdose|how\s*many\s*pills|saved?\s*(?:up\s*)?(?:pills|meds)|stockpil|"
        r"(?:bought|got)\s*(?:a\s*)?rope|charcoal|"
        # Round 14: a rope with what holds it, a rail tested for a weight, a
        # poison brought home to keep by the bed, a way "不会太痛" looked up.
        r"(?:麻绳|粗绳|绳子?).{0,16}(?:挂钩|承重|房梁|横梁)|(?:挂钩|房梁|横梁).{0,12}绳|"
        r"(?:试过|试了|测过|测了|试试)(?:一下)?(?:它的?)?承重|承重.{0,6}(?:试过|试了|挺结实|够结实|很结实)|"
        r"(?:要人命|要命的|致命|剧毒|有毒|毒性).{0,40}(?:带|拿|偷)(?:了|回)?.{0,10}"
        r"(?:回家|回来|床头|抽屉|枕头|身边|包里)|"
        r"(?:哪种|什么|哪个|有没有)(?:方法|办法|方式|死法)(?:最)?(?:不会?太?(?:痛|疼)|没有?痛苦|无痛)|"
        # Round 15: stones weighed in the pockets by deep water.
        r"(?:兜|口袋|衣服)[^。]{0,6}(?:装|塞|放)(?:了)?[^。]{0,4}石头|石头[^。]{0,8}(?:兜里|口袋里)|"
        r"(?:最深的|深的那)(?:那)?(?:一)?(?:块|段|地方)[^。]{0,20}(?:石头|试了|多沉)"
    ),
    "danger_now": re.compile(
        r"翻(?:过|出)(?:了)?(?:栏杆|护栏|窗)|(?:腿|脚).{0,6}跨(?:过去|出去)了|跨过(?:了)?(?:栏杆|护栏)|"
        r"qiao\s*shang|tian\s*tai|lou\s*ding|xue\s*zhi\s*bu\s*zhu|liu\s*le\s*hao\s*duo\s*xue|"
        r"(?:腿|脚)(?:已经)?(?:放|伸|挂|悬)?(?:到|在)?(?:栏杆|窗|护栏)?外(?:面|边)?了?|"
        r"炭(?:刚|已经)?点(?:上|着)|点上炭|门窗都关(?:好|紧)|已经(?:吃|吞)了.{0,4}等|"
        r"已经割了|血好多|血止不住|流了好多血|(?:手里|手上)拿着刀|刀就在手上|"
        r"桥上.{0,6}(?:下面|往下)|下面车好多|水已经(?:到|没过)|在(?:河|江|海)里|"
        r"(?:i'?m|i\s*am)\s*(?:on|at)\s*the\s*(?:roof|bridge|ledge|edge)|"
        # Round 14: up a crane or a tower in protest, not coming down.
        r"(?:塔吊|吊车|龙门吊|脚手架|铁塔|高压塔|电线杆|广告牌|烟囱|楼顶|天台|屋顶)(?:的)?"
        r"(?:顶上|顶端|上面|上头|上)[^。]{0,16}(?:爬上来|不下去|下不去|不下来)|"
        r"(?:脚底下|脚下)(?:啥|什么)(?:也|都)没(?:得)?(?:抓|扶)|"
        r"took\s*(?:all|a\s*lot|a\s*bunch)\s*(?:of\s*)?(?:my\s*)?(?:pills|meds)|standing\s*on\s*the|"
        + _NOW
        + r".{0,6}"
        + _PLACE
        # "在楼顶了", "到江边了": a place reached, said as news.
        + r"|(?:^|[，,。!！])我?(?:人)?(?:在|到)(?:了)?"
        + _PLACE
        + r"(?:上|边|外)?(?:了|呢|啦)|"
        + _PLACE
        + r".{0,4}(?:上|边|外)?(?:了|呢|着)?.{0,6}"
        r"(?:往下看|下面|好高|风好大|跳|不想下去|坐着|站着|一个人)|"
        r"(?:刚|已经|刚刚)(?:才)?(?:吃|吞|喝)(?:了|下)?.{0,6}(?:一把药|一瓶药|整瓶药|所有的?药|"
        r"安眠|农药|消毒水|攒的药|好多药|很多药|一堆药|洗洁精|百草枯)|"
        r"(?:药|安眠药)(?:已经)?(?:吃|吞)(?:了|下去了)|"
        r"(?:on|at)\s*the\s*(?:roof|rooftop|bridge|ledge|"
        # "at the edge" as a place, not "at the edge where design meets code"
        r"edge(?=\s*(?:$|[,.!]|rn\b|right\s*now|now\b|of\s*(?:the|a)\s*"
        r"(?:roof|bridge|building|cliff|platform|river|tracks?))))|took\s*(?:all|a\s*lot\s*of)\s*"
        r"(?:my\s*)?(?:pills|meds)"
    ),
    "abuse": re.compile(
        # Round 16: held down and beaten ("昨晚他又把我按在地上打").
        r"把我(?:按|摁|推|拖|压)(?:倒)?(?:在|到)(?:地上|墙上|床上|沙发上|墙角)[^。，！？]{0,4}(?:打|揍|踢|掐|踹)|"
        r"(?:找到|抓到|回来)我?就(?:弄死|杀了|打死)我|说.{0,6}(?:弄死|杀了|打死)我|"
        r"扇了?(?:我)?一?巴掌|被.{0,3}扇|跟踪我|"
        r"直接(?:打|动手)|(?:皮带|棍子|衣架|拖鞋|擀面杖).{0,4}(?:抽|打)|连我一起(?:摔|打)|"
        r"拿我撒气|打完(?:我)?还|"
        r"(?:把我|我被)打了一顿|打了我一顿|揍我|就(?:揍|打)我|动手打|拽着?(?:我的?)?头发|"
        r"把我(?:拖|推|往墙)|推到墙|推倒|踹(?:坏|开)(?:了)?门|砸门|摔东西[^，,。！？]{0,6}(?:我|连我)|摔东西[，,]?连我|"
        r"不让我吃饭|不配吃|收走.{0,8}(?:工资卡|身份证|手机|护照)|不让我(?:找工作|上班|出门)|"
        r"敢.{0,8}就打(?:死)?我|每次反抗|掐我|抽得.{0,6}血|用皮带|被他(?:找到|拖回)|"
        r"让我永远见不到|"
        r"he\s*(?:hits|hit|beats|beat|hurts|pushed|choked)\s*me|"
        + _CLOSE
        + r"(?:又|总|总是|经常|老是|天天|一喝酒就?|喝醉了?就?|一生气就?|"
        r"昨天|昨晚|今天|还)?"
        r"(?:动手|"
        + _HIT
        + _NOT_BLOW
        + r"(?:了|过)?(?:我|俺|妈妈|我妈|孩子|我们)(?!电话|手机|微信|的?电话))|"
        # Still beaten now, not "小时候挨过打".
        r"(?:还在|又|天天|经常|总是|老是|不用再?|不再|不会再)挨(?:打|揍)|"
        r"开始(?:对我|对我们)?动手|"
        + _CLOSE
        + r".{0,6}(?:喝(?:了)?酒|喝多了?|喝醉了?)(?:以后|之后|就)?"
        r".{0,4}(?:动手|打我|打人)|"
        r"(?:皮带|棍子|衣架|鸡毛掸子|扫把|擀面杖).{0,12}(?:印子|伤|疤|青|紫|血)|"
        r"(?:用|拿)?烟头烫我|烫我|"
        # Control with a slur ("不让我去舞蹈课，说我去了就是勾引人").
        r"不(?:让|许|准)我.{0,16}(?:说|骂)我.{0,10}(?:勾引|不要脸|贱|骚|偷人|找男人|野男人)|"
        r"家暴|(?<![a-z])jia\s*bao(?![a-z])|被(?:他|她|老公|男友|爸|妈|家里人)?(?:打|揍|踢|掐|虐待|强迫|威胁)"
        + _NOT_BLOW
        + r"|被(?:关|锁)在(?:家|屋|房间)里|不敢回家|(?:把我|将我)(?:锁|关)|"
        r"锁在(?:家|屋|房间)|掐(?:住)?我的?脖子|"
        r"(?:身上|脸上|胳膊上).{0,4}(?:淤青|青一块|紫一块)|不让我(?:出门|见人|用手机|工作)|"
        r"(?:威胁|扬言).{0,6}(?:杀了?我|弄死我|打死我|离婚就|带走孩子)|"
        r"强迫我(?:发生|做那种)|性侵|"
        r"(?:hits|beats|hit|beat|choked|chokes)\s*me|abus(?:e|ive|ed)|afraid\s*to\s*go\s*home|"
        r"domestic\s*violence|"
        # Punished like a child, as an adult, at home ("晚回来十分钟就要罚跪").
        r"(?:就要|就得|就让我|就逼我|要我|让我|逼我|还被|又被|还要|天天|动不动就?)罚?跪(?!拜|安)|罚我跪|"
        # Blows at home that go on, to me or my mother ("他每个周末还是会打她",
        # "继父打完我妈"): said as a habit or as still happening.
        r"(?:每个?(?:周末|星期|礼拜|月|晚上?|天)|每次|天天|经常|总是|老是|隔三差五|动不动)"
        r"(?:都|就)?(?:还是|还|照样|又)?(?:会|要)?(?:打|揍|踹|扇|掐)(?:她|我妈妈?|妈妈|我|我们)"
        r"(?!电话|的?电话|手机|微信|游戏|球|牌)|"
        r"(?:还是|还|照样|依然|仍然|又)(?:会|在)(?:打|揍|踹|扇|掐)(?:她|我妈妈?|妈妈|我们)"
        r"(?!电话|的?电话|手机|微信|游戏|球|牌)|"
        + _CLOSE.replace("|他|她)", ")")
        + r"[^，。！？]{0,6}(?:打|揍|踹)完(?:我妈妈?|妈妈|我)"
    ),
    "harm_others": re.compile(
        # Round 18: poison or acid put in someone's food or cup; a blow with a
        # tool said outright; a weapon taken to wait for someone.
        r"(?:往|在)[^。，！？]{0,8}(?:饭|菜|水|汤|茶|杯|碗|饭盒)里(?:偷偷)?(?:下|放|倒|加|掺)(?:点|些)?"
        r"(?:老鼠药|农药|毒药|毒鼠强|安眠药|硫酸|百草枯|敌敌畏)|"
        r"(?:硫酸|农药|毒药|老鼠药|百草枯)[^。！？]{0,12}(?:倒进|放进|加进|下到|掺进|泼)"
        r"(?:他|她|他们)?的?.{0,4}(?:杯|碗|汤|饭|水|脸)|"
        r"(?:把|将)(?:他|她|那人|那个人|他们)(?:给)?(?:砍|捅|劈|剁)(?:了|死|伤)|"
        r"打残|打废(?:他|她|他们)|弄残|一个算一个|"
        r"等(?:他|她|他们)[^。！？]{0,24}(?:开车|开着车)?(?:直接)?撞(?:过去|上去|死)|"
        r"(?:带|拿|揣)(?:根|把|个|上)?(?:棍子|铁棍|钢管|刀|砖头|斧头|锤子)(?:去)?(?:堵|找|等)|"
        # Round 16: something put in someone's food or drink ("在她那罐蜂蜜里加点料").
        r"(?:在|往)" + _OTHERS + r"?(?:的|那)?[^。，！？]{0,6}"
        r"(?:饭|菜|水|汤|茶|咖啡|蜂蜜|奶|牛奶|饮料|酒|杯|碗|饭盒|早饭|便当|罐)"
        r"里(?:面|头)?(?:偷偷)?(?:加|放|下|掺|倒|撒)(?:点|些|了|一点)?(?:料|东西|药|进去)|"
        # Harm to many: driving into a crowd, taking others down with one.
        r"(?:开车|开着车)?(?:冲|撞|开)进人(?:群|堆)|往人(?:群|堆)里(?:开|冲|撞)|撞向人群|"
        r"报复社会|拉(?:几个|一群|些)人?(?:一起)?垫背|"
        # A weapon readied, then going to find them ("刀都磨好了，等会儿就下去找他们").
        r"(?:刀|棍|钢管|斧|锤|砖|汽油)[^。！？]{0,6}(?:磨好|准备好|备好|带上|揣|藏好)"
        r"[^。！？]{0,12}(?:去|下去|上去|过去)找(?:他|她|那)|"
        r"刀.{0,6}买好|找(?:他|她)算账|(?:就|会|要)(?:杀|弄死|捅)了?(?:他|她)|"
        r"出(?:个)?车祸就好|(?:他|她)(?:要是)?死了就好|汽油.{0,6}(?:去|公司|他)|带.{0,4}汽油|"
        r"控制不住.{0,4}(?:伤害|打)(?:我的?)?(?:儿子|女儿|孩子|他|她)|差点掐(?:死)?(?:他|她)|"
        r"(?:going\s*to|gonna|will)\s*hurt\s*(?:my|him|her|them|the)|"
        r"(?:想|忍不住|控制不住).{0,4}(?:掐|摔|捂|打|伤害)(?:我家|我的)?"
        r"(?:宝宝|孩子|娃|儿子|女儿|小孩)|"
        r"想杀人|杀人的念头|拉着?.{0,6}一起死|一起去死|跟(?:他|她|他们)拼(?:了|命)|拿刀跟|"
        r"动(?:点)?手脚|让(?:他|她)出事|让(?:他|她|他们)后悔的?[，,]?说到做到|"
        r"干(?:件|一件)大事.{0,10}(?:让他们|记住)|住址.{0,6}(?:找到|查到)了?|(?:找到|查到).{0,6}住址|"
        r"去堵他|等他出现|按在桌上砸|捅他|下药|掐住他|想掐死|想打死|"
        # A car made a weapon or tampered with, an "accident" planned for
        # someone, a tool for the one who hurts someone close ("拿锤子把他废了").
        r"刹车(?:线|油管|片)?.{0,4}(?:剪断|剪了|弄断|拆了|放掉|做手脚)|(?:剪断|弄断).{0,8}刹车|"
        r"(?:开车|开着车|把车)(?:直接)?(?:冲|撞|开)(?:进|向|到)?.{0,14}"
        r"(?:人群|人堆|排队的人|人行道|人多的地方)|"
        r"(?:怎么|如何|想)让(?:一个人|那个人|他|她|人)出(?:个)?意外|"
        r"(?:怎么|如何|想)让(?:一个人|那个人|他|她)出(?:个|场)?(?:车祸|事故)|"
        r"(?:锤子|斧头|刀|砖头|棍子|铁棍|扳手).{0,6}把(?:他|她|那个人|那人)(?:给)?(?:废|砍|砸|打残)|"
        # Something put in someone's cup or food, and a knife kept at work: the
        # threat is the tool's place, whatever the words around it.
        r"(?:在|往|给)"
        + _OTHERS
        + r"的?.{0,6}(?:水杯|杯子|保温杯|茶|饭|汤|水|饮料|咖啡|饭盒|菜)"
        r"里?.{0,3}(?:放|加|下|掺|倒|撒)(?:了|点|些|一点)+(?:东西|药|料|粉)|"
        r"让(?:那个|这个)?"
        + _OTHERS
        + r"(?:也|都)?(?:生不如死|尝尝.{0,6}(?:痛苦|生不如死))|"
        r"刀.{0,10}(?:工位|办公室|公司|单位)(?:的|里)?.{0,4}(?:抽屉|柜子|桌)|"
        r"(?:工位|办公室|公司|单位)(?:的|里)?.{0,6}(?:藏|放)(?:了|着)?.{0,6}刀|"
        r"kill\s*(?:everyone|them\s*all)|"
        # Round 15: something put in another's food or drink, in English; a
        # blade readied and a wait for them; a house to burn; their family
        # to be made to "taste" it; poison in a kinswoman's soup.
        r"(?:put|putting|slipp?(?:ed|ing)?|add(?:ed|ing)?|mix(?:ed|ing)?)\s+(?:a\s+little\s+|some\s+)?"
        r"(?:bleach|poison|rat\s*poison|antifreeze|laxatives?|pills|something)\s+(?:in|into)\s+"
        r"(?:his|her|their|my\s+\w+'?s?)\s+(?:\w+\s+)?(?:drinks?|food|coffee|shakes?|tea|water|soup|meals?|lunch)|"
        r"刀[^。]{0,6}(?:磨好|准备好|备好)[^。]{0,8}(?:就)?等(?:着)?(?:见到|碰到|遇到|堵到)?(?:他|她|那)|"
        r"(?:汽油|柴油|酒精)[^。]{0,24}(?:点了|烧了|点火|放火|烧掉)|"
        r"把(?:他|她|他们|那家人)(?:的|家的?)?(?:房子|家|车|店|铺子)(?:给)?(?:点了|烧了)|"
        r"让(?:他|她|他们)的?(?:老婆|老公|孩子|老婆孩子|家人|全家|爸妈)(?:也)?尝尝|"
        + r"(?:往|在|给)(?!我的|自己)(?:"
        + _KIN
        + r"|他|她|[^，。！？]{1,6}的)的?"
        r"(?:汤|茶杯|水杯|杯子|饭|水|茶|杯|饮料|咖啡|奶|菜|碗)里?"
        r"(?:加|放|下|掺|倒|撒)(?:了)?(?:点|些|一点)?(?:老鼠药|农药|毒药?|安眠药|泻药|漂白|消毒)|"
        # Round 14: a list of names with what is to be done to each, or a
        # poison bought with a chance awaited.
        r"名单[^。]{0,30}(?:要对(?:他|她|他们)做|付出代价|算账|一个(?:一)?个|报复)|"
        r"(?:买|囤|备|弄)(?:了)?(?:一些|一点|些)?(?:化学品|试剂|毒药|汽油|刀)[^。]{0,12}"
        r"(?:就)?等(?:一个|个)?(?:合适的)?(?:机会|时机)|"
        r"(?:化学品|试剂|毒药)[^。]{0,8}(?:买|备|弄)(?:了|好)[^。]{0,12}等(?:一个|个)?(?:合适的)?(?:机会|时机)|"
        r"(?:想|要|真想|恨不得|打算|准备|忍不住想|迟早)(?:去)?"
        r"(?:杀|捅|砍|弄死|打死|宰|毒死|撞死|掐死|干死|除掉|报复|弄残|废了)(?:了|掉)?(?:我的?)?"
        + _OTHERS
        + r"|(?:想|要|真想|恨不得|打算)把(?:我的?)?"
        + _OTHERS
        + r"(?:杀|捅|砍|弄死|打死|宰|掐死|废)(?:了|掉)"
        + r"|让(?:我的?)?"
        + _OTHERS
        + r"(?:消失|去死|付出代价|不得好死|见血|死)|"
        + _OTHERS
        + r"(?:都)?(?:去死|该死|不得好死)|同归于尽|"
        r"(?:拿|带|买)(?:了|把)?刀.{0,6}(?:找|去|砍|捅)|报复(?:社会|他们|公司|他|她)|"
        r"kill\s*(?:him|her|them|my\s*(?:boss|coworker|husband|wife|ex))|hurt\s*(?:him|her|them)\b|"
        r"make\s*(?:him|her|them)\s*pay|"
        # A car made a weapon in English ("running my ex over with my car").
        r"run(?:ning)?\s*(?:my\s*\w+|him|her|them|that\s*\w+)\s*over|"
        r"(?:i\s*will|i'?ll|gonna|going\s*to)\s*(?:break|smash|stab|hurt|kill)\s*(?:his|her|their|him|them)\b|"
        # Pinyin typed without an IME: "wo xiang nong si ta".
        r"(?:nong|da|sha|tong)\s*si\s*(?:ta|ni|tamen)\b|sha\s*le\s*(?:ta|tamen)\b|"
        # "让她一家都别想好过": a threat names who will pay, whatever the tool.
        r"(?:让|叫)(?:他|她|他们|她们)[^，。！？]{0,4}(?:别想好过|好看|付出代价|等着瞧)|"
        # Something put in someone's food, a poison no one would taste, silence forever.
        r"(?:饭|菜|汤|水|杯|茶|咖啡|酒|碗|奶)里.{0,3}(?:下|投)(?:点|些)?(?:东西|药|毒)|"
        r"(?:饭|菜|汤|水|杯|茶|咖啡|酒|碗|奶)里.{0,3}(?:放|加)(?:点|些)?(?:毒|老鼠药|农药|安眠药)|"
        r"(?:农药|毒药?|老鼠药|药).{0,8}(?:没(?:什么|有)?味道?|无色无味|尝不出|查不出|验不出)|"
        r"让(?:他|她|他们|她们).{0,4}永远(?:闭嘴|消失|醒不过来)|"
        # Someone at home as the one to kill ("想弄死我继母"): the wish is the
        # threat, whoever it names; "弄死我自己" is not matched (自己 is no one).
        r"(?:想|要|真想|恨不得|打算|准备|忍不住想|迟早)(?:去)?(?:亲手)?"
        r"(?:杀|捅|砍|弄死|打死|宰|毒死|掐死|干掉|除掉)(?:了|掉)?(?:我的?|我家)?"
        + _KIN
        + r"|(?:想|要|真想|恨不得|打算)把(?:我的?|我家)?"
        + _KIN
        + r"(?:杀|捅|砍|弄死|打死|宰|掐死|毒死)(?:了|掉)|"
        # Someone's address found, and a visit to come ("地址我摸到了，周末去会会他").
        # Names or an address written down, then a visit ("我记下了名字和住址，
        # 总有一天一个一个找上门去").
        r"(?:记下|记住|查到|找到|摸清|打听到|搞到)(?:了)?[^。！？]{0,8}(?:住址|地址|住哪|家在哪)"
        r"[^。！？]{0,20}(?:上门|去找|去堵|一个一个|一个个)|"
        # Everyone of a household to kill ("把我前夫全家都弄死"); not pests or a game.
        r"(?:想|要|真想|恨不得|打算|准备)把(?!(?:我)?自己)"
        r"(?![^，。！？]{0,8}(?:蚊|蟑螂|老鼠|虫|苍蝇|草|bug|病毒|细菌|怪|boss|僵尸|丧尸|敌人|植物|花))"
        r"[^，。！？]{1,8}?(?:都|也|全|统统)(?:给)?(?:杀|捅|砍|弄死|打死|掐死|毒死)(?:了|掉|光)?|"
        # A blade readied, with someone to "deal with" in the same breath.
        r"(?:收拾|教训|算账|报复|弄)(?:他|她|他们|她们)[^。！？]{0,30}(?:刀|棍|斧|锤|汽油)[^。！？]{0,6}"
        r"(?:磨好|准备好|备好|买好|藏好)|(?:刀|棍|斧|锤|汽油)[^。！？]{0,6}(?:磨好|准备好|备好|买好|藏好)"
        r"[^。！？]{0,30}(?:收拾|教训|算账|报复)(?:他|她|他们|她们)|"
        r"(?:住址|地址|住哪|家在哪|住在哪|家门)(?:我)?(?:已经|都|终于)?"
        r"(?:查到|找到|摸到|摸清|打听到|搞到|问到|记下|记住)(?:了)?[^。！？]{0,14}"
        r"(?:上门|去(?:找|堵|会会|见见|拜访|看看|一趟)|找上门|堵他|堵她|拜访|会会)|"
        # A grudge with something brought to a day ("让他们都后悔…那天我带点东西去").
        r"(?:让|叫)[^，。！？]{0,10}(?:都|全都|统统|一个个)?(?:后悔|好看|付出代价|记住这一天)"
        r"[^。！？]{0,24}(?:带|拿)(?:点|些|上|着)?(?:东西|家伙)|"
        r"(?:带|拿)(?:点|些|上|着)?(?:东西|家伙)(?:去|来|过去)?[^。！？]{0,20}"
        r"(?:让|叫)[^，。！？]{0,10}(?:后悔|好看|付出代价)"
    ),
}

# Threats that live in what normalise drops: a weapon emoji beside someone to
# fear it ("那人的地址我查到了🔪"), and a visit in scare quotes (去“拜访”一下,
# “问候”一下他). Matched on the raw text (``veiled`` in __init__).
WEAPON_EMOJI = re.compile(r"[\U0001F52A\U0001F5E1\U0001F52B\U0001FA93\U0001F4A3]")
SCARE_VISIT = re.compile(
    r"[“\"「『'‘](?:拜访|问候|聊聊|谈谈|关照|招待|照顾|教育|见见|会会|做客|串门|打个招呼|"
    r"送(?:个|点)?礼|算算账|叙叙旧)(?:一下)?[”\"」』'’]"
)

# An animal's scratch or bite ("被我家主子挠了一道"): a guess about the blood
# drops a level, like a story.
PET_HURT = re.compile(
    r"(?:猫|狗|猫咪|狗狗|主子|仓鼠|兔子|鹦鹉|宠物|刺猬|小猫|小狗)[^，。！？]{0,8}?(?:抓|挠|咬|啄|蹬)"
)

# Whom or what one misses, after 想死 ("出差一周，想死我家狗了").
_MISSED = (
    r"(?:我|我的|我家|俺家)?(?:的)?(?:狗|猫|狗狗|猫咪|主子|娃|宝贝|孩子|闺女|儿子|女儿|老公|老婆|"
    r"对象|爸妈|爸|妈|奶奶|爷爷|外婆|姥姥|家人|家里|家乡菜|火锅|烤鸭|螺蛳粉|小笼包|你们)"
)

# Figures of speech that borrow the words: removed before the strong patterns
# run, so "累死了" or "杀进游戏行业" match nothing, while "累死了…不想活了"
# still matches on its second half.
FIGURES = re.compile(
    r"(?:累|笑|热|冷|饿|困|烦|气|忙|卷|吓|丑|难|美|甜|帅|酸|渴|闷|疼|痛|撑|懒|晒|冻|无聊|尴尬|"
    r"急|羡慕|开心|高兴|乐|爱|馋|土|香|穷|贵|纠结|郁闷|憋屈|愁|心累|头疼|头大|麻烦|无语|"
    r"后悔|丢人|闹心|操心|嫌弃|焦虑|紧张|吵|挤|慢|堵|难受)死(?:了|我了|人了?|啦|掉了)?|"
    r"(?:就|简直|真是|烦得|累得|尴尬得|无聊得|困得|气得|到|得我|到我)想死|想死的心都有了?|"
    r"消失(?:一|几|两|半)(?:个月|下|段时间|天|周|年)|“消失”|"
    r"on\s*the\s*edge\s*of\s*(?:my|your|our)\s*seats?|"
    r"dead\s*tired|(?:tired|bored|scared|worried)\s*to\s*death|"
    r"overdos\w*\s*on\s*(?:coffee|caffeine|sugar|tv|netflix|work|memes)|"
    r"say(?:ing)?\s*goodbye\s*to\s*(?:my\s*)?(?:job|9\s*to\s*5|old|office|boss|company|city|desk)|"
    r"(?:老师|班主任|学校|教官).{0,6}收走|(?:风|门).{0,6}(?:把我)?锁在|"
    r"刀磨好了?.{0,8}(?:做|切|炖|红烧|菜|肉|鱼|包饺子)|"
    r"(?:婚礼|婚宴|聚会|团建|露营|生日).{0,8}地方|地方(?:也)?(?:看好|找好|选好)了?.{0,8}"
    r"(?:婚礼|婚宴|聚会|团建|露营|生日|办在)|"
    r"(?:难|烦|气|累)(?:到|得)我?想撞墙|想撞墙|"
    r"自杀(?:干预|预防)|suicide\s*(?:prevention|hotline)|"
    r"(?:签|谈)(?:完|下)?.{0,6}(?:大单|合同)|"
    r"(?:抗焦虑|晕车|感冒|胃|止痛|降压|过敏|退烧)的?药.{0,6}(?:吃了|吃过)|"
    r"(?:吃了|吃过)(?:.{0,4})(?:抗焦虑|晕车|感冒|胃|止痛|降压|过敏|退烧)药|"
    r"一整板(?:巧克力|糖)|(?:蹦极|跳伞|跳水|滑翔).{0,12}跳下去|"
    r"(?:清空|删了).{0,6}朋友圈.{0,6}(?:重新开始|换个|新形象)|"
    r"人间不值得[，,]?(?:但|不过)|人间不值得.{0,8}值得|"
    r"(?:日子|时间)定(?:好)?了.{0,10}(?:开店|回老家|结婚|入职|搬家)|"
    r"(?:婚礼|婚期|婚宴|搬家|装修|开业|入职)的?日子|嘴上说(?:要)?(?:揍|打)|"
    r"结束一切(?:，|——|-)*重新开始|我不在了.{0,6}我是说|"
    r"(?:聊|玩|尬|卷|笑|熬)死(?:了|我了|人)?|"
    # Missing someone ("想死你了") and being ashamed ("丢死人了"): no death in them.
    r"想死(?:你|你们|您|大家|宝宝)(?:了|啦|咯)?|想死" + _MISSED + r"(?:了|啦|咯)|"
    r"想死(?:这|那)(?:道|个|门|张)?(?:题|作业|卷子?|试卷|考试|科|课)了?|"
    # A gadget that froze is no cry for help ("救命，我手机卡了").
    r"救命(?:啊|呀)?[，,]?(?:我的?)?(?:手机|电脑|网|网络|页面|系统|打印机|app|软件|微信|游戏|输入法)"
    r"(?:又|突然)?(?:卡|死机|坏|崩|闪退|打不开|登不上|没电|没网|没反应)(?:了|住了)?|(?:丢|羞|吓|急|愁|烦|气|累)死人(?:了|啦)?|"
    r"(?:社恐|尴尬|丢人|社死|害羞|紧张).{0,10}原地消失|原地消失.{0,10}(?:社恐|尴尬|丢人|社死|害羞)|"
    r"(?:决定|想好)了?.{0,8}离开.{0,12}(?:行业|公司|岗位|单位|职场|城市|工作)|"
    r"告别(?:这个|这份)?(?:行业|工作|职场|公司|岗位|城市)|"
    r"道(?:个)?别.{0,10}(?:入职|离职|毕业|出差|搬家|新公司|回老家|出国|旅行|换工作)|"
    r"最后一次(?:考|面试|参加|比赛|尝试|机会|上班|开会|交|见客户)|"
    r"(?:让|叫)(?:这个|那个)?(?:需求|bug|问题|任务|作业|项目|报告|会议|班|ddl|deadline).{0,4}消失|"
    r"最后一次用.{0,8}(?:因为|已经想清楚)|不在这家公司|交代好了?.{0,8}(?:出差|旅游|钥匙)|"
    r"disappear\s*from\s*(?:social\s*media|the\s*internet|twitter|work)|"
    r"打完(?:疫苗|针)|(?:拳击|练拳|散打|比赛).{0,6}被打|刀片一滑|"
    r"(?:要死了?|死定了|死磕|死线|死机|死板|死忠|死党|死守|死记|死活|死命|"
    r"打死(?:我)?也不|死也不|杀(?:进|入|出|回)|杀时间|必杀|秒杀|杀价|杀毒|杀青|杀熟|砍价|"
    r"干掉(?:了|这个)?(?:bug|对手|竞争对手|问题|任务|一瓶|一碗|一盘|它)|"
    r"(?:天台|楼顶|顶楼|屋顶|窗台|阳台).{0,8}(?:看夜景|喝咖啡|浇花|健身|吃饭|晒|种|乘凉|烧烤|拍|"
    r"聚会|喝茶|花园|菜园|看烟花|看星星|拍照|开会|餐厅|酒吧|咖啡|晾)|"
    r"(?:过年|春节|年底|中秋|国庆).{0,4}不敢回家|不敢回家.{0,6}(?:催婚|问工作|被问|亲戚|唠叨)|"
    r"跳楼价|跳楼甩卖|跳楼大甩卖|(?:飞机|跳台|泳池|水里|蹦床|台上).{0,6}跳下去|"
    r"(?:绳子|炭).{0,8}(?:露营|帐篷|晾|跳绳|打包|搬家|攀岩)|(?:露营|帐篷|攀岩).{0,8}(?:绳子|炭)|"
    r"(?:deadline|ddl|论文|项目|bug|作业|工作|对面|boss|考试).{0,2}同归于尽|"
    r"托付给.{0,10}(?:出差|旅游|旅行|几天|一周|两周|照顾几|寄养)|"
    r"离开(?:这家|公司|行业|这个城市|北京|上海|深圳|广州|老家|体制|这个行业)|"
    r"(?:纸|猫|狗|树枝|玻璃|宠物|钉子)(?:把我的?手?)?.{0,3}(?:划|抓|割|咬)(?:了|伤|破|出血|一道)|"
    # An animal's scratch or bite, whenever it came ("我家猫今天把我手抓出血了").
    r"(?:猫|狗|猫咪|狗狗|主子|仓鼠|兔子|鹦鹉|宠物|刺猬|小猫|小狗)[^，。！？]{0,8}?"
    r"(?:抓|挠|咬|啄|蹬)(?:了|伤|破|到|得|出)?(?:我|我的?手|手|胳膊|腿)?(?:了|伤|破|到|得|出)?(?:出)?血?(?:了)?|"
    r"被(?:猫|狗|猫咪|狗狗|主子|仓鼠|兔子|鹦鹉|宠物)(?:给)?(?:抓|挠|咬|啄)(?:了|伤|破|出血)?|"
    # A stretch unbearable for its work, said with the work ("期末周生不如死，
    # 天天熬夜").
    r"(?:这周|这几天|这个月|这阵子|上线|期末|考试周|赶工|加班|赶稿|ddl|deadline|项目)[^。！？]{0,6}生不如死"
    r"(?=[^。！？]{0,16}(?:项目|上线|加班|ddl|deadline|考试|期末|赶稿|熬夜|睡(?:了)?[一二三四五两\d]个?小时|开会|需求))|"
    r"(?:江边|河边|湖边|海边|桥上|桥边)(?:散步|跑步|钓鱼|骑车|吹风|看日落|拍照|玩|遛狗|野餐)|"
    r"(?:木)?炭.{0,8}(?:烧烤|烤肉|露营|火锅)|(?:烧烤|烤肉|露营|火锅).{0,8}(?:木)?炭|"
    r"药学|药店|药剂|药企|药厂|医药|中药|西药|药房|发药|配药|药代|制药|"
    r"殡葬|火葬|法医|消防|跳伞|蹦极|跳水|跳绳|跳舞|跳槽|跳级|跳过|跨栏.{0,12}|"
    r"天台(?:上|里)?(?:种|晒|乘凉|烧烤|吃饭|聚会|喝茶|花园|菜园|看烟花|看星星|拍照)|"
    r"结束(?:这份|这段|工作|实习|合同|项目|会议|加班|异地)|"
    r"走了?(?:之后|以后)?(?:入职|旅行|旅游|出差|报到|上班)|"
    r"(?:快|都)?被.{0,6}(?:逼疯|烦死|气死)|"
    r"割(?:草|麦|肉|舍|韭菜|爱)|划(?:算|船|分|掉|重点|水)|刀工|切菜|"
    r"送(?:给)?(?:朋友|同事|学弟|学妹).{0,6}(?:因为|搬家|毕业|换新|二手|闲置)"
    r")"
)

# The person says themselves it was not meant ("他就嘴上说说", "从没动过手"):
# a classifier's guess drops one level. A strong phrasing is not lowered by
# it ("想死，开玩笑的" still gets care): people play down what they mean.
JOKING = re.compile(
    r"嘴上说说|说说而已|开(?:个)?玩笑(?:的|而已|啦|呢)|吓唬(?:我|人|我们)|"
    # ...or a hard day that ended well ("熬到想死，但做出来真的很爽").
    r"(?:但|不过|可是)(?:是)?.{0,10}(?:很爽|真爽|超爽|好爽|过瘾|值了|很值|满足|完赛|做出来了?)|"
    # ...or a way on if this fails ("最后一次考公了，再不过就换条路").
    r"(?:再不|要是不|如果不|不)(?:过|行|成)(?:的话)?[，,]?(?:我)?就(?:去)?"
    r"(?:换条路|换个?(?:行业|工作|方向|城市|专业)|转行|回老家(?:上班|工作|找工作)|找(?:个)?工作)|"
    # ...or an anger said to be over ("很恨我老板，不过现在气消了").
    r"(?:但|不过|可是|现在)(?:是)?(?:现在)?(?:气|火)(?:也|早|早就|已经)?消了|"
    r"(?:现在|早就|已经)不(?:恨|气)(?:他|她|了)"
)

# Joy said outright ("我比自己拿奖还开心"), with no cue word: a classifier's
# guess drops one level (out of fold: recall unchanged, docs/safety.md).
JOY = re.compile(
    r"(?<![不没])(?:开心|高兴|兴奋|满足|成就感|好玩|骄傲|自豪|过瘾|很爽|真爽|好爽|带劲|幸福)"
)

# ...and when they say the blow never came ("从小没碰过我一根手指"), a guess
# about abuse is dropped: "又打我了" is a strong phrasing and still holds.
NEVER_HIT = re.compile(
    r"(?:从来?|从小(?:到大)?|根本|也|一次都|一下都)没(?:真)?(?:动过手|打过我|碰过我|碰我|动过我)|"
    r"不会真(?:的)?(?:打|动手)"
)
# ...unless the blow came after all ("从小没打过我，但最近开始动手了").
BUT_NOW = re.compile(
    r"(?:但|可|不过|最近|现在|这次|昨天|昨晚).{0,12}(?:动手|打|推|掐|踢|揍)"
)

# An insult someone threw at them, in quotation marks ("他骂我“去死吧”"):
# their words, not the person's wish. A quote after "我说" is not removed.
INSULT = re.compile(
    r"(?<=骂|吼|喊|咒)(?:我|他|她|你|我们|人)?[:：]?[“「\"][^”」\"]{0,12}[”」\"]|"
    # ...or after a colon ("大人最常骂我：你这孩子早晚…").
    r"(?<=骂|吼|咒)(?:我|他|她|你|我们|人)[:：][^。！？\n]{0,20}|"
    r"(?<=[说叫让回])(?:我|你)[:：]?[“「\"][^”」\"]{0,12}[”」\"]"
)

# How the body feels after pills, gas or a fall ("就是有点困了"): after care for
# means or danger now, this is the danger going on, not moving on.
SYMPTOMS = re.compile(
    r"困(?!惑|难|境|扰)|想睡|晕|恶心|想吐|吐了|喘不(?:上|过)气|眼皮.{0,4}重|发麻|看不清|"
    r"没力气|好冷|意识(?:模糊|不清)|迷糊|睁不开"
)

# What someone else said, in quotation marks.
QUOTED = re.compile(r"“[^”]{0,12}”|「[^」]{0,12}」|\"[^\"]{0,12}\"")

# Death words inside a figure of speech ("开会开到想死"): likely nothing, but
# worth asking once.
# Likewise a life that is hard to go on with, or no year ahead: asked about
# once, whatever the classifier makes of the rest.
ECHOES = re.compile(
    r"想死(?!你|您|大家|宝宝|"
    + _MISSED
    + r"(?:了|啦|咯)|(?:这|那)(?:道|个|门|张)?(?:题|作业|卷|试卷|考试|科|课))|"
    r"去死|不想活(?!成|得像|得跟|得和)|"
    # Holding on said to be over ("就是不想再撑了"), and something called the
    # last thing one does ("这份问卷大概是我做的最后一件事"): asked once.
    r"(?:不想|不愿意?)(?:再)?撑(?:下去)?了|撑不下去了|"
    r"tired\s*of\s*(?:living|life|being\s*alive)|"
    # Telling someone before one goes, with nowhere named ("just wanted to tell
    # someone before i go"): a goodbye, asked about once.
    r"before\s*i\s*(?:go|leave)(?=\s*[.!。！,，]|\s*$)|"
    r"(?:don'?t|do\s*not)\s*want\s*to\s*(?:live|be\s*alive|exist)\b|"
    r"(?:大概|可能|应该|也许|就|会)是我(?:这辈子)?(?:做|写)的最后一件事|"
    r"活下去(?:就|都|真的|实在)?(?:很|好|太|真|特别)?难|"
    r"我(?:已经)?没有(?:明年|以后|未来|将来|一年|几年|多少日子|多少时间)了|"
    r"(?:反正|我)(?:也)?没(?:几天|多少天|几天好活)了|"
    # Long sleeves through a summer: marks being hidden, worth one question.
    r"(?:夏天|大热天|三伏天).{0,10}(?:穿)?长袖(?!.{0,10}防晒)|长袖.{0,6}(?:一整个|整个)夏天|"
    # Marks blamed on a pet there is none of ("其实我家根本没养猫"): a cover story.
    r"(?:根本|其实|家里|我家|我)(?:就|也|都)?没(?:有)?养(?:过)?(?:猫|狗|宠物)|哪(?:来|有)的?(?:猫|狗)|"
    # Help refused after something was taken ("不想去医院，就这样挺好").
    r"不(?:想|要|用|肯)去医院[，,]?(?:就这样|算了|没事|挺好|不用管)|别(?:叫|打)(?:救护车|120)|"
    r"不用(?:叫|打)(?:救护车|120)|"
    # Going on said to be pointless, and a deserted place to go to: asked once.
    r"(?<!项目|工作|学业|比赛|这事|关系|感情)继续下去(?:还|又)?有(?:什么|啥)(?:意义|意思|盼头)|"
    r"(?:找|去)(?:个|一个)?没(?:有)?人(?:的|能找到的|发现的)?地方(?:就行|就好|待着就行|一个人)|"
    r"反正(?:也|都)?没(?:啥|什么)意思了[，,].{0,12}(?:地方|山里|河边|海边|走)|"
    # Things given away, and no later for them ("相机送人了，以后也不拍了").
    r"(?:送|给|分)(?:给|出去)?.{0,10}了[，,]?(?:我)?(?:以后|反正)(?:也|都|再)?不(?:会|再)?"
    r"(?:拍|用|玩|弹|穿|看|读|画|需要|要)了"
)

# Someone at home hits me, whatever the occasion ("我爸看到我玩游戏就直接踹我"):
# the game or the news is when it happened, not what it is about, and laughter
# around it ("早习惯了哈哈😂") hides it, it does not undo it. Asked about once,
# as abuse, like an echo.
HIT_AT_HOME = re.compile(
    _CLOSE.replace("|他|她)", ")")
    + r"[^，。！？,.!?]{0,12}?(?:"
    + _HIT
    + _NOT_BLOW
    + r"(?:完|了|过)?(?:我妈妈?|妈妈|我)(?!的?(?:电话|手机|微信|游戏|号|账号))"
    + r")"
)
# "我爸又回来了，那晚把她打进了医院": someone beaten to an injury, whoever did it
# (the one at home may be named a clause before).
BEATEN_HURT = re.compile(
    r"把(?:我妈妈?|妈妈|我|她|他|孩子|我弟弟?|我妹妹?)[^，。！？,.!?]{0,2}?"
    + _HIT
    + r"(?:进了?医院|到?住院|骨折|晕|伤了|"
    + r"得[^，。！？,.!?]{0,4}(?:青|紫|肿|流血|出血|住院))"
)

# A child seen or heard being hurt, at home or next door ("对门天天半夜有孩子哭喊，
# 还有打的声音", "邻居家小孩胳膊上全是紫的"): whoever tells it, it is abuse, and
# 110 comes first. A child with blows heard, someone beating a child, or a
# child's bruises (not from a fall or a game). Asked about once, like a blow at
# home; a strong phrasing gets the full reply.
_CHILD = (
    r"(?:孩子|小孩|娃|小男孩|小女孩|小姑娘|男孩|女孩|儿子|女儿|闺女|外甥|侄子|侄女|"
    r"kid|child|boy|girl)"
)
CHILD_HURT = re.compile(
    _CHILD + r"[^。！？!?]{0,24}?(?:(?:打|抽|揍)(?:人|孩子)?的(?:声音|动静)|挨打|"
    r"被(?:打|揍|抽|踢|掐|烫)"
    + _NOT_BLOW
    + r"|(?:脸上|身上|胳膊上|腿上|背上|手上|脖子上|头上)[^。！？!?]{0,4}"
    r"(?:一块青|青一块|紫一块|一块一块(?:的)?(?:青|紫)|淤青|青紫|发紫|巴掌印|印子|血印|伤痕|烫伤|烟头)|bruis)"
    r"|(?:打|揍|抽|踹|拧|掐)(?:孩子|小孩|娃)[^。！？!?]{0,12}?(?:哭喊|惨叫|尖叫|求饶|哭|青|紫)"
    r"|(?:就|总|老|又|动不动就?)(?:拧|掐|打|揍|抽)(?:孩子|小孩|娃)的?(?:胳膊|腿|脸|屁股|耳朵)"
    r"|(?:天天|经常|总是|老是|又在|往死里|下死手)(?:打|揍|抽|踹)(?:孩子|小孩|娃)"
    r"|(?:hitting|beating|hits|beats)\s*(?:the|a|his|her|their)?\s*(?:kid|child|son|daughter|boy|girl)",
    re.I,
)
# ...not from a fall, a game or a sport ("孩子摔了一跤膝盖上一块青").
CHILD_FELL = re.compile(
    r"摔|磕|碰|撞|跌|绊|打球|踢球|打架|打闹|过敏|蚊子|胎记|疫苗|打针"
)

# Talk about stories, games and work that borrow the words: a strong match in
# such a clause is only worth a gentle check-in.
FICTION = re.compile(
    r"游戏|副本|剧本杀|狼人杀|剧里|剧情|小说|电影|电视剧|动漫|角色|主角|情节|写的?故事|"
    r"新闻|案子|案件|离婚案|代理|病人|患者|客户|来访者|服务对象|社工|妇联|律师|编剧|剧本|"
    r"课上|考试|论文|专业|研究|处方|上夜班|话剧|剧社|饰演|我演的|培训|心理急救|"
    r"公益|权益|这个问题|议题|志愿者|来电|精神科|急诊|消防员|民警|救生员|想不开的人|"
    r"女主|男主|一章|章节|编辑|网文|连载|写小说|"
    # Round 16: a detective story of one's own ("短篇推理，凶器是一根冰锥").
    r"推理|悬疑|侦探|凶器|凶手|"
    # Round 14: a call taken on duty, a rescue, a toxicology term, a case or a
    # podcast in English, what someone has seen at work.
    r"接警|出警|接了个?[^。]{0,10}的警|谈判员|气垫|救援队|半数致死量|ld50|毒理|"
    r"podcast|true\s*crime|documentar|i'?ve\s*seen|we\s*(?:got|get)\s*(?:a\s*)?call|on\s*shift"
)

# A place met at leisure ("江边散步看夕阳"): being there is not the danger.
# A height jumped from for sport ("从四千米跳下去…特别爽"): a fall planned is
# never at thousands of metres, and a jump with a canopy is a hobby.
SPORT = re.compile(
    r"跳伞|伞降|蹦极|翼装|滑翔|悬崖跳水|高台跳水|跳水(?:队|比赛|训练)|"
    r"(?:[一二两三四五六七八九几]千|\d{4,})米"
)
LEISURE = re.compile(
    r"工程师|施工|参与建|监理|巡检|验收|最爽|自豪|骄傲|车流|夕阳|日落|日出|散步|夜景|咖啡馆|餐厅|看船|听浪|看火车|拍照|风景|钓鱼|跑步|"
    r"吹风|遛狗|野餐|骑车|看海|看星星|签完|签下|大单|好爽|民宿|小镇|搬到"
)

# Words that alone are only a hint: a message with one and no strong match is
# worth a gentle check-in when the classifier also leans that way.
CUES = re.compile(
    r"死|活着|消失|解脱|药|刀|绳|天台|楼顶|桥|跳|割|划|伤|疼|血|打我|不敢回家|"
    r"报复|杀|弄死|再见|告别|谢谢你一直|最后(?!一?[条个句题项版]|那个)|走了|die|dead|kill|hurt|pills|bridge|roof|"
    r"cliff|ledge|knife|blade|gun|rope|overdose|bleed|blood|jump",
    re.I,
)

# Words of an ending, a means or a blow that, with the classifier sure (≥ HIGH),
# make its guess the full reply rather than a check-in ("firm"): "我是真的不想再
# 继续活下去了", "拿锤子砸他头", "开着煤气睡一觉" have no CUES word (round 17,
# safety_blind17: 13 of 72 risks got only a check-in). Not cues: alone they are
# everyday words, and a weak guess with one stays as it is.
SURE_WORDS = re.compile(
    r"活下去|撑下去|不想撑|葬礼|遗书|遗言|后事|煤气|燃气|阀门|硫酸|农药|安眠药|"
    r"推下去|撞过去|撞死|打残|废了他|报应|锤子|砸.{0,2}头|踹|抓破|磕破|打得我|"
    r"晾衣杆|皮带抽|衣架|印子|伤口|不如早点|早点结束|不刹车|车流里"
)

# What a classifier's guess is about, when it is not the person's present: a
# game or a title in 《》, the news or a social problem, a job's wear on the
# hands, a childhood skill, someone admired, a child's question. Such a guess
# drops one level (a strong phrasing is not lowered; chosen on the
# leave-one-set-out figures, docs/safety.md).
ABOUT = re.compile(
    # A game's boss ("打boss"), not "my boss" at work.
    r"《[^》]{1,16}》|游戏(?!账号|号|机|装备|卡)|打\s*boss|boss\s*(?:战|关|fight)|副本|关卡|通关|存档|"
    r"新闻|报道|热搜|社会|现象|话题|科普|公益|"
    r"(?:自杀|抑郁|霸凌|家暴|虐待|自残)(?:率|问题|现象|新闻|人群|群体|议题|案)|"
    r"工地|钢筋|农活|种地|搬砖|扛水泥|扛包|车间|后厨|流水线|"
    r"emergency\s*dispatch|dispatcher|paramedic|firefighter|\ber\s*nurse|"
    r"podcast|true\s*crime|documentar|"
    r"suicide\s*(?:rates?|prevention|statistics|awareness|hotline\s*volunteer)|"
    r"佩服|敬佩|崇拜|admire|look\s*up\s*to|看到有人|看到别人|"
    r"想象.{0,10}(?:葬礼|追悼会)|墓志铭|"
    r"(?:儿子|女儿|孩子|侄子|侄女|学生)问我|"
    # Round 16: a detective story, drawing on paper or a tablet, and posts that
    # teach harm named as a problem to solve ("网上那些教人自杀方法的帖子").
    r"推理(?:小说)?|悬疑|侦探|在(?:iPad|ipad|平板|纸|本子|画板)上?画|板绘|数位板|素描|水彩|"
    r"教人(?:自杀|自残|自伤|轻生)|(?:平台|网站)(?:应该|该)管|"
    # Round 17: a show or a comic watched ("灌篮高手的木暮…我看哭了", coach_blind15).
    r"动漫|动画片?|番剧|漫画|看哭了",
    re.I,
)
# A job that sees risk in others ("我在急诊科，送来割腕的都见过", "药物警戒看
# 安眠药的不良反应报告"), and grief for someone who died of an illness ("奶奶
# 去年胰腺癌走了"): the guess is about their work or their loss, not a risk
# to them now. Such a guess drops like ``ABOUT`` (an echo keeps it).
WORK_SEEN = re.compile(
    r"急诊科?|急救中心|icu|重症监护|药物警戒|不良反应|药品安全|病例|接诊|收治|查房|值班医生|"
    r"(?:送|送进|拉)来(?:的|了)?[^。！？]{0,4}(?:割腕|喝农药|吃药|跳楼|服毒|车祸)|"
    r"(?:当|做|是)(?:了)?(?:医生|护士|药师|法医|警察|心理咨询师)|(?:医生|护士|药师)(?:的)?(?:工作|日常|生涯)"
)
# "不是想死那种啦，就是想好好歇歇": the death word denied. A check-in at
# most: the denial is taken at its word, and asked about once (round 18).
NOT_DEATH = re.compile(
    r"(?:不是|并不是|没有|没)(?:说)?(?:想死|要死|想不开|寻死|轻生)(?:那种|的意思)?"
)
# Editing a list or a draft with the coach ("'追问本质'那条留着，最后一条删掉，
# 短处形式那部分也不用写了"): workbook talk, whatever the classifier leans to
# (coach_blind15: the full script for it). Lowers like ``ABOUT``.
EDITING = re.compile(
    r"(?:那|这|第.|最后一?)(?:条|个|句|项|版)(?:就|先|也|都)?(?:留着|删掉|删了|去掉|不要了?|保留)|"
    r"再列一遍|重新列|短处形式|长处形式|列个表|再改一版"
)
# Hands worn by work ("和面熬汤，一天站十四个钟头，手上全是口子"): a strong
# phrasing about cuts on the hands, with work beside it and no blade or self.
HAND_WEAR = re.compile(
    r"和面|揉面|熬汤|洗碗|刷碗|洗菜|干活|搬货|农活|种地|插秧|冻|裂|一天站|"
    r"站.{1,4}(?:钟头|小时)|包饺子|做饭"
)
SELF_CUT = re.compile(r"割|划|刀|刀片|自己弄|自己划|自己割")
# Medicine taken as prescribed ("在吃调理的药 按时的"): care already in hand.
PRESCRIBED = re.compile(r"按时(?:吃|服)|(?:药|药物)的?.{0,4}按时|按医嘱|按疗程")
GRIEF = re.compile(
    # Round 15: a death by accident, and a pet's last moments, told as memory.
    r"(?:妈|爸|奶奶|爷爷|外婆|外公|姥姥|姥爷|父亲|母亲|哥|姐|弟|妹|朋友|同学)[^。]{0,16}"
    r"(?:出的事|出事|车祸|被火车撞|被车撞|意外)|(?:它|猫|狗)(?:走|去世)(?:的那|了)|兽医|"
    r"(?:奶奶|爷爷|外婆|外公|姥姥|姥爷|妈妈|爸爸|我妈|我爸|父亲|母亲|舅舅|姑姑|阿姨|叔叔|朋友|同学|老师)"
    r"[^。！？]{0,10}(?:癌|病|心梗|中风|脑溢血|肺炎|新冠|白血病|尿毒症|阿尔茨海默|老年痴呆)"
    r"[^。！？]{0,6}(?:走了|去世|过世|离开了|没了|不在了)|"
    # Round 16: someone gone in an accident ("他前年出事走了").
    r"出事(?:走了|去世|没了|身亡)|"
    r"(?:奶奶|爷爷|外婆|外公|姥姥|姥爷|父亲|母亲|妈妈|爸爸)(?:去年|前年|那年)?(?:病逝|去世|过世)"
)
# Someone else's end, or their dark time told as got through ("她也想过一了
# 百了，后来为了闺女硬挺过来了", "同桌在期末前跳楼走了"): a loss or a story of
# theirs, read by the classifier, not the script (round 14).
_SOMEONE = r"(?:她|他|同桌|同学|朋友|同事|室友|表哥|表姐|表弟|表妹|邻居|学生|病人|患者)"
OTHERS_END = re.compile(
    _SOMEONE + r"(?:说)?[^。，]{0,8}(?:也)?(?:想过|有过)[^。]{0,10}"
    r"(?:一了百了|轻生|自杀|不想活|死)[^。]{0,16}(?:挺|熬|撑|走)(?:了)?过来|"
    + _SOMEONE
    + r"[^。，]{0,10}(?:跳楼|自杀|轻生|割腕|跳河|跳江)"
    r"(?:走了|去世|身亡|没了|死了|离开)|"
    # Round 16: their attempt or cuts long ago ("室友以前自杀未遂过，
    # 那是五六年前的事了").
     + _SOMEONE + r"[^。]{0,6}(?:以前|曾经|当年|那年)[^。]{0,8}"
    r"(?:自杀未遂|自杀过|割过|自残过|轻生过)"
)
# A time close at hand ("我今晚就放进去"): said in care, the plan goes on.
SOON = re.compile(
    r"今晚|今天(?:晚上|就)|明天|明早|马上|待会|这就|一会儿?就|等会|下班就|回去就|就今"
)
# A dark time got through, theirs or someone's ("后来慢慢好了", "已经七八年没有
# 过了"): the past, unless it is back ("最近又开始了"). Round 16.
RECOVERED = re.compile(
    r"(?:已经|都)?[一二两三四五六七八九十几\d]+(?:多)?年(?:都)?没(?:有)?(?:再)?(?:过|犯|划|割)|"
    r"后来(?:慢慢|渐渐)?(?:就)?(?:好了|好起来|走出来|熬过来|挺过来)|"
    r"(?:早就|已经)不(?:再)?(?:划|割|伤害自己)了"
)
RELAPSE = re.compile(
    r"最近|又开始|又(?:划|割)|这周|这个月|昨天|今天|今晚|这几天|现在(?:也|又|还)(?:会|在)(?:划|割)"
)
# Someone at home hit by another, watched as a child ("小时候看着我爸打我妈"):
# a memory, unless it goes on now. Round 16.
WITNESSED = re.compile(
    r"(?:小时候|那时候?|从小|以前|当年)[^。]{0,6}(?:看着|看见|看到|眼看着|目睹)[^。]{0,4}"
    r"(?:我?爸|我?妈|父亲|母亲|继父)[^。]{0,4}(?:打|揍|踢)(?:我妈|我爸|她|他|母亲|父亲)"
)
# Their own dark time, told as over ("那时候确实有过不想活的念头，后来坚持吃药…
# 现在已经停药一年多了"): the past, read by the classifier, not the script.
OWN_PAST_END = re.compile(
    r"(?:那时候?|那几年|那段时间|以前|曾经|当年|那两年)[^。]{0,8}有过[^。]{0,6}"
    r"(?:不想活|轻生|自杀|寻死|想死)[^。]{0,6}(?:的)?念头[^。]{0,40}"
    r"(?:后来|现在|如今)[^。]{0,24}(?:好了|停药|挺稳|稳定|走出来|熬过来|过来了|没事了)"
)
# A job or a place that is not home: a blow there is not abuse at home
# ("业主…当着所有人扇了我一巴掌"); the classifier decides (round 15).
NOT_HOME = re.compile(
    r"业主|客户|顾客|乘客|家长|同事|领导|老板|经理|主管|路人|陌生人|保安|城管|物业|店长"
)
# Others' words reported ("接过很多说自己不想活了的来电"): not an echo of theirs.
REPORTED = re.compile(
    r"说(?:自己)?[^。，]{0,10}的(?:来电|电话|人|病人|患者|学生|来访者|客户|孩子)"
)
# Ending something that is not a life ("我打算结束这份工作了", "结束了一段七年的
# 感情", "killing my career"): the issue's own hard negatives. A guess about it
# drops like ``ABOUT``.
ENDS_THING = re.compile(
    r"结束(?:了|掉)?(?:这份|那份|这段|那段|一段|这个|那个)?[^，。！？]{0,6}?"
    r"(?:工作|感情|关系|恋爱|婚姻|合作|合同|实习|项目|生意|学业|租约|异地|单身)|"
    r"(?:quit(?:ting)?|leav(?:e|ing)|end(?:ing)?)\s+(?:my|the|this|that)\s+"
    r"(?:job|phd|program|relationship|marriage|contract|degree)|"
    r"kill(?:ing|ed)?\s+my\s+(?:career|chances|vibe|grades)|"
    # "“结束”这件事我想了三年了，这次是真的打算递辞呈".
    r"结束[^。]{0,20}(?:辞呈|辞职|离职|裸辞|跳槽)|(?:辞呈|辞职|离职|裸辞)[^。]{0,20}结束|"
    # Round 16: a contact cut off online ("真想把他们全拉黑").
    # Their doing, not someone blocking them ("她拉黑我也没用" is no end).
    r"(?:把|全|都)[^。，]{0,6}(?:拉黑|屏蔽|删(?:了|掉)?(?:好友|微信)|取关)|"
    r"(?:拉黑|屏蔽|取关)(?:了)?(?:他|她|他们|她们|那人)|退群",
    re.I,
)
# Becoming like someone ("没有想活成的人", "想活成她那样"): a role model, a
# guess about it drops a level.
BECOME = re.compile(r"活成|成为(?:什么样|那样|她那样|他那样)")
# A blow once in childhood, made good ("小时候被他打过一次手心，后来他跟我道过
# 歉"): past and resolved, no care; a habit ("天天", "经常") or now keeps it.
RESOLVED = re.compile(
    r"道(?:过|了)?歉|认(?:过|了)?错|再也没(?:打|动手|碰)|就那一次|只有那一次|唯一一次|"
    # Round 14: the one who hurt them left behind ("五年前离开我当时的男朋友").
    r"离开(?:了)?(?:我)?(?:当时的|那个)?(?:男朋友|男友|前夫|老公|丈夫|那段关系|那个家)|"
    r"离了婚|离婚了|已经离婚|分手了|分了手|搬出来了|"
    # Round 15: the drinking behind it stopped ("后来自己戒了，戒了十年").
    r"戒了(?:酒)?|戒酒了|把酒戒了"
)
OFTEN = re.compile(r"天天|经常|总是|老是|每次|动不动|一直|每天|隔三差五|常常")

# A skill or a scene from childhood ("七八岁就会炒菜"): not the present, unless
# it is a blow at home (that guess stays: childhood abuse is asked about).
PAST = re.compile(
    r"小时候|上小学|[一二三四五六七八九十]{1,2}岁(?:就|那年|的时候)|\d{1,2}岁(?:就|那年|的时候)"
)
# ...unless it goes on now ("到现在还会把皮肤抓烂").
STILL = re.compile(
    r"到现在(?!(?:已经)?[一二两三四五六七八九十几\d]+年)|现在还|至今|还会|一直|最近|"
    r"这几天|今天|昨天|没几天"
)
# Whose hand is raised: a guess of abuse names someone at home, a guess of a
# threat names someone else; without one ("组长说我漏了一个单"), it drops a level.
HOME = re.compile(
    # "病房里一个老哥" is no brother at home (coach_blind15).
    _CLOSE.replace("|他|她)", ")").replace("哥哥?|姐姐?", "(?<!老)哥哥?|(?<!老)姐姐?")
    # "大家都躲着走" names no home (coach_blind13): 家 as a word of its own.
    + r"|(?<![大专作画商店厂买卖国])家(?!属|长)|"
    + _HIT
    + r"(?:了|过)?我|动手|不让我|关|锁|"
    r"强行|强迫|(?:抱|亲|摸|碰)我|猥亵|骚扰|威胁我|逼我|不准我|不许我|翻我|"
    r"把我.{0,4}(?:按|推|锁|关|堵|摁)|(?:掐|按|堵|锁|摁)着?我|乱摸|locks?\s*me|"
    r"husband|wife|dad|mom|father|mother|partner|boyfriend|girlfriend|hits?\s*me",
    re.I,
)
TARGET = re.compile(
    _OTHERS + r"|那个?(?:女|男)的|HR|人事|车牌|住址|走着瞧|等着瞧|算账|"
    r"him|her|them|\bhe\b|\bshe\b|\bex\b|boss|manager|supervisor|coworker|colleague|"
    r"neighbou?r|landlord|teacher|roommate",
    re.I,
)

# A whole message that is a workbook move ("我想好了", "下一题", "不想写了",
# "我也想问一下", "明天见"): a classifier's guess on it alone is no alarm. Short
# lines have few n-grams, so the classifier leans on the few it has, and the
# training data's short risk lines ("就今晚吧") pull them up: every one of these
# was an everyday false alarm (docs/safety.md, Safety 8). Only the whole message
# counts: "我想好了，今晚就走" is not a move, and a lexicon phrasing is matched
# before this. A bare goodbye ("拜拜", "再见了") is not one: it may be a farewell.
# Ending the session for today: a today or a "for now" with a stop in it.
SESSION_END = re.compile(
    r"(?:那|那就|那我们|我们|咱们)?(?:今天|今晚|今儿|这次|先)(?:先)?(?:就|先)?"
    r"(?:到这(?:里|儿)?|这样|聊到这(?:里|儿)?|写到这(?:里|儿)?|结束|停(?:在这(?:里|儿)?)?|收工)"
    r"(?:了|吧|啦|哈)*|(?:那|那就|那我们|我们|咱们)?(?:就|先)到这(?:里|儿)?(?:了|吧|啦|哈)*"
)
# With such an ending beside it, a wish to stop is the session's
# ("想结束了，今天就到这").
STOP_WISH = re.compile(r"(?:我)?(?:想|要|该)?(?:先)?结束(?:了|吧|啦)*")
_FILL = r"(?:嗯+|哦+|噢|啊|额|呃|好|好的|好吧|那|那我|行|ok|okay|对|哎|诶)?[，,、~]*"
_TAIL = r"[。.!！?？~～…]*(?:吧|啦|哈|呀|呢|哦|嘛|了)?[。.!！?？~～…]*"
_WORK = (
    r"(?:这(?:道)?题|第.题|下一题|这个问题|答案|例子|练习|总结|价值观|这个|那个|哪个)"
)
# What is picked: a question, an example, "this one", a thing that happened.
_PICK = (
    r"(?:" + _WORK + r"|第.个|它|"
    r"[^，。！？]{0,8}(?:那件事|这件事|的事|的经历|那个|这个|那次|例子|题))"
)
CHAT = re.compile(
    _FILL + r"(?:"
    # Deciding what to write.
    r"我?(?:已经|也|终于)?(?:想好|想清楚|想到|想出来|有思路|有答案)了?"
    r"(?:怎么(?:写|答|说)|写什么|写哪个|选哪个|再说|了)?"
    r"(?:[，,]?(?:就)?(?:写|选|答)" + _PICK + ")?|"
    r"(?:决定|定)了?[，,](?:就)?(?:写|选|答)?" + _PICK + "|"
    r"(?:就它|就这个|就选这个|就写这个)了?|"
    r"(?:等下|等会儿?|容我|让我)?我?(?:再)?"
    r"(?:想(?:一下|一想|想)|想好了?再(?:说|写|答))(?:再说)?|"
    r"还没想好|没想好|还在想|"
    # Asking.
    r"我?(?:也|还)?(?:想|要)(?:问|问问|知道|了解)(?:一下|下)?(?:你)?(?:这(?:个|题|道题))?|"
    r"(?:请|那我也)?问(?:一下|下|一个|个问题)|(?:我)?能问(?:个|一个)?问题吗|还有(?:个|一个)问题|"
    # Stopping, pausing, declining a question.
    r"(?:今天|先|我|我先|那就)?(?:不想|不|懒得|不太想)(?:写|答|做|填|聊|说|回答|动脑子?)(?:了)?"
    r"(?:这(?:道)?题|这个)?(?:了)?|写不(?:动|出来|下去)了?|"
    r"(?:这题|这个)?(?:先)?跳过(?:这题|这个)?|(?:先)?(?:暂停|停)一下|"
    # Where or how it was typed ("只在手机上写的", "电脑上写的", "用语音打的").
    r"(?:这些?)?(?:只|都)?(?:是)?(?:在|用)?(?:手机|电脑|平板|本子|纸|语音|备忘录)上?"
    r"(?:写|打|记|输入)的(?:字)?|"
    # Progress on the workbook ("第一题我写好了", "存好了", "这题我想了很久"): a
    # bare verb of writing or saving, nothing else in the clause ("遗书写好了"
    # is not one: the clause holds more than the move).
    r"我?(?:已经|终于|刚|刚刚)?把?"
    r"(?:第[一二三四五六七八九十\d]{1,2}(?:题|步)|这(?:一|道)?题|这一步|答案)?"
    r"我?(?:已经|都|也|终于|刚|刚刚)?(?:写|填|存|改|补|保存)(?:好|完|上)?了(?:吗|吧|没)?|"
    r"(?:保存|存)(?:成功)?了?(?:吗|没)|"
    r"(?:这(?:道)?题|这个问题)?我?(?:想|琢磨|纠结)了(?:很久|好久|半天|挺久|好几天|一晚上)|"
    # Workbook commands.
    r"(?:下|上)一(?:题|个|步)|换(?:一|个)(?:题|话题)|重(?:新)?来(?:一遍)?|保存(?:一下)?|提交|"
    r"(?:帮我)?总结(?:一下)?|继续(?:写)?|开始|我们开始|(?:我)?(?:都|已经)?写完了|"
    # Answers of one word.
    r"好了|没有|没(?:啥|什么)|不知道|不清楚|明白了|懂了|知道了|收到|可以|没问题|谢谢(?:你)?|"
    # A goodbye with a tomorrow in it.
    r"(?:拜拜|再见|晚安)?[，,]?(?:明天|下次|回头|改天|晚点)(?:见|继续|再(?:来|写|聊|说))|"
    # Ending the session for today ("今天就到这", "先这样", "就到这吧"), and
    # leaving the chat in play ("走了走了", "撤了"). A bare "就这样吧" or
    # "结束吧" is not one: with no today or "for now" it may be giving up.
     + SESSION_END.pattern + r"|(?:走了){2,}|(?:我)?(?:先)?(?:撤|溜|闪|下|下线)了|"
    # The same moves typed in pinyin or English ("wo xiang hao le").
    r"(?:wo\s*)?(?:xiang\s*hao|xie\s*wan)\s*le|xia\s*yi\s*ti|tiao\s*guo|"
    r"(?:rang\s*)?(?:wo\s*)?(?:zai\s*)?xiang\s*(?:xiang|yi\s*xia)(?:\s*(?:ba|a|zai\s*shuo))?|"
    # Where one is in the workbook ("我现在在哪一步了", "写到第几题了").
    r"我?(?:现在)?(?:在|到|做到|写到|进行到)(?:了)?(?:哪|哪一|第几)(?:步|题|个|部分|里|儿)了?|"
    # The connection, not the person ("刚才断线了", "网卡了").
    r"我?(?:刚才|刚刚|刚)?(?:又)?(?:断线|掉线|断网|网卡|卡住|卡)了|"
    r"(?:bai\s*bai\s*)?ming\s*tian\s*(?:jian|ji\s*xu|zai\s*xie)|"
    r"(?:jin\s*tian\s*)?(?:xian\s*)?(?:jiu\s*)?dao\s*zhe(?:\s*li)?(?:\s*ba)?|"
    r"(?:i\s*)?(?:don'?t|do\s*not)\s*know|next(?:\s*question)?|skip(?:\s*this(?:\s*one)?)?|"
    r"let\s*me\s*think(?:\s*about\s*it)?|see\s*you\s*tomorrow|"
    r"(?:that'?s\s*all|i'?m\s*done|let'?s\s*stop(?:\s*here)?)\s*for\s*(?:today|now|tonight)"
    + r")"
    + _TAIL
)
