"""Management commands of the coach app (see ``commands/``)."""
