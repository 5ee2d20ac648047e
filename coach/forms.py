"""Forms: the profile (basic info, a work-history formset) and the workbook import."""

from django import forms
from django.utils.translation import gettext_lazy as _

from coach.models import CoachingSession
from coach.selectors import profile_get

AGE_RANGES = [
    ("", _("不填")),
    ("18岁以下", _("18 岁以下")),
    ("18-24岁", _("18–24 岁")),
    ("25-29岁", _("25–29 岁")),
    ("30-34岁", _("30–34 岁")),
    ("35-39岁", _("35–39 岁")),
    ("40-49岁", _("40–49 岁")),
    ("50岁及以上", _("50 岁及以上")),
]
HISTORY_FIELDS = ("period", "role", "organization", "highlights")
MAX_HISTORY = 10


class ProfileForm(forms.Form):
    """Basic info the coach may use to understand the person."""

    nickname = forms.CharField(label=_("怎么称呼你"), max_length=40, required=False)
    age_range = forms.ChoiceField(label=_("年龄段"), choices=AGE_RANGES, required=False)
    occupation = forms.CharField(
        label=_("现在的工作或身份"), max_length=80, required=False
    )
    about = forms.CharField(
        label=_("想对教练说的话"),
        max_length=1000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        current = self.initial.get("age_range")
        if current and current not in dict(AGE_RANGES):  # keep a value set elsewhere
            self.fields["age_range"].choices = [*AGE_RANGES, (current, current)]


class WorkHistoryForm(forms.Form):
    """One period of work (or study) the person wants the coach to know."""

    period = forms.CharField(
        label=_("时间"),
        max_length=40,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "2019–2022"}),
    )
    role = forms.CharField(label=_("角色"), max_length=60, required=False)
    organization = forms.CharField(label=_("单位或团队"), max_length=80, required=False)
    highlights = forms.CharField(
        label=_("做了什么、印象最深的事"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


WorkHistoryFormSet = forms.formset_factory(
    WorkHistoryForm, extra=0, can_delete=True, max_num=MAX_HISTORY, validate_max=True
)


def profile_forms_build(*, session: CoachingSession, data=None):
    """Return the profile form and formset, bound to ``data`` or the saved profile."""
    profile = profile_get(session=session)
    initial = (
        {
            name: getattr(profile, name)
            for name in ("nickname", "age_range", "occupation", "about")
        }
        if profile
        else {}
    )
    rows = [
        {name: str(row.get(name, "")) for name in HISTORY_FIELDS}
        for row in (profile.work_history if profile else [])
        if isinstance(row, dict)
    ]
    form = ProfileForm(data, initial=initial)
    # With nothing saved yet, one empty row invites typing.
    formset = WorkHistoryFormSet(data, initial=rows or [{}], prefix="work")
    return form, formset


def profile_data(*, form: ProfileForm, formset) -> dict:
    """Return the ``profile_update`` payload from valid forms (empty rows dropped)."""
    history = [
        {name: row.cleaned_data.get(name, "").strip() for name in HISTORY_FIELDS}
        for row in formset.forms
        if row.cleaned_data and not row.cleaned_data.get("DELETE")
    ]
    history = [row for row in history if any(row.values())]
    return {**form.cleaned_data, "work_history": history}


class WorkbookImportForm(forms.Form):
    """A workbook file exported from /me/export.json."""

    file = forms.FileField(label=_("工作簿文件（.json）"))
