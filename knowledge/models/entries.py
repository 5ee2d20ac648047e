"""The three knowledge CSVs: values, talents and passion fields."""

from django.core.exceptions import ValidationError
from django.db import models

from knowledge.models.fields import cell, key
from knowledge.models.workbook import Question
from knowledge.validators import refs_problem, validate_riasec

ALIASES_HELP = "人们说起这一条时常用的其他词，用 | 分隔；教练靠它认出用户说的是哪一条。"


def _aliases():
    # The last column of each entry file: CSV columns follow the fields' order.
    return cell("别名", blank=True, lists=True, help_text=ALIASES_HELP)


class _RefersToQuestions(models.Model):
    class Meta:
        abstract = True

    def clean(self):
        ids = set(Question.objects.values_list("id", flat=True))
        if problem := refs_problem(self.related_questions, question_ids=ids):
            raise ValidationError({"related_questions": problem})


class ValueEntry(_RefersToQuestions):
    """A value word (重要的事_价值观.csv)."""

    id = key(r"^V\d{3,}$", example="V001")
    name = cell("价值观", help_text="这个价值观的名字，例如「自由」。")
    category = cell("类别", help_text="所属的大类，后台可按它筛选。")
    definition = cell("定义", help_text="一句话说明它是什么意思。")
    self_statement = cell("自我表述", help_text="看重它的人会怎样说自己（第一人称）。")
    keywords = cell("关键词", lists=True, help_text="用于搜索匹配的词。")
    signals = cell("信号", lists=True, help_text="回答里出现这些说法时，可能是看重它。")
    tension_with = cell(
        "张力", blank=True, lists=True, help_text="常与它拉扯的其他价值观编号。"
    )
    work_purpose_example = cell(
        "工作目的示例", help_text="把它写成工作目的的一个例句。"
    )
    related_questions = cell(
        "相关问题", lists=True, help_text="相关的工作簿问题编号，例如 V01。"
    )
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "价值观（重要的事）"

    def __str__(self):
        return f"{self.id} {self.name}"


class TalentEntry(_RefersToQuestions):
    """A talent with its strength and weakness forms (擅长的事_才能.csv)."""

    id = key(r"^T\d{3,}$", example="T001")
    name = cell("才能", help_text="这个才能的名字，例如「钻研到底」。")
    category = cell("类别", help_text="所属的大类，后台可按它筛选。")
    definition = cell("定义", help_text="一句话说明它是什么样的特质。")
    strength_form = cell("长处形式", help_text="它发挥好时的样子。")
    weakness_form = cell("短处形式", help_text="同一特质用过头或用错地方时的样子。")
    reframe_example = cell("翻转示例", help_text="把短处说成长处的一个例句。")
    evidence_signals = cell(
        "线索", lists=True, help_text="回答里出现这些经历时，可能有这个才能。"
    )
    keywords = cell("关键词", lists=True, help_text="用于搜索匹配的词。")
    fit_scenes = cell("适合场景", lists=True, help_text="最能发挥它的工作场景。")
    related_questions = cell(
        "相关问题", lists=True, help_text="相关的工作簿问题编号，例如 V01。"
    )
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "才能（擅长的事）"

    def __str__(self):
        return f"{self.id} {self.name}"


class PassionEntry(models.Model):
    """A passion field within a bookstore-shelf category (喜欢的事_热情.csv)."""

    id = key(r"^P\d{3,}$", example="P001")
    category = cell("类别", help_text="所属的大类，后台可按它筛选。")
    field = cell("领域", help_text="这个兴趣领域的名字。")
    description = cell("说明", help_text="一句话说明这个领域包括什么。")
    example_topics = cell("示例主题", lists=True, help_text="这个领域里的具体话题。")
    curiosity_signals = cell("好奇信号", help_text="对它好奇的人常有的表现。")
    dig_question = cell("追问", help_text="教练用来往深处问的一个问题。")
    riasec_hint = cell(
        "RIASEC 类型",
        blank=True,
        lists=True,
        extra=[validate_riasec],
        help_text="霍兰德职业兴趣类型，取 R I A S E C 中的字母。",
    )
    career_examples = cell("职业示例", lists=True, help_text="和这个领域相关的职业。")
    keywords = cell("关键词", lists=True, help_text="用于搜索匹配的词。")
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "热情领域（喜欢的事）"

    def __str__(self):
        return f"{self.id} {self.field}"
