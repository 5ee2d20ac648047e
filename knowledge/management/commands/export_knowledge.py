"""manage.py export_knowledge DIR: write the knowledge back as the data files."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from knowledge.services import knowledge_export, knowledge_files_sync


class Command(BaseCommand):
    """Export the database's knowledge in data/'s format, for review or backup."""

    help = "把知识库写成 data/ 同样格式的数据文件。"

    def add_arguments(self, parser):
        """Take the directory to write into."""
        parser.add_argument("directory", type=Path, help="输出目录")

    def handle(self, *args, directory, **options):
        """Write the data files and list their paths.

        Written over data/ itself, the files and the database agree again, so
        the loader takes them as its last load (the admin's edits are in them).
        """
        own = directory.resolve() == Path(settings.KNOWLEDGE_DIR).resolve()
        export = knowledge_files_sync if own else knowledge_export
        for path in export(directory=directory):
            self.stdout.write(f"已写出 {path}")
