"""Admin in Chinese where Django and django-axes leave English (issue 28).

The site's header and title, the names of django-axes's app and models, and
the labels of our coach models' fields. Axes's models are not ours to edit, so
their Meta names are set here, once, when the admin loads (coach/admin.py
imports us); its other strings are in locale/zh_Hans. Our fields' labels are
set here too rather than as verbose_name in the models: a label is no schema,
and a migration per label would collide with every branch's migrations.
"""

from django.apps import apps
from django.contrib import admin

admin.site.site_header = "知识库管理"
admin.site.site_title = "知识库管理"
admin.site.index_title = "知识库与教练数据"

AXES_NAMES = {
    "AccessAttempt": "登录失败记录",
    "AccessAttemptExpiration": "登录失败记录的过期时间",
    "AccessLog": "登录日志",
    "AccessFailureLog": "登录失败日志",
}


# Coach fields by name: the same name means the same thing on every model.
FIELD_LABELS = {
    "activity_episode": "活动轮次",
    "answer": "回答",
    "answer_judged_at": "回答判断时间",
    "away_since": "离开页面的时间",
    "cancelled_at": "取消时间",
    "card": "方向卡",
    "cause": "原因",
    "client_id": "客户端编号",
    "created_at": "创建时间",
    "delivered_at": "送达时间",
    "episode": "轮次",
    "examples": "例子",
    "finished_at": "完成时间",
    "focus_question_id": "正在看的题",
    "focus_since": "开始看这道题的时间",
    "guide_due_at": "下次引导时间",
    "guide_mode": "引导模式",
    "guide_questions": "引导问题",
    "last_activity_at": "最近活动时间",
    "last_seen_at": "最近访问时间",
    "notes": "笔记",
    "public_id": "公开编号",
    "question_id": "题号",
    "read_at": "阅读时间",
    "replaced_at": "被替换时间",
    "reply_id": "回复编号",
    "reply_to": "回复的消息",
    "results": "结果",
    "role": "角色",
    "selection": "选中的文字",
    "session": "教练会话",
    "step": "步骤",
    "suggestions": "建议",
    "text": "内容",
    "tools_used": "用到的工具",
    "trace": "过程记录",
    "trigger": "触发原因",
    "updated_at": "更新时间",
    "user": "账号",
}


def coach_field_labels_set() -> None:
    """Label our coach models' fields in Chinese where the model gives none."""
    for model in apps.get_app_config("coach").get_models():
        for field in model._meta.get_fields():
            label = FIELD_LABELS.get(field.name)
            if label and str(getattr(field, "verbose_name", "")) == field.name.replace(
                "_", " "
            ):
                field.verbose_name = label


def axes_names_set() -> None:
    """Give django-axes's app and models Chinese names (if axes is installed)."""
    if not apps.is_installed("axes"):
        return
    config = apps.get_app_config("axes")
    config.verbose_name = "登录保护"
    for model in config.get_models():
        name = AXES_NAMES.get(model.__name__)
        if name:
            model._meta.verbose_name = name
            model._meta.verbose_name_plural = name


axes_names_set()
coach_field_labels_set()
