"""Cell rules shared by the loader, the admin forms and the admin import."""

from django.core.exceptions import ValidationError

# OWASP's CSV-injection list: spreadsheets run a cell starting with these as a formula.
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
RIASEC = frozenset("RIASEC")


def formula_problem(value: str) -> str | None:
    """Return why a cell would run as a spreadsheet formula, or None."""
    if value.startswith(FORMULA_PREFIXES):
        return "不能以 = + - @ 制表符或回车开头（表格软件会当作公式执行）"
    return None


def control_problem(value: str) -> str | None:
    """Return why text holds invisible control characters (NUL, ESC…), or None."""
    if any((ord(ch) < 32 and ch not in "\t\n\r") or ord(ch) == 127 for ch in value):
        return "包含看不见的控制字符（如 NUL），请删除后再导入"
    return None


def list_problem(value: str) -> str | None:
    """Return what is wrong with a `|`-separated list cell, or None."""
    if value and any(not item.strip() for item in value.split("|")):
        return f"列表格式错误：用 | 分隔，不能有空项（{value}）"
    return None


def refs_problem(value: str, *, question_ids: set[str]) -> str | None:
    """Return the question ids a list cell names that do not exist, or None."""
    unknown = [ref for ref in value.split("|") if ref and ref not in question_ids]
    if unknown:
        return f"引用了不存在的问题：{'、'.join(unknown)}"
    return None


def riasec_problem(value: str) -> str | None:
    """Return why a RIASEC hint is not a list of R I A S E C letters, or None."""
    bad = [item for item in value.split("|") if item and item not in RIASEC]
    if bad:
        return f"RIASEC 只能是 R I A S E C 中的字母：{'、'.join(bad)}"
    return None


def markdown_problem(value: str) -> str | None:
    """Return why an intro would break question.md's structure, or None."""
    for line in value.splitlines():
        if line.startswith(("# ", "## ", "### ", "- 收尾：")):
            return f"导语里不能有以 #、##、### 或“- 收尾：”开头的行：{line[:20]}"
    return None


def formula_escape(value: str) -> str:
    """Prefix a formula-like cell with an apostrophe so spreadsheets show it as text."""
    return "'" + value if value.startswith(FORMULA_PREFIXES) else value


def validate_no_formula(value: str) -> None:
    """Refuse a cell a spreadsheet would run as a formula, or with control characters.

    No spreadsheet shows control characters, and PostgreSQL cannot store a NUL.
    One validator for both keeps every cell field's migration unchanged.
    """
    if problem := formula_problem(value) or control_problem(value):
        raise ValidationError(problem)


def validate_pipe_list(value: str) -> None:
    """Refuse a `|` list with an empty item."""
    if problem := list_problem(value):
        raise ValidationError(problem)


def validate_riasec(value: str) -> None:
    """Refuse a RIASEC hint with letters outside R I A S E C."""
    if problem := riasec_problem(value):
        raise ValidationError(problem)


def validate_markdown_body(value: str) -> None:
    """Refuse an intro line that question.md would read as a heading or wrap-up."""
    if problem := markdown_problem(value):
        raise ValidationError(problem)
