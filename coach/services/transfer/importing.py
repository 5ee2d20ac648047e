"""Import: load an exported document into the current, empty workbook."""

import json

from django.apps import apps
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max

from coach.models import (
    Answer,
    AnswerRevision,
    CardNote,
    CoachingSession,
    DirectionCard,
    Guidance,
    Profile,
)
from coach.services.cards import NOTE_MAX, NOTES_MAX
from coach.services.parts import PARTS
from coach.services.transfer.conversation import conversation_load
from coach.services.transfer.export import (
    FORMAT,
    PROFILE_FIELDS,
    READABLE,
    SESSION_FIELDS,
)
from coach.services.transfer.fields import row_build, row_save

TOO_BIG = "文件太大了（最多 {mb} MB），这不像是从这里导出的工作簿。"
MALFORMED = "读不懂这个文件：它不是从这里导出的工作簿 JSON，或者已经损坏。"
UNKNOWN_VERSION = "这个文件的格式版本（{version}）这里不认识，请用本网站导出的文件。"
NOT_EMPTY = (
    "当前工作簿里已经有内容，导入会和它混在一起。"
    "请先用“重新开始”开一份空白工作簿（旧的会存档），再导入。"
)


class ImportRefused(ValueError):
    """The file cannot be loaded; ``str()`` is a Chinese sentence for the person."""


def workbook_empty(*, session: CoachingSession) -> bool:
    """Return whether the person has written nothing in this workbook yet."""
    if session.pk is None:
        return True
    if session.results or session.notes:
        return False
    return not any(p.rows(session=session).exists() for p in PARTS if p.written)


def _parse(raw: bytes) -> dict:
    limit = settings.WORKBOOK_IMPORT_MAX_BYTES
    if len(raw) > limit:
        raise ImportRefused(TOO_BIG.format(mb=limit // (1024 * 1024)))
    try:
        document = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ImportRefused(MALFORMED) from exc
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise ImportRefused(MALFORMED)
    version = document.get("version")
    if isinstance(version, bool) or version not in READABLE:
        shown = str(document.get("version"))[:12]
        raise ImportRefused(UNKNOWN_VERSION.format(version=shown))
    return document


def _load_answers(session: CoachingSession, answers: list) -> None:
    for data in answers:
        answer = row_build(Answer, data, session=session)
        row_save(answer, data)
        for rev in data.get("revisions") or []:
            row_save(row_build(AnswerRevision, rev, answer=answer), rev)


def _load_cards(session: CoachingSession, cards: list) -> int:
    """Save the cards with their notes; return the latest round among them.

    A version 1 file has cards without notes; the notes' limits are the
    page's (services/cards.py), which the model itself does not check.
    """
    top = 0
    for data in cards:
        card = row_build(DirectionCard, data, session=session)
        row_save(card, data)
        top = max(top, card.round)
        notes = data.get("notes") or []
        if not isinstance(notes, list) or len(notes) > NOTES_MAX:
            raise ValueError("notes")
        for note in notes:
            row = row_build(CardNote, note, card=card)
            if len(row.text) > NOTE_MAX:
                raise ValueError("note")
            row_save(row, note)
    return top


def _load(session: CoachingSession, document: dict) -> None:
    workbook = document.get("workbook") or {}
    for name in SESSION_FIELDS:
        if name in workbook:
            field = CoachingSession._meta.get_field(name)
            setattr(session, name, field.to_python(workbook[name]))
    session.full_clean(exclude=["user"])
    session.save()
    if document.get("profile"):
        profile = {k: v for k, v in document["profile"].items() if k in PROFILE_FIELDS}
        row_save(row_build(Profile, profile, session=session), profile)
    _load_answers(session, list(document.get("answers") or []))
    conversation_load(session, list(document.get("conversation") or []))
    latest = _load_cards(session, list(document.get("direction_cards") or []))
    # A version 1 file has no round: the latest card's round is the current one.
    if latest > session.round:
        CoachingSession.objects.filter(pk=session.pk).update(round=latest)
    for part in PARTS:
        if part.export_key:
            model = apps.get_model(part.model)
            for data in document.get(part.export_key) or []:
                row_save(row_build(model, data, session=session), data)
    # New nudges must not reuse an imported episode (one nudge per episode).
    top = Guidance.objects.filter(session=session).aggregate(top=Max("episode"))["top"]
    if top is not None and top >= session.activity_episode:
        CoachingSession.objects.filter(pk=session.pk).update(activity_episode=top + 1)


def workbook_import(*, session: CoachingSession, raw: bytes) -> None:
    """Load an exported workbook into ``session``, which must be empty.

    All or nothing: a file that fails halfway leaves the workbook as it was.
    Raises ImportRefused with a Chinese sentence saying why.
    """
    document = _parse(raw)
    with transaction.atomic():
        session = CoachingSession.objects.select_for_update().get(pk=session.pk)
        if not workbook_empty(session=session):
            raise ImportRefused(NOT_EMPTY)
        # The app's own traces (nudges, visits) of the empty workbook give way.
        for part in PARTS:
            if not part.written:
                part.rows(session=session).delete()
        try:
            _load(session, document)
        except (
            ValidationError,
            IntegrityError,
            TypeError,
            ValueError,
            KeyError,
            AttributeError,  # a list where the file should hold an object
        ) as exc:
            raise ImportRefused(MALFORMED) from exc
