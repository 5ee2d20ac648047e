"""manage.py load_knowledge: load data/ into the database (all or nothing)."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from knowledge.services import (
    KnowledgeConflict,
    KnowledgeInvalid,
    knowledge_load,
    knowledge_seed_if_empty,
)

SHOWN = 12  # keys listed per kind of change; the rest are counted


class Command(BaseCommand):
    """Load the data files; any problem or admin edit in the way writes nothing."""

    help = (
        "从 data/ 载入价值观、才能、热情、工作簿问题、引导问题、证据词表和问题讲解"
        "（全部成功才写入）。"
        "载入后以数据库为准：后台改过的行不会被覆盖，除非加 --force。"
    )

    def add_arguments(self, parser):
        """Take the data directory and the switches."""
        parser.add_argument(
            "--dir", dest="directory", type=Path, default=None, help="数据目录"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="只检查并报告会改什么，不写入"
        )
        parser.add_argument("--prune", action="store_true", help="删除文件里已没有的行")
        parser.add_argument(
            "--force", action="store_true", help="覆盖上次载入后在后台改过的行"
        )
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="只在知识库为空时载入（make run 每次启动时用）",
        )

    def handle(self, *args, directory=None, **options):
        """Load the directory and print what changed; exit 1 on any problem."""
        directory = directory or Path(settings.KNOWLEDGE_DIR)
        try:
            if options["if_empty"]:
                counts = knowledge_seed_if_empty(directory=directory)
                if counts is None:
                    self.stdout.write(
                        "知识库已有内容，以数据库为准，未从 data/ 重新载入。"
                    )
                    return
            else:
                counts = knowledge_load(
                    directory=directory,
                    dry_run=options["dry_run"],
                    prune=options["prune"],
                    force=options["force"],
                )
        except KnowledgeInvalid as exc:
            for problem in exc.problems:
                self.stderr.write(str(problem))
            raise CommandError(
                f"发现 {len(exc.problems)} 处问题，未导入任何内容。"
            ) from None
        except KnowledgeConflict as exc:
            self.stderr.write("这些行在上次载入后已在后台改过，文件会覆盖它们：")
            for name, keys in exc.conflicts.items():
                self.stderr.write(f"  {name}：{_listed(keys)}")
            raise CommandError(
                "未写入任何内容。要保留后台的修改，先运行 "
                "manage.py export_knowledge data/ 把它们写回文件；"
                "确定用文件覆盖，加 --force。"
            ) from None
        for name, count in counts.items():
            changes = "；".join(
                f"{kind} {_listed(keys)}" for kind, keys in count.keys.items() if keys
            )
            self.stdout.write(
                f"{name}：{count}" + (f"（{changes}）" if changes else "")
            )
            if count.conflicts:
                self.stdout.write(f"  后台改过、会被覆盖：{_listed(count.conflicts)}")
        self.stdout.write(
            "（试运行，未写入）" if options["dry_run"] else "知识库已载入。"
        )


def _listed(keys: list[str]) -> str:
    more = f" 等 {len(keys)} 行" if len(keys) > SHOWN else ""
    return "、".join(keys[:SHOWN]) + more
