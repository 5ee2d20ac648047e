"""The admin's insight page and its CSV exports: thin views over coach.insights."""

from django.contrib import admin
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.template.response import TemplateResponse

from coach.insights import PeriodForm, insights_build
from coach.insights.charts import insight_charts
from coach.insights.tables import BUILDERS, insight_tables
from knowledge.services.csvio import csv_render


def _form(request) -> PeriodForm:
    # Unbound when no date was given, so the fields show the default range.
    form = PeriodForm(request.GET or {"start": "", "end": ""})
    form.is_valid()
    return form


def insights_page(request):
    """Show where people get stuck, for the chosen dates (last 30 days by default)."""
    form = _form(request)
    context = {**admin.site.each_context(request), "title": "使用洞察", "form": form}
    if not form.errors:
        insights = insights_build(period=form.cleaned_data["period"])
        context.update(
            period=insights.period,
            charts=insight_charts(insights),
            tables=insight_tables(insights).values(),
            query=request.GET.urlencode(),
        )
    return TemplateResponse(request, "admin/insights.html", context)


def insights_csv(request, table: str):
    """Download one table as CSV (UTF-8 with BOM for Excel, formulae escaped)."""
    if table not in BUILDERS:
        raise Http404
    form = _form(request)
    if form.errors:
        reasons = [e for errors in form.errors.values() for e in errors]
        return HttpResponseBadRequest(
            "".join(reasons), content_type="text/plain; charset=utf-8"
        )
    period = form.cleaned_data["period"]
    found = BUILDERS[table](insights_build(period=period))
    body = "\ufeff" + csv_render(found.headers, found.rows)
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    name = f"insights-{table}-{period.start}-{period.end}.csv"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response
