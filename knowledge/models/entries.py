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

    id = key(r"^V\d{3,}$")
    name = cell("价值观")
    category = cell("类别")
    definition = cell("定义")
    self_statement = cell("自我表述")
    keywords = cell("关键词", lists=True)
    signals = cell("信号", lists=True)
    tension_with = cell("张力", blank=True, lists=True)
    work_purpose_example = cell("工作目的示例")
    related_questions = cell("相关问题", lists=True)
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "价值观（重要的事）"

    def __str__(self):
        return f"{self.id} {self.name}"


class TalentEntry(_RefersToQuestions):
    """A talent with its strength and weakness forms (擅长的事_才能.csv)."""

    id = key(r"^T\d{3,}$")
    name = cell("才能")
    category = cell("类别")
    definition = cell("定义")
    strength_form = cell("长处形式")
    weakness_form = cell("短处形式")
    reframe_example = cell("翻转示例")
    evidence_signals = cell("线索", lists=True)
    keywords = cell("关键词", lists=True)
    fit_scenes = cell("适合场景", lists=True)
    related_questions = cell("相关问题", lists=True)
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "才能（擅长的事）"

    def __str__(self):
        return f"{self.id} {self.name}"


class PassionEntry(models.Model):
    """A passion field within a bookstore-shelf category (喜欢的事_热情.csv)."""

    id = key(r"^P\d{3,}$")
    category = cell("类别")
    field = cell("领域")
    description = cell("说明")
    example_topics = cell("示例主题", lists=True)
    curiosity_signals = cell("好奇信号")
    dig_question = cell("追问")
    riasec_hint = cell("RIASEC", blank=True, lists=True, extra=[validate_riasec])
    career_examples = cell("职业示例", lists=True)
    keywords = cell("关键词", lists=True)
    aliases = _aliases()

    class Meta:
        ordering = ["id"]
        verbose_name = verbose_name_plural = "热情领域（喜欢的事）"

    def __str__(self):
        return f"{self.id} {self.field}"
