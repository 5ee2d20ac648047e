"""Direction cards: the person's writes (create, edit, suggestions, notes, rounds).

Every text on a card is the person's: typed by them, or a suggestion they
accepted with a click (undoable). ``draws_on`` is resolved here from their own
confirmed rows, never taken from what the browser sends.
"""

from datetime import date

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from coach.models import CardNote, CoachingSession, DirectionCard
from coach.results.build import results_build
from coach.results.directions import CARDS_MAX, GAUGE_RANGE, GAUGES, card_sources
from coach.results.suggest import CARD_LIMITS, card_suggestions

NOTE_MAX, NOTES_MAX, DRAWS_MAX = 500, 30, 9
FIELD_NAMES = {"title": "标题", "question": "问题", "experiment": "小实验"}


class CardInvalid(ValueError):
    """A card write that cannot be saved; the message is for people."""


def _text(field: str, raw) -> str:
    text = str(raw or "").strip()
    if field == "title":
        text = " ".join(text.split())  # one line
        if not text:
            raise CardInvalid("给这个方向起个标题，用你自己的话。")
    limit = CARD_LIMITS[field]
    if len(text) > limit:
        raise CardInvalid(f"{FIELD_NAMES[field]}最多 {limit} 个字，请删短一些。")
    return text


def _draws_on(*, session: CoachingSession, refs: list[str]) -> list[dict]:
    """Return the chosen confirmed rows with their quotes, in the page's order."""
    sources = {s["ref"]: s for s in card_sources(data=results_build(session=session))}
    chosen = list(dict.fromkeys(str(r) for r in refs))
    if any(ref not in sources for ref in chosen):
        raise CardInvalid("有一条依据已经不在了，请刷新页面后再试。")
    if len(chosen) > DRAWS_MAX:
        raise CardInvalid(f"依据最多选 {DRAWS_MAX} 条，挑最要紧的。")
    keep = ("kind", "id", "name", "question_id", "quote")
    return [{k: sources[ref][k] for k in keep} for ref in chosen]


def _gauges(raw: dict[str, str]) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for key in GAUGES:
        value = str(raw.get(key) or "").strip()
        if value and (not value.isdigit() or int(value) not in GAUGE_RANGE):
            raise CardInvalid("仪表只能选 1 到 5。")
        out[key] = int(value) if value else None
    return out


def _editable(card: DirectionCard) -> None:
    if card.archived_at is not None or card.round != card.session.round:
        raise CardInvalid("这是之前一轮的方向卡，只能查看。")


def card_create(
    *, session: CoachingSession, title: str, refs: list[str]
) -> DirectionCard:
    """Start a card in this round's first free place (at most three a round)."""
    title = _text("title", title)
    draws_on = _draws_on(session=session, refs=refs)
    with transaction.atomic():
        # Lock the session row: two tabs must not both take the third place.
        session = CoachingSession.objects.select_for_update().get(pk=session.pk)
        taken = set(
            DirectionCard.objects.filter(
                session=session, round=session.round
            ).values_list("position", flat=True)
        )
        free = [p for p in range(1, CARDS_MAX + 1) if p not in taken]
        if not free:
            raise CardInvalid(f"每一轮最多 {CARDS_MAX} 张方向卡，可以先删掉一张。")
        card = DirectionCard(
            session=session,
            round=session.round,
            position=free[0],
            title=title,
            draws_on=draws_on,
        )
        card.full_clean()
        card.save()
    return card


def card_update(
    *,
    card: DirectionCard,
    title: str,
    question: str,
    experiment: str,
    gauges: dict[str, str],
    refs: list[str],
) -> DirectionCard:
    """Save the card's form: texts, gauges and what it draws on.

    A field the person changed after accepting a suggestion is theirs now:
    its undo is dropped, so 撤销 can never overwrite their later words.
    """
    _editable(card)
    texts = {
        "title": _text("title", title),
        "question": _text("question", question),
        "experiment": _text("experiment", experiment),
    }
    card.gauges = _gauges(gauges)
    card.draws_on = _draws_on(session=card.session, refs=refs)
    state = _state(card)
    for field, text in texts.items():
        if getattr(card, field) != text:
            state["undo"].pop(field, None)
        setattr(card, field, text)
    card.suggestions = state
    card.full_clean()
    card.save()
    return card


def _state(card: DirectionCard) -> dict:
    raw = card.suggestions if isinstance(card.suggestions, dict) else {}
    return {
        "undo": dict(raw.get("undo") or {}),
        "dismissed": dict(raw.get("dismissed") or {}),
    }


def card_suggestion_apply(
    *, card: DirectionCard, action: str, field: str, shown: str = ""
) -> None:
    """Accept, set aside or undo the coach's suggestion for one field.

    ``shown`` is the text the person saw: accept writes it only if it is still
    exactly what the coach suggests now, so nothing unseen is ever written.

    Raises:
        CardInvalid: no such suggestion any more, or the field changed since.
    """
    _editable(card)
    if field not in CARD_LIMITS or action not in ("accept", "dismiss", "undo"):
        raise CardInvalid("这条建议已经不在了，请刷新页面后再试。")
    state = _state(card)
    if action == "undo":
        done = state["undo"].pop(field, None)
        if not done or getattr(card, field) != done["accepted"]:
            raise CardInvalid("采用之后这一栏又改过了，撤销不了；可以直接修改。")
        setattr(card, field, done["before"])
    else:
        offered = card_suggestions(card=card, data=results_build(session=card.session))
        if offered.get(field) is None or offered[field] != shown:
            raise CardInvalid("这条建议已经变了，请刷新页面再看一眼。")
        if action == "dismiss":
            state["dismissed"][field] = shown
        else:
            before = getattr(card, field)
            state["undo"][field] = {"before": before, "accepted": shown}
            setattr(card, field, shown)
    card.suggestions = state
    card.full_clean()
    card.save()


ACTION_DONE = {
    "accept": "已采用教练的建议，随时可以撤销",
    "dismiss": "这条建议已放到一边",
    "undo": "已撤销，恢复成你原来写的",
}


def card_edit_submit(*, card: DirectionCard, do: str, form: dict) -> str:
    """Save the card's form, then apply the clicked button; return what was done.

    ``do`` is the button: "save", "delete", or "<accept|dismiss|undo>:<field>".
    The form is saved first so words typed before a click on a suggestion are
    kept; ``form`` holds the texts, ``gauges``, ``refs`` and ``shown`` (the
    suggestion texts on the page).
    """
    if do == "delete":
        card_delete(card=card)
        return "已删除这张方向卡"
    card_update(
        card=card,
        title=form.get("title", ""),
        question=form.get("question", ""),
        experiment=form.get("experiment", ""),
        gauges=form.get("gauges", {}),
        refs=form.get("refs", []),
    )
    action, _sep, field = do.partition(":")
    if action not in ACTION_DONE:
        return "已保存"
    shown = form.get("shown", {}).get(field, "")
    card_suggestion_apply(card=card, action=action, field=field, shown=shown)
    return ACTION_DONE[action]


def card_delete(*, card: DirectionCard) -> None:
    """Delete one of this round's cards (older rounds stay as they were)."""
    _editable(card)
    card.delete()


def card_note_add(*, card: DirectionCard, text: str, happened_on: str) -> CardNote:
    """Record what happened when the person tried it (试了，结果…) and when."""
    _editable(card)
    text = str(text or "").strip()
    if not text:
        raise CardInvalid("先写下发生了什么，再保存。")
    if len(text) > NOTE_MAX:
        raise CardInvalid(f"记录最多 {NOTE_MAX} 个字，请删短一些。")
    today = timezone.localdate()
    try:
        when = date.fromisoformat(happened_on) if happened_on else today
    except ValueError:
        raise CardInvalid("日期看不懂，请用“年-月-日”，比如 2026-11-25。") from None
    if when > today:
        raise CardInvalid("日期不能晚于今天：等试过了再来记。")
    if card.notes.count() >= NOTES_MAX:
        raise CardInvalid(f"一张卡最多 {NOTES_MAX} 条记录。")
    note = CardNote(card=card, text=text, happened_on=when)
    note.full_clean()
    note.save()
    return note


def round_start(*, session: CoachingSession) -> int:
    """Begin a new round: answers stay, this round's cards become read-only.

    Raises:
        CardInvalid: this round has no card yet (nothing to keep apart).
    """
    with transaction.atomic():
        session = CoachingSession.objects.select_for_update().get(pk=session.pk)
        cards = DirectionCard.objects.filter(session=session, round=session.round)
        if not cards.exists():
            raise CardInvalid("这一轮还没有方向卡，不用开始新一轮。")
        cards.update(archived_at=timezone.now())
        CoachingSession.objects.filter(pk=session.pk).update(round=F("round") + 1)
    session.refresh_from_db(fields=["round"])
    return session.round
