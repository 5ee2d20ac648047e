"""Placeholder: loads nothing until the knowledge issue lands."""

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "从 data/ 载入知识库。"

    def handle(self, *args, **options):
        self.stdout.write("知识库载入：尚未实现。")
