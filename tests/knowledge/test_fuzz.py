"""CSV fuzzing: the loader and the admin import give a clear error or a clean import.

Never a partial one: after a refused file every table is exactly as before.
"""

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from django.urls import reverse

from knowledge.models import PassionEntry, TalentEntry, ValueEntry
from knowledge.services import KnowledgeInvalid, knowledge_load
from tests.knowledge.helpers import DATA, VALUES

# file:line: column: message (a mutated header may name a column ":")
PROBLEM = re.compile(r"^.+:\d+: .+: .+$")
LINES = (DATA / VALUES).read_text(encoding="utf-8").split("\n")


def _state() -> tuple:
    return tuple(
        sorted(model.objects.values_list(*[f.attname for f in model._meta.fields]))
        for model in (ValueEntry, TalentEntry, PassionEntry)
    )


cell_noise = st.one_of(
    st.text(max_size=12),
    st.sampled_from(
        [
            "",
            ",",
            '"',
            "||",
            "|",
            "=SUM(A1)",
            "+1",
            "-1",
            "@x",
            "\t1",
            "\r",
            "V99",
            "V01|",
            "\x00",
            "‮",
            "自由,成长",
            '"未闭合',
        ]
    ),
)


@st.composite
def mutated_csv(draw) -> bytes:
    """A copy of the values CSV with a few random lines, cells or bytes broken."""
    lines = list(LINES[:30])
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        action = draw(st.sampled_from(["cell", "drop", "dup", "truncate", "extra"]))
        cells = lines[i].split(",")
        if action == "cell":
            cells[draw(st.integers(0, len(cells) - 1))] = draw(cell_noise)
            lines[i] = ",".join(cells)
        elif action == "drop":
            lines[i] = ",".join(cells[:-1])
        elif action == "dup" and i > 0:
            lines.insert(i, lines[i])
        elif action == "truncate":
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            lines[i] = lines[i] + "," + draw(cell_noise)
    text = "\n".join(lines) + "\n"
    encoding = draw(st.sampled_from(["utf-8", "utf-8-sig", "gb18030", "latin-1"]))
    raw = text.encode(encoding, errors="replace")
    if draw(st.booleans()):
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=4)) + raw[at:]
    return raw


FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.django_db
def test_loader_fuzz_is_all_or_nothing(kb, tmp_path):
    work = tmp_path / "data"

    @FUZZ
    @given(mutated_csv())
    def check(raw):
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(DATA, work)
        (work / VALUES).write_bytes(raw)
        before = _state()
        try:
            knowledge_load(directory=work)
        except KnowledgeInvalid as error:
            assert error.problems
            for problem in map(str, error.problems):
                assert PROBLEM.match(problem), problem
            assert _state() == before  # nothing half-written
        except ValueError as error:  # an undecodable file is refused as a whole
            assert "编码" in str(error)
            assert _state() == before
        else:  # accepted: every row of the file is there, as written
            assert ValueEntry.objects.filter(pk="V001").exists()

    check()


@pytest.mark.django_db
def test_admin_import_fuzz_is_all_or_nothing(kb, admin_client):
    url = reverse("admin:knowledge_valueentry_import")

    @FUZZ
    @given(mutated_csv())
    def check(raw):
        from django.core.files.uploadedfile import SimpleUploadedFile

        before = _state()
        upload = SimpleUploadedFile("v.csv", raw, content_type="text/csv")
        preview = admin_client.post(url, {"import_file": upload, "format": "0"})
        assert preview.status_code == 200
        assert _state() == before  # a preview never writes
        confirm = preview.context.get("confirm_form") if preview.context else None
        if confirm is None:
            body = preview.content.decode()
            assert "错误" in body or "error" in body.lower() or "errorlist" in body
            for internal in ("Traceback", "site-packages", "[&#x27;"):
                assert internal not in body  # Chinese reasons only, no internals
            return
        done = admin_client.post(
            reverse("admin:knowledge_valueentry_process_import"), confirm.initial
        )
        assert done.status_code in (200, 302)
        if done.status_code == 200:  # refused at confirm: still nothing written
            assert _state() == before

    check()


@pytest.mark.django_db
def test_a_nul_byte_in_a_cell_is_a_clear_error_not_a_database_crash(kb, tmp_path):
    # Found by the fuzz above on PostgreSQL, which cannot store NUL in text.
    work = Path(shutil.copytree(DATA, tmp_path / "data"))
    text = (work / VALUES).read_text(encoding="utf-8")
    (work / VALUES).write_text(text.replace("自主|弹性", "自主\x00|弹性"), "utf-8")
    (work / "question.md").write_text(
        (work / "question.md").read_text(encoding="utf-8") + "\x00\n", "utf-8"
    )
    before = _state()
    with pytest.raises(KnowledgeInvalid) as error:
        knowledge_load(directory=work)
    problems = list(map(str, error.value.problems))
    nul = "包含看不见的控制字符（如 NUL），请删除后再导入"
    assert f"{VALUES}:2: keywords: {nul}" in problems
    assert any(p.startswith("question.md:") and "控制字符" in p for p in problems)
    assert _state() == before
