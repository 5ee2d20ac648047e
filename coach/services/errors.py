"""Errors services raise for input that is well-formed but refers to nothing."""


class InvalidInput(ValueError):
    """A field names something that does not exist (for this session).

    ``message`` is a Chinese sentence for people when the generic one would
    not tell them what to do.
    """

    def __init__(self, field: str, message: str = ""):
        super().__init__(field)
        self.field = field
        self.message = message
