"""manage.py load_knowledge: load data/ into the database (all or nothing)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from knowledge.services import KnowledgeInvalid, knowledge_load


class Command(BaseCommand):
    """Load the data files; any problem is printed and nothing is written."""

    help = "从 data/ 载入价值观、才能、热情、工作簿问题和引导问题（全部成功才写入）。"

    def add_arguments(self, parser):
        """Take the data directory and the --dry-run and --prune switches."""
        parser.add_argument(
            "--dir",
            dest="directory",
            type=Path,
            default=None,
            help="数据目录，默认 KNOWLEDGE_DIR",
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="只检查并报告，不写入"
        )
        parser.add_argument("--prune", action="store_true", help="删除文件里已没有的行")

    def handle(self, *args, directory=None, dry_run=False, prune=False, **options):
        """Load the directory and print per-file counts; exit 1 listing any problem."""
        directory = directory or Path(settings.KNOWLEDGE_DIR)
        try:
            counts = knowledge_load(directory=directory, dry_run=dry_run, prune=prune)
        except KnowledgeInvalid as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                f"发现 {len(exc.problems)} 处问题，未导入任何内容。"
            ) from None
        for name, count in counts.items():
            self.stdout.write(f"{name}：{count}")
        self.stdout.write("（试运行，未写入）" if dry_run else "知识库已载入。")
