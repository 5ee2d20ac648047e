"""Read-side of the knowledge base (placeholder until the knowledge issue lands)."""


def knowledge_version() -> int:
    """Return the current knowledge version stamp."""
    return 0
