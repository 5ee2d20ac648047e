"""Staff-only views beside the knowledge admin."""

from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from knowledge.services import knowledge_files_sync


@require_POST
@staff_member_required
def files_sync(request):
    """Write the database's knowledge over data/, then go back to the admin index."""
    written = knowledge_files_sync(directory=Path(settings.KNOWLEDGE_DIR))
    messages.success(
        request, f"已把数据库里的知识库写回 data/（{len(written)} 个文件）。"
    )
    return redirect("admin:index")
