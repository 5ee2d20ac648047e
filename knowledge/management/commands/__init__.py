"""``manage.py load_knowledge`` and ``manage.py export_knowledge``."""
