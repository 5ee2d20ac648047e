"""Template tags of the knowledge admin."""
