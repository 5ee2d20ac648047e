"""What the admin import page says about a file it refuses: Chinese, no reprs.

The loader prints `file:line: column: message` for developers; an admin reading
the import page gets the same findings as sentences naming the columns by their
Chinese labels, and never an exception's repr or traceback.
"""

import logging

from django.core.exceptions import ValidationError

from knowledge.services.csvio import header_problems
from knowledge.services.specs import CsvSpec

logger = logging.getLogger(__name__)

UNEXPECTED = "导入时出了意外的错误，没有写入任何内容。请把这个文件交给开发人员查看。"
TEMPLATE_HINT = (
    "（列名也可以用中文，如“导出”的 Excel 格式。）"
    "可以先在这一页点“导出”下载现有数据，以它为模板填写。"
)


def column_label(spec: CsvSpec, column: str) -> str:
    """Return a column as the preview heads it: Chinese label, file name after it."""
    if column not in spec.columns:
        return column
    return f"{spec.field(column).verbose_name}（{column}）"


def header_messages(*, header: list[str], spec: CsvSpec, filename: str) -> list[str]:
    """Return one Chinese sentence per kind of header problem; [] for a good header."""
    found: dict[str, list[str]] = {}
    for column, message in header_problems(header, spec):
        found.setdefault(message, []).append(column)
    sentences = []
    if missing := found.pop("缺少这一列", []):
        labels = "、".join(column_label(spec, c) for c in missing)
        sentences.append(f"表头缺少 {len(missing)} 列：{labels}。")
    if extra := found.pop("多余的列", []):
        sentences.append(f"表头有多余的列：{'、'.join(extra)}。")
    if repeated := found.pop("列名重复", []):
        sentences.append(f"列名重复：{'、'.join(repeated)}。")
    sentences += [message + "。" for message in found]  # the column order
    if not sentences:
        return []
    expected = ",".join(spec.columns)
    return [
        f"{filename} 的第 1 行（表头）不对：" + "".join(sentences),
        f"第 1 行应该正好是：{expected}。{TEMPLATE_HINT}",
    ]


def error_messages(error: BaseException) -> list[str]:
    """Return what the page shows for an import error: our messages, never a repr.

    Our checks raise ValidationError with Chinese messages; anything else is a
    bug, logged with its traceback for the developers and shown as one sentence.
    """
    if isinstance(error, ValidationError):
        return error.messages
    logger.error("knowledge import failed", exc_info=error)
    return [UNEXPECTED]
