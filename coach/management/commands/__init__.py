"""``manage.py runstack`` and ``manage.py coach_eval``."""
