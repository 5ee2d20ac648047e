"""The WebSocket protocol's inbound frames, validated with pydantic.

Each bad frame maps to one error code (DESIGN.md) and a Chinese message.
"""

import json
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter
from pydantic import ValidationError as PydanticError

MAX_FRAME_BYTES = 8 * 1024
MAX_TEXT_CHARS = 2000
MAX_COMMENT_CHARS = 500
STEPS = (
    "values_exploration",
    "strengths_exploration",
    "interests_exploration",
    "synthesis",
)

MESSAGES = {
    "bad_json": "消息格式不对（不是合法的 JSON），请刷新页面后再试。",
    "unknown_type": "无法识别的消息类型。",
    "invalid": "消息缺少字段或字段不合法。",
    "too_long": f"内容太长了：单条消息请不要超过 {MAX_TEXT_CHARS} 字。",
    "rate_limited": "发得有点快，请稍等片刻再问教练。",
    "busy": "教练还在回答上一条消息，请稍等。",
    # Said when nothing is known to be saved; a turn that fails after the
    # message was stored says so itself (SAVED_THEN_FAILED).
    "internal": "服务器出了点问题，这次没能处理好，请稍后再试一次。",
    # Sent before the server closes a socket over WS_PER_SESSION (code 4429).
    "too_many_sockets": (
        "这个工作簿已在太多标签页中打开。请关掉用不到的标签页，再点“重新连接”。"
    ),
}
# The same refusal over WS_PER_ADDRESS: many people may share one address.
SOCKETS_PER_ADDRESS = (
    "你所在的网络已打开太多连接。请关掉用不到的标签页，稍后再点“重新连接”。"
)
SAVED_THEN_FAILED = "服务器出了点问题，没能回答完。你的消息已经保存，请稍后再试。"

# Control characters other than tab/newline are never meaningful in a message.
QuestionId = Annotated[str, StringConstraints(pattern=r"^[VSPC]\d{2}$")]
Text = Annotated[str, StringConstraints(max_length=MAX_TEXT_CHARS)]
ReplyId = Annotated[str, StringConstraints(pattern=r"^r\d{1,18}(-\d{1,4})?$")]


class ProtocolError(Exception):
    """A frame the server refuses; the socket stays open."""

    def __init__(
        self,
        code: str,
        detail: str = "",
        retry_after: float | None = None,
        message: str = "",
    ):
        super().__init__(code)
        self.code = code
        self.detail = detail
        self.retry_after = retry_after
        self.message = message or MESSAGES[code]  # a more precise one, for people

    def frame(self) -> dict:
        """Return the `error` frame for this refusal."""
        frame: dict[str, Any] = {
            "type": "error",
            "code": self.code,
            "message": self.message,
        }
        if self.detail:
            frame["detail"] = self.detail
        if self.retry_after is not None:
            frame["retry_after"] = self.retry_after
        return frame


class _Frame(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)


class Chat(_Frame):
    """A message to the coach, maybe about a highlighted passage and a question."""

    type: Literal["chat"]
    text: Annotated[Text, StringConstraints(strip_whitespace=True, min_length=1)]
    selection: Text = ""
    question_id: QuestionId | None = None
    client_id: Annotated[str, StringConstraints(max_length=64)] = ""


class GuidePick(_Frame):
    """A quick-pick chip, maybe about the question on screen."""

    type: Literal["guide_pick"]
    guide_id: Annotated[str, StringConstraints(pattern=r"^guide_\d{1,2}$")]
    question_id: QuestionId | None = None
    client_id: Annotated[str, StringConstraints(max_length=64)] = ""


class AnswerFrame(_Frame):
    """An answer typed into a workbook question."""

    type: Literal["answer"]
    question_id: QuestionId
    text: Text


class Focus(_Frame):
    """The question now on screen."""

    type: Literal["focus"]
    question_id: QuestionId


class Step(_Frame):
    """The workbook step the person moved to."""

    type: Literal["step"]
    step: Literal[STEPS]  # type: ignore[valid-type]


class Preference(_Frame):
    """Normal or quiet guidance."""

    type: Literal["preference"]
    guide_mode: Literal["normal", "quiet"]


class Presence(_Frame):
    """Whether the page is on screen (the tab shown or hidden); not activity."""

    type: Literal["presence"]
    visible: bool


class GuidanceRead(_Frame):
    """A nudge the person has seen."""

    type: Literal["guidance_read"]
    guidance_id: Annotated[int, Field(ge=1)]


class Ping(_Frame):
    """A keep-alive; not user activity."""

    type: Literal["ping"]


class Stop(_Frame):
    """End the running turn; the reply keeps what was written."""

    type: Literal["stop"]


class Regenerate(_Frame):
    """Answer the last reply's message again."""

    type: Literal["regenerate"]
    reply_id: ReplyId


class ChoiceFrame(_Frame):
    """A choice under a reply: its act runs directly (agent.dialogue.choices)."""

    type: Literal["choice"]
    reply_id: ReplyId
    choice_id: Annotated[str, StringConstraints(pattern=r"^[a-z0-9_]{1,20}$")]
    client_id: Annotated[str, StringConstraints(max_length=64)] = ""


class FeedbackFrame(_Frame):
    """A 👍/👎 (and an optional comment) on one reply."""

    type: Literal["feedback"]
    reply_id: ReplyId
    rating: Literal["up", "down"]
    comment: Annotated[
        str, StringConstraints(strip_whitespace=True, max_length=MAX_COMMENT_CHARS)
    ] = ""


FRAMES = (
    Chat,
    GuidePick,
    AnswerFrame,
    Focus,
    Step,
    Preference,
    Presence,
    GuidanceRead,
    Ping,
    Stop,
    Regenerate,
    ChoiceFrame,
    FeedbackFrame,
)
TYPES = {get_args(f.model_fields["type"].annotation)[0]: f for f in FRAMES}
_ADAPTERS = {name: TypeAdapter(model) for name, model in TYPES.items()}


def _clean(text: str) -> str:
    return "".join(ch for ch in text if ch in "\t\n" or ch >= " ")


def frame_parse(raw: str | None) -> _Frame:
    """Validate one text frame; raise ProtocolError with the matching code."""
    if raw is None:
        raise ProtocolError("invalid", "只接受文本帧")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES:
        raise ProtocolError("too_long")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("bad_json") from exc
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ProtocolError("invalid", "缺少 type")
    adapter = _ADAPTERS.get(data["type"])
    if adapter is None:
        raise ProtocolError("unknown_type")
    try:
        frame = adapter.validate_python(data)
    except PydanticError as exc:
        too_long = any(e["type"] == "string_too_long" for e in exc.errors())
        fields = ",".join(str(e["loc"][0]) for e in exc.errors() if e["loc"])
        raise ProtocolError("too_long" if too_long else "invalid", fields) from exc
    for name in ("text", "selection", "comment"):
        if isinstance(getattr(frame, name, None), str):
            value = _clean(getattr(frame, name))
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:  # lone surrogates cannot be stored
                raise ProtocolError("invalid", name) from exc
            setattr(frame, name, value)
    if isinstance(frame, Chat) and not frame.text.strip():
        raise ProtocolError("invalid", "text")
    return frame
