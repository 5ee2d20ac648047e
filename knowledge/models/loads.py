"""What the loader last wrote, row by row: any later difference is an admin's edit."""

from django.db import models


class LoadedRow(models.Model):
    """A fingerprint of one knowledge row as ``load_knowledge`` last wrote it."""

    table = models.CharField("表", max_length=40, help_text="这一行所在的知识表。")
    key = models.CharField("键", max_length=200, help_text="这一行在表里的编号。")
    digest = models.CharField(
        "指纹",
        max_length=40,
        help_text="上次载入时这一行内容的摘要，用来发现后台的修改。",
    )

    class Meta:
        ordering = ["table", "key"]
        verbose_name = verbose_name_plural = "载入指纹"
        constraints = [
            models.UniqueConstraint(fields=["table", "key"], name="loaded_row_key")
        ]

    def __str__(self):
        return f"{self.table}:{self.key}"
