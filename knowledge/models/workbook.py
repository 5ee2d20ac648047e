"""The workbook (question.md) and its guide questions (guide_questions.csv)."""

from django.core.exceptions import ValidationError
from django.db import models

from knowledge.models.fields import cell, in_order, key
from knowledge.validators import validate_markdown_body

STEPS = (
    "values_exploration",
    "strengths_exploration",
    "interests_exploration",
    "synthesis",
)
SECTIONS = ("intro", *STEPS)  # the order of the ## sections in question.md
# C: the synthesis step's candidate fields ("想做的事" the person writes).
QUESTION_PREFIX = {"V": STEPS[0], "S": STEPS[1], "P": STEPS[2], "C": STEPS[3]}


class Workbook(models.Model):
    """The workbook title and the knowledge version stamp (a single row)."""

    title = cell("工作簿标题", help_text="question.md 第一行的标题。")
    version = models.BigIntegerField(
        "知识库版本",
        default=0,
        editable=False,
        help_text="每次修改知识库都会变；各进程据此在约 1 秒内换用新内容。",
    )
    updated_at = models.DateTimeField(
        "更新时间", auto_now=True, help_text="知识库最近一次修改的时间。"
    )

    class Meta:
        verbose_name = verbose_name_plural = "工作簿"

    def __str__(self):
        return self.title


class StepSection(models.Model):
    """A `## <step> <title>` section of question.md: its intro and wrap-up line."""

    step = models.CharField(
        "步骤",
        primary_key=True,
        max_length=32,
        choices=[(s, s) for s in SECTIONS],
        help_text="章节对应的步骤（intro 是开篇）。",
    )
    title = cell("标题", help_text="章节标题，显示在步骤标签上。")
    intro = models.TextField(
        "导语（Markdown）",
        blank=True,
        validators=[validate_markdown_body],
        help_text="章节开头的说明文字，可用 Markdown。",
    )
    wrapup = cell("收尾", blank=True, help_text="这一步答完后显示的一句话。")

    class Meta:
        ordering = [in_order("step", SECTIONS)]
        verbose_name = verbose_name_plural = "工作簿章节"

    def __str__(self):
        return f"{self.step} {self.title}"


class Question(models.Model):
    """A workbook question (`### V01 ...` with its hint and example)."""

    id = key(r"^[VSPC]\d{2}$", example="V01")
    step = models.CharField(
        "步骤",
        max_length=32,
        choices=[(s, s) for s in QUESTION_PREFIX.values()],
        help_text="问题所属的步骤，须与编号前缀一致（V、S、P、C）。",
    )
    sort_order = models.PositiveIntegerField(
        "顺序", default=0, help_text="数字小的排在前面。"
    )
    text = cell("问题", help_text="工作簿上显示的问题。")
    hint = cell("提示", help_text="问题下方的小提示。")
    example = cell("示例回答", help_text="输入框里的示例回答。")

    class Meta:
        ordering = [in_order("step", STEPS), "sort_order", "id"]
        verbose_name = verbose_name_plural = "工作簿问题"

    def __str__(self):
        return f"{self.id} {self.text}"

    def clean(self):
        """Refuse an id whose prefix letter (V, S, P, C) belongs to another step."""
        if QUESTION_PREFIX.get(self.id[:1]) not in (None, self.step):
            raise ValidationError({"id": f"{self.id} 的前缀与步骤 {self.step} 不符"})


class GuideQuestion(models.Model):
    """A quick-pick guide question shown under the input box for a step."""

    step = models.CharField(
        "步骤",
        max_length=32,
        choices=[(s, s) for s in STEPS],
        help_text="在哪一步的输入框下显示。",
    )
    guide_id = cell("编号", help_text="步骤内唯一的编号，例如 guide_1。")
    text = cell("文字", help_text="按钮上的文字，点了就作为问题发给教练。")
    type = cell("类型", help_text="引导问题的类型。")
    sort_order = models.PositiveIntegerField(
        "顺序", default=0, help_text="数字小的排在前面。"
    )

    class Meta:
        ordering = [in_order("step", STEPS), "sort_order", "guide_id"]
        verbose_name = verbose_name_plural = "引导问题"
        constraints = [
            models.UniqueConstraint(fields=["step", "guide_id"], name="guide_step_id")
        ]

    def __str__(self):
        return f"{self.step}/{self.guide_id} {self.text}"


class QuestionHelp(models.Model):
    """How the coach explains a workbook question (question_help.csv).

    Written in other words than the question, so "第5题是什么意思" gets a
    rephrasing rather than the same sentence back, plus what kind of answer
    fits and one short example answer the coach frames as someone else's.
    """

    id = key(r"^[VSPC]\d{2}$", example="V05")
    rephrase = cell("换个说法", help_text="用不同于原题的话把问题再说一遍。")
    fits = cell("怎样的回答合适", help_text="什么样的回答合适：写什么、写多具体。")
    example = cell("简短示例", help_text="一句简短的示例回答，教练会说成“有人写……”。")

    class Meta:
        ordering = [in_order("id__startswith", list(QUESTION_PREFIX)), "id"]
        verbose_name = verbose_name_plural = "问题讲解"

    def __str__(self):
        return f"{self.id} {self.rephrase}"
