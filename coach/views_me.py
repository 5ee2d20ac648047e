"""HTTP views of /me/: the person's own data (delete, export, import, start over)."""

from django.conf import settings
from django.contrib import messages
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from coach import selectors, services
from coach.forms import WorkbookImportForm
from coach.services.archive import workbook_start_over
from coach.services.deletion import visitor_delete
from coach.services.transfer import (
    ImportRefused,
    workbook_empty,
    workbook_export,
    workbook_import,
)


@never_cache
def delete(request):
    """Confirm, then (POST) delete everything the visitor has stored here."""
    if request.method == "POST":
        visitor_delete(request=request)
        messages.success(request, _("你的数据已经全部删除。"))
        return redirect("home")
    return render(request, "coach/me/delete.html")


@never_cache
@require_GET
def export(request):
    """Download the whole workbook as one versioned JSON file."""
    session = services.session_peek(request=request)
    response = JsonResponse(
        workbook_export(session=session),
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
    response["Content-Disposition"] = content_disposition_header(
        True, f"工作簿-{timezone.localdate():%Y%m%d}.json"
    )
    return response


@never_cache
def import_(request):
    """Load an exported workbook file into the current, empty workbook."""
    form = WorkbookImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        limit = settings.WORKBOOK_IMPORT_MAX_BYTES
        try:
            # Measured before reading: a huge upload is refused unread.
            raw = upload.read(limit + 1) if upload.size <= limit else b"x" * (limit + 1)
            session = services.session_for_request(request=request)
            workbook_import(session=session, raw=raw)
        except ImportRefused as exc:
            form.add_error("file", str(exc))
        else:
            messages.success(request, _("已导入。你的回答、对话和结果都回来了。"))
            return redirect("workbook")
    empty = workbook_empty(session=services.session_peek(request=request))
    return render(request, "coach/me/import.html", {"form": form, "empty": empty})


@never_cache
def overview(request):
    """The person's own data: export, import, start over, archive, delete."""
    context = {
        "archived": selectors.workbooks_archived(user=request.user),
        "saved": services.session_known(request=request),
    }
    return render(request, "coach/me/overview.html", context)


@require_POST
def start_over(request):
    """Archive the current workbook and open a fresh one (one button)."""
    workbook_start_over(request=request)
    messages.success(request, _("已开始一份新的工作簿，原来的已存档。"))
    return redirect("workbook")


@never_cache
@require_GET
def archived(request, public_id):
    """Show one archived workbook, read-only (signed-in owners only)."""
    session = selectors.workbook_archived_get(user=request.user, public_id=public_id)
    if session is None:
        raise Http404
    context = selectors.workbook_read_only(session=session)
    return render(request, "coach/me/archived.html", context)
