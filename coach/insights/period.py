"""The insight page's date range: a validated form and the datetimes it covers."""

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django import forms
from django.utils import timezone

DEFAULT_DAYS = 30
MAX_DAYS = 366 * 3  # a wider range is a typo, and would scan every row for nothing
DATE_FORMAT = "日期格式应为 年-月-日，例如 2025-03-01。"


@dataclass(frozen=True)
class Period:
    """Whole local days from ``start`` to ``end``, both included."""

    start: date
    end: date

    @property
    def bounds(self) -> tuple[datetime, datetime]:
        """Return [from, to) as aware datetimes in the site's time zone."""
        zone = timezone.get_current_timezone()
        lo = datetime.combine(self.start, time.min, tzinfo=zone)
        hi = datetime.combine(self.end + timedelta(days=1), time.min, tzinfo=zone)
        return lo, hi


def period_default(*, today: date | None = None) -> Period:
    """Return the last 30 days, today included."""
    today = today or timezone.localdate()
    return Period(start=today - timedelta(days=DEFAULT_DAYS - 1), end=today)


class PeriodForm(forms.Form):
    """The GET filter: both dates optional (the last 30 days), errors in Chinese."""

    start = forms.DateField(
        label="开始日期",
        required=False,
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": DATE_FORMAT},
    )
    end = forms.DateField(
        label="结束日期",
        required=False,
        input_formats=["%Y-%m-%d"],
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        error_messages={"invalid": DATE_FORMAT},
    )

    def clean(self):
        """Fill missing dates from the default range; refuse reversed or huge ones."""
        data = super().clean()
        if self.errors:
            return data
        default = period_default()
        end = data.get("end") or default.end
        start = data.get("start") or end - timedelta(days=DEFAULT_DAYS - 1)
        if start > end:
            raise forms.ValidationError("开始日期不能晚于结束日期。")
        if (end - start).days >= MAX_DAYS:
            raise forms.ValidationError(f"日期范围最多 {MAX_DAYS} 天，请缩小范围。")
        data["period"] = Period(start=start, end=end)
        return data
