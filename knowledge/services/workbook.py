"""question.md: parse the workbook Markdown into rows, and render rows back."""

from dataclasses import dataclass, field

from knowledge.models import QUESTION_PREFIX, SECTIONS, Question, StepSection
from knowledge.services.csvio import field_problems
from knowledge.services.specs import WORKBOOK_FILE, Problem

HINT, EXAMPLE, WRAPUP = "- hint: ", "- example: ", "- 收尾："


@dataclass
class ParsedWorkbook:
    """The rows question.md holds: its title, five sections and the questions."""

    title: str = ""
    sections: list[dict] = field(default_factory=list)  # step, title, intro, wrapup
    questions: list[dict] = field(default_factory=list)  # Question fields + line


def _step_body(step, body, bad):
    intro, questions, wrapup, state = [], [], "", "intro"
    for n, line in body:
        if line.startswith("### "):
            if state == "wrapup":
                bad(n, "###", "收尾之后不能再有问题")
            qid, _, text = line[4:].partition(" ")
            question = {
                "id": qid,
                "step": step,
                "sort_order": len(questions) + 1,
                "text": text,
                "hint": None,
                "example": None,
                "line": n,
            }
            questions.append(question)
            state = "question"
        elif line.startswith(WRAPUP):
            wrapup, state = line[len(WRAPUP) :], "wrapup"
        elif state == "intro":
            intro.append(line)
        elif not line.strip():
            continue
        elif state == "question" and line.startswith(HINT) and question["hint"] is None:
            question["hint"] = line[len(HINT) :]
        elif (
            state == "question" and line.startswith(EXAMPLE) and not question["example"]
        ):
            question["example"] = line[len(EXAMPLE) :]
        else:
            bad(
                n,
                "-",
                f"无法识别的行（应为 ### 问题、{HINT.strip()}、"
                f"{EXAMPLE.strip()} 或 {WRAPUP}）：{line[:30]}",
            )
    return "\n".join(intro).strip("\n"), questions, wrapup


def _check_question(question, seen, bad):
    n, qid = question["line"], question["id"]
    for column in ("hint", "example"):
        if question[column] is None:
            bad(n, column, f"问题 {qid} 缺少“- {column}: ”行")
            question[column] = ""
    for column in ("id", "text", "hint", "example"):
        for message in field_problems(
            Question._meta.get_field(column), question[column]
        ):
            bad(n, column, message)
    if QUESTION_PREFIX.get(qid[:1], question["step"]) != question["step"]:
        bad(n, "id", f"{qid} 的前缀与章节 {question['step']} 不符")
    if qid in seen:
        bad(n, "id", f"问题编号 {qid} 与第 {seen[qid]} 行重复")
    seen.setdefault(qid, n)


def workbook_parse(*, text: str, filename: str = WORKBOOK_FILE):
    """Parse question.md; return (ParsedWorkbook, problems)."""
    problems: list[Problem] = []

    def bad(line, column, message):
        problems.append(Problem(filename, line, column, message))

    lines = text.replace("\r\n", "\n").split("\n")
    parsed = ParsedWorkbook()
    if lines[0].startswith("# "):
        parsed.title = lines[0][2:]
    else:
        bad(1, "#", "第一行应为“# 工作簿标题”")
    chunks: list[tuple[int, str, str, list]] = []
    for n, line in enumerate(lines[1:], start=2):
        if line.startswith("## "):
            step, _, title = line[3:].partition(" ")
            chunks.append((n, step, title, []))
        elif chunks:
            chunks[-1][3].append((n, line))
        elif line.strip():
            bad(n, "-", "标题与第一个 ## 章节之间不能有内容")
    if [step for _, step, _, _ in chunks] != list(SECTIONS):
        bad(chunks[0][0] if chunks else 1, "##", f"章节应依次为：{'、'.join(SECTIONS)}")
    seen: dict[str, int] = {}
    for n, step, title, body in chunks:
        for message in field_problems(StepSection._meta.get_field("title"), title):
            bad(n, "title", message)
        if step in QUESTION_PREFIX.values():
            intro, questions, wrapup = _step_body(step, body, bad)
        else:
            intro, questions, wrapup = (
                "\n".join(line for _, line in body).strip("\n"),
                [],
                "",
            )
        for question in questions:
            _check_question(question, seen, bad)
        parsed.sections.append(
            {"step": step, "title": title, "intro": intro, "wrapup": wrapup}
        )
        parsed.questions += questions
    return parsed, problems


def workbook_render(*, title: str, sections: list[dict], questions: list[dict]) -> str:
    """Render the workbook back to question.md's exact layout."""
    out = [f"# {title}", ""]
    for section in sections:
        out += [f"## {section['step']} {section['title']}", ""]
        if section["intro"]:
            out += [section["intro"], ""]
        for q in questions:
            if q["step"] == section["step"]:
                out += [f"### {q['id']} {q['text']}", HINT + q["hint"]]
                out += [EXAMPLE + q["example"], ""]
        if section["wrapup"]:
            out += [WRAPUP + section["wrapup"], ""]
    return "\n".join(out).rstrip("\n") + "\n"
