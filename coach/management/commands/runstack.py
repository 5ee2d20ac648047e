"""``manage.py runstack``: the whole app in one command (what ``make run`` calls)."""

import sys

from django.conf import settings
from django.core.management.base import BaseCommand

from coach.launcher import launch


class Command(BaseCommand):
    """Migrate, load the knowledge base, then supervise daphnes, worker and beat."""

    help = (
        "启动 WEB_PROCESSES 个 daphne、celery worker 和 beat（默认带内置 Redis），"
        "打印访问地址；子进程意外退出会自动重启。"
    )

    def add_arguments(self, parser):
        """Take the address daphne listens on."""
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=settings.PORT)

    def handle(self, *args, host, port, **options):
        """Run the stack in the foreground until a signal; exit with its code."""
        sys.exit(launch(host=host, port=port, web_processes=settings.WEB_PROCESSES))
