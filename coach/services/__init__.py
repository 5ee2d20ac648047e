"""Write-side of the product app (HackSoft style: views and consumers call these)."""

from .answers import answer_receive, answer_save, answer_submit, focus_submit
from .chat import message_user_append
from .errors import InvalidInput
from .guidance import guidance_mark_delivered, guidance_mark_read
from .profile import profile_update
from .safety import profile_care_text, risk_record
from .sessions import (
    activity_mark,
    focus_set,
    preference_set,
    presence_set,
    results_save,
    session_for_request,
    session_for_scope,
    session_known,
    session_peek,
    step_set,
)
from .turns import (
    Turn,
    feedback_save,
    turn_begin,
    turn_finish,
    turn_regenerate,
    turn_resumed,
)

__all__ = [
    "InvalidInput",
    "Turn",
    "activity_mark",
    "answer_receive",
    "answer_save",
    "answer_submit",
    "focus_submit",
    "guidance_mark_delivered",
    "guidance_mark_read",
    "focus_set",
    "message_user_append",
    "preference_set",
    "presence_set",
    "profile_care_text",
    "profile_update",
    "risk_record",
    "results_save",
    "session_for_request",
    "session_for_scope",
    "session_known",
    "session_peek",
    "step_set",
    "feedback_save",
    "turn_begin",
    "turn_finish",
    "turn_regenerate",
    "turn_resumed",
]
