"""Everything stored per workbook, in one list: deletion and export both walk it.

A new model that holds a person's workbook data is one more ``Part`` line here;
then "delete my data", retention and the export cover it.
"""

from dataclasses import dataclass

from django.apps import apps
from django.db.models import QuerySet

from coach.models import CoachingSession


@dataclass(frozen=True)
class Part:
    """One model's rows of a workbook."""

    model: str  # "app_label.ModelName"
    session_path: str  # lookup from a row to its CoachingSession
    # Exported as a flat list under this key; "" when the export nests it by hand.
    export_key: str = ""
    # False for the app's own traces (nudges, visits): a workbook holding only
    # these counts as empty, since the person wrote nothing in it yet.
    written: bool = True

    def rows(self, *, session: CoachingSession) -> QuerySet:
        """Return this part's rows of ``session``."""
        model = apps.get_model(self.model)
        return model.objects.filter(**{self.session_path: session})


# Children before parents: deleting in this order never waits on a cascade.
PARTS: list[Part] = [
    # Exported by hand: each card with its outcome notes (transfer/export.py).
    Part("coach.CardNote", "card__session"),
    Part("coach.DirectionCard", "session"),
    Part("coach.Feedback", "message__session"),
    Part("coach.AnswerRevision", "answer__session"),
    Part("coach.Answer", "session"),
    Part("coach.ChatMessage", "session"),
    Part("coach.Guidance", "session", export_key="nudges", written=False),
    Part("coach.QuestionVisit", "session", export_key="visits", written=False),
    Part("coach.Profile", "session"),
]
