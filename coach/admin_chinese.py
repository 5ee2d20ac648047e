"""Admin in Chinese where Django and django-axes leave English (issue 28).

The site's header and title, and the names of django-axes's app and models,
which ship no Simplified Chinese. Axes's models are not ours to edit, so their
Meta names are set here, once, when the admin loads (coach/admin.py imports us).
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
