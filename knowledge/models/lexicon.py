"""The evidence lexicon: words that change what a named entry in an answer means."""

from django.db import models

from knowledge.models.fields import cell, in_order

# (kind, label): the ways a word can change what the matcher reads.
KINDS = (
    ("negation", "否定（在词前）"),
    ("negation_after", "否定（在词后）"),
    ("shrug", "敷衍 / 说不上来"),
    ("homonym", "另有所指的整词"),
    ("weak", "只算可能相关"),
    ("takeback", "事后收回"),
)
KIND_HELP = (
    "否定（在词前）：放在词前面、把它否定掉的说法，例如「不在乎」「讨厌」；"
    "否定（在词后）：放在词后面的否定，例如「不重要」「无所谓」；"
    "敷衍：单独出现时等于没回答，和别的词同在一句时把它降为「可能相关」，"
    "例如「不知道」「说不上来」；"
    "另有所指的整词：包含某个条目名字、却另有意思的词组，里面的名字和否定都不算，"
    "例如「领导让」（上司）、「自由职业」（职业）、「不断」（不是否定）；"
    "只算可能相关：太日常、常常只是顺口一提的词，回答里的名字落在它里面时"
    "最多算「可能相关」，例如「爸妈」「一辈子」「熬夜」；"
    "事后收回：前面说了某个词，后面的句子又替本人把它收回（做不到、没感觉、"
    "拿不准、说反话、现在没兴趣了、没那么关心），前面的名字降为「可能相关」，"
    "例如「这辈子是做不到了」「我倒没啥感觉」「一点兴趣都没了」。"
)


class LexiconTerm(models.Model):
    """A word the evidence matcher reads around names (evidence_lexicon.csv)."""

    kind = models.CharField("类型", max_length=16, choices=KINDS, help_text=KIND_HELP)
    term = cell("词语", help_text="回答里要找的字面，照用户会写的样子填。")
    note = cell("说明", blank=True, help_text="为什么收这个词，给以后维护的人看。")

    class Meta:
        ordering = [in_order("kind", [k for k, _ in KINDS]), "id"]
        verbose_name = verbose_name_plural = "证据词表"
        constraints = [
            models.UniqueConstraint(fields=["kind", "term"], name="lexicon_kind_term")
        ]

    def __str__(self):
        return f"{self.get_kind_display()}：{self.term}"
