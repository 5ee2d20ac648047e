"""Management commands of the knowledge app (see ``commands/``)."""
