"""Product data: a coaching session per visitor, its answers, chat and guidance."""

import uuid

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

STEP_CHOICES = [
    ("values_exploration", _("重要的事")),
    ("strengths_exploration", _("擅长的事")),
    ("interests_exploration", _("喜欢的事")),
    ("synthesis", _("综合")),
]
GUIDE_MODES = [("normal", _("正常")), ("quiet", _("安静"))]
TRIGGERS = [
    ("idle_timeout", _("空闲超时")),
    ("short_answer", _("回答过短")),
    ("vague_answer", _("回答模糊")),
    ("stuck", _("卡在问题")),
]


class CoachingSession(models.Model):
    """One person's way through the workbook (anonymous or logged in)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    # An account has one open workbook and any number of archived ones ("start over").
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="workbooks",
    )
    archived_at = models.DateTimeField(_("存档时间"), null=True, blank=True)
    step = models.CharField(
        max_length=32, choices=STEP_CHOICES, default="values_exploration"
    )
    question_id = models.CharField(max_length=8, blank=True)
    guide_mode = models.CharField(max_length=8, choices=GUIDE_MODES, default="normal")
    # Every user action (not ping) bumps the episode: nudges are unique per episode.
    activity_episode = models.PositiveIntegerField(default=0)
    last_activity_at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The last day the person opened any page (renewed at most daily): retention
    # counts from here, since reading the results is a use too.
    last_seen_at = models.DateTimeField(default=timezone.now, db_index=True)
    # When the beat scan should next look at this session (NULL: nothing pending).
    # Indexed so a scan costs the number of due sessions, not all sessions.
    guide_due_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The latest answer judged for length/vagueness (each version judged once).
    answer_judged_at = models.DateTimeField(null=True, blank=True)
    focus_question_id = models.CharField(max_length=8, blank=True)
    focus_since = models.DateTimeField(null=True, blank=True, db_index=True)
    # Since when no tab of this session shows the page (hidden or closed), as
    # the page reports it; NULL while one does. Only a nudge written while the
    # person was away may open with "欢迎回来".
    away_since = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    notes = models.JSONField(default=dict, blank=True)
    results = models.JSONField(default=dict, blank=True)
    # The last time the risk check found danger (agent/safety): for a day after
    # it no nudges, and the page shows where to find help. The kind only, never
    # the words; admins see counts (insights).
    risk_at = models.DateTimeField(
        _("风险提示时间"), null=True, blank=True, db_index=True
    )
    risk_kind = models.CharField(_("风险类型"), max_length=16, blank=True)
    # 开始新一轮 bumps it: the answers stay, direction cards of older rounds are
    # kept read-only beside the new ones.
    round = models.PositiveSmallIntegerField(_("第几轮"), default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped by database triggers (migration 0010) on every insert, update or
    # delete of the session's answers, profile and chat messages, whoever
    # writes them; it never goes back. A process keeps a turn's snapshot warm
    # while this shows nobody else wrote (coach/snapshots.py).
    data_version = models.PositiveBigIntegerField(
        _("数据版本"), default=0, editable=False
    )

    class Meta:
        ordering = ["-last_activity_at"]
        verbose_name = _("教练会话")
        verbose_name_plural = _("教练会话")
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(archived_at=None, user__isnull=False),
                name="one_open_workbook_per_user",
            ),
        ]

    def __str__(self):
        return f"{self.public_id} ({self.get_step_display()})"


class Answer(models.Model):
    """The latest answer to one workbook question."""

    session = models.ForeignKey(
        CoachingSession, on_delete=models.CASCADE, related_name="answers"
    )
    question_id = models.CharField(max_length=8)
    text = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["question_id"]
        verbose_name = _("回答")
        verbose_name_plural = _("回答")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "question_id"], name="answer_unique_per_question"
            ),
        ]

    def __str__(self):
        return f"{self.question_id}: {self.text[:20]}"


class AnswerRevision(models.Model):
    """A previous version of an answer (edit history)."""

    answer = models.ForeignKey(
        Answer, on_delete=models.CASCADE, related_name="revisions"
    )
    text = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("回答修改记录")
        verbose_name_plural = _("回答修改记录")

    def __str__(self):
        return f"{self.answer.question_id} @ {self.created_at:%Y-%m-%d %H:%M}"


class QuestionVisit(models.Model):
    """When a person first reached a workbook question, and first answered it.

    The session keeps only the current focus; the insight page needs every
    question's first focus and first answer to measure the time to an answer.
    """

    session = models.ForeignKey(
        CoachingSession, on_delete=models.CASCADE, related_name="visits"
    )
    question_id = models.CharField(_("问题编号"), max_length=8)
    reached_at = models.DateTimeField(_("首次到达"), db_index=True)
    answered_at = models.DateTimeField(_("首次回答"), null=True, blank=True)

    class Meta:
        ordering = ["reached_at"]
        verbose_name = _("问题到达记录")
        verbose_name_plural = _("问题到达记录")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "question_id"], name="visit_unique_per_question"
            ),
        ]

    def __str__(self):
        return f"{self.question_id} @ {self.reached_at:%Y-%m-%d %H:%M}"


class ChatMessage(models.Model):
    """A chat message between the person and the coach (never tool chatter)."""

    ROLES = [("user", _("用户")), ("coach", _("教练"))]

    session = models.ForeignKey(
        CoachingSession, on_delete=models.CASCADE, related_name="messages"
    )
    role = models.CharField(max_length=8, choices=ROLES)
    text = models.TextField()
    selection = models.TextField(blank=True)
    question_id = models.CharField(max_length=8, blank=True)
    client_id = models.CharField(max_length=64, blank=True)
    # A coach message answers one user message; a regenerated reply keeps its
    # row (and any rating) with ``replaced_at`` set, so there can be several.
    reply_to = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="replies",
    )
    reply_id = models.CharField(max_length=24, blank=True)
    stopped = models.BooleanField(_("被停止"), default=False)
    replaced_at = models.DateTimeField(null=True, blank=True)
    tools_used = models.JSONField(default=list, blank=True)
    examples = models.JSONField(default=list, blank=True)
    guide_questions = models.JSONField(default=list, blank=True)
    trace = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "id"]
        verbose_name = _("聊天消息")
        verbose_name_plural = _("聊天消息")
        constraints = [
            # A resend with the same client_id is recognised, never processed twice.
            models.UniqueConstraint(
                fields=["session", "client_id"],
                name="message_unique_client_id",
                condition=~models.Q(client_id=""),
            ),
            models.UniqueConstraint(
                fields=["session", "reply_id"],
                name="message_unique_reply_id",
                condition=~models.Q(reply_id=""),
            ),
        ]

    def __str__(self):
        return f"{self.get_role_display()}: {self.text[:30]}"


class Feedback(models.Model):
    """A person's 👍/👎 on one coach reply, with an optional comment."""

    RATINGS = [("up", _("👍 有帮助")), ("down", _("👎 没帮助"))]

    message = models.OneToOneField(
        ChatMessage,
        on_delete=models.CASCADE,
        related_name="feedback",
        verbose_name=_("回复"),
    )
    rating = models.CharField(_("评价"), max_length=4, choices=RATINGS)
    comment = models.TextField(_("留言"), max_length=500, blank=True)
    created_at = models.DateTimeField(_("首次评价"), auto_now_add=True)
    updated_at = models.DateTimeField(_("最后修改"), auto_now=True, db_index=True)

    class Meta:
        ordering = ["-updated_at"]
        verbose_name = _("回复评价")
        verbose_name_plural = _("回复评价")

    def __str__(self):
        return f"{self.get_rating_display()} · {self.message.reply_id}"


class Guidance(models.Model):
    """A proactive nudge raised by the beat scan."""

    session = models.ForeignKey(
        CoachingSession, on_delete=models.CASCADE, related_name="guidance"
    )
    trigger = models.CharField(max_length=16, choices=TRIGGERS)
    episode = models.PositiveIntegerField()
    question_id = models.CharField(max_length=8, blank=True)
    # What raised it: the question and the moment its cause began (the answer
    # version, the visit to the question, the idle period). The same cause is
    # nudged once, whatever toggles, reconnects and tabs happen in between.
    cause = models.CharField(max_length=64, blank=True)
    text = models.TextField()
    examples = models.JSONField(default=list, blank=True)
    suggestions = models.JSONField(default=list, blank=True)
    guide_questions = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    read_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("主动引导")
        verbose_name_plural = _("主动引导")
        constraints = [
            # At most one nudge per activity episode (so also per trigger), even
            # when two scans race or a task is redelivered.
            models.UniqueConstraint(
                fields=["session", "episode"], name="guidance_once_per_episode"
            ),
            # One live nudge per trigger and cause (a voided one may come again).
            models.UniqueConstraint(
                fields=["session", "trigger", "cause"],
                condition=models.Q(cancelled_at=None) & ~models.Q(cause=""),
                name="guidance_once_per_cause",
            ),
        ]
        indexes = [models.Index(fields=["session", "created_at"])]

    def __str__(self):
        return f"{self.get_trigger_display()} → {self.session_id}"


class Profile(models.Model):
    """Basic information the coach uses to understand the person quickly."""

    session = models.OneToOneField(
        CoachingSession, on_delete=models.CASCADE, related_name="profile"
    )
    nickname = models.CharField(_("称呼"), max_length=40, blank=True)
    age_range = models.CharField(_("年龄段"), max_length=20, blank=True)
    occupation = models.CharField(_("现在的工作"), max_length=80, blank=True)
    about = models.TextField(_("想对教练说的话"), max_length=1000, blank=True)
    work_history = models.JSONField(_("工作经历"), default=list, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("个人资料")
        verbose_name_plural = _("个人资料")

    def __str__(self):
        return self.nickname or str(self.session_id)


class RecoveryCode(models.Model):
    """The one-time code that resets an account's password (no email needed).

    Only its hash is kept, like a password's; using it issues a new one.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="recovery"
    )
    code_hash = models.CharField(_("恢复码（哈希）"), max_length=128)
    created_at = models.DateTimeField(_("生成时间"), auto_now_add=True)

    class Meta:
        verbose_name = _("恢复码")
        verbose_name_plural = _("恢复码")

    def __str__(self):
        return f"{self.user} @ {self.created_at:%Y-%m-%d}"


class DirectionCard(models.Model):
    """One direction the person may live ("three different lives"), up to 3 a round.

    Everything on it is the person's: the texts they typed or accepted with a
    click, the gauges they set, and ``draws_on``, references to their own
    confirmed rows with the quote each stands on (copied, so an older round
    keeps its words when answers change later).
    """

    session = models.ForeignKey(
        CoachingSession, on_delete=models.CASCADE, related_name="direction_cards"
    )
    round = models.PositiveSmallIntegerField(_("第几轮"), default=1)
    position = models.PositiveSmallIntegerField(_("位置"))
    title = models.CharField(_("标题"), max_length=60)
    question = models.CharField(_("要回答的问题"), max_length=200, blank=True)
    experiment = models.TextField(_("7 天小实验"), max_length=500, blank=True)
    # {"resources": 1-5 | null, "liking": …, "confidence": …, "coherence": …}
    gauges = models.JSONField(_("四个仪表"), default=dict, blank=True)
    # [{"kind": "values"|"talents"|"passions", "id", "name", "question_id", "quote"}]
    draws_on = models.JSONField(_("依据"), default=list, blank=True)
    # The coach's suggestions: which the person set aside, and what an accepted
    # one replaced ({"undo": {field: text before}, "dismissed": [field]}).
    suggestions = models.JSONField(_("建议记录"), default=dict, blank=True)
    archived_at = models.DateTimeField(_("归档于"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-round", "position"]
        verbose_name = _("方向卡")
        verbose_name_plural = _("方向卡")
        constraints = [
            models.UniqueConstraint(
                fields=["session", "round", "position"],
                name="direction_card_unique_position",
            ),
        ]

    def __str__(self):
        return f"{self.title} (第{self.round}轮)"


class CardNote(models.Model):
    """What happened when the person tried a direction (试了，结果…), with a date."""

    card = models.ForeignKey(
        DirectionCard, on_delete=models.CASCADE, related_name="notes"
    )
    happened_on = models.DateField(_("日期"))
    text = models.TextField(_("结果"), max_length=500)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["happened_on", "created_at"]
        verbose_name = _("方向卡记录")
        verbose_name_plural = _("方向卡记录")

    def __str__(self):
        return f"{self.happened_on}: {self.text[:20]}"
