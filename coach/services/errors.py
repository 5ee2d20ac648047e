"""Errors services raise for input that is well-formed but refers to nothing."""


class InvalidInput(ValueError):
    """A field names something that does not exist (for this session)."""

    def __init__(self, field: str):
        super().__init__(field)
        self.field = field
