"""The product app and Django project package: sessions, chat, guidance."""

from .celery import app as celery_app

__all__ = ("celery_app",)
