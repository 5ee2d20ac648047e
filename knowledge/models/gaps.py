"""The knowledge-gap log: what people asked that the coach could not match."""

from django.db import models

QUERY_MAX = 200


class KnowledgeGap(models.Model):
    """A query the coach found nothing for, counted per workbook step."""

    query = models.CharField(
        "未匹配的内容",
        max_length=QUERY_MAX,
        help_text="用户说的、教练在知识库里找不到的话。",
    )
    step = models.CharField(
        "步骤", max_length=32, blank=True, help_text="当时所在的步骤。"
    )
    question_id = models.CharField(
        "问题编号", max_length=16, blank=True, help_text="当时所在的工作簿问题。"
    )
    count = models.PositiveIntegerField(
        "次数", default=1, help_text="自首次出现以来被问到的次数。"
    )
    first_seen = models.DateTimeField("首次出现", help_text="第一次被问到的时间。")
    last_seen = models.DateTimeField("最近出现", help_text="最近一次被问到的时间。")

    class Meta:
        ordering = ["-last_seen"]
        verbose_name = verbose_name_plural = "知识缺口"
        constraints = [
            models.UniqueConstraint(fields=["query", "step"], name="gap_query_step")
        ]

    def __str__(self):
        return f"{self.query}（{self.count} 次）"
