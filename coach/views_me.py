"""HTTP views of /me/: the person's own data (delete, export, import, start over)."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from coach.services.deletion import visitor_delete


@never_cache
def delete(request):
    """Confirm, then (POST) delete everything the visitor has stored here."""
    if request.method == "POST":
        visitor_delete(request=request)
        messages.success(request, _("你的数据已经全部删除。"))
        return redirect("home")
    return render(request, "coach/me/delete.html")
