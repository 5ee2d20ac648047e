"""The results page: a selector over answers, coach notes and knowledge rows."""

from .build import results_build
from .markdown import results_markdown
from .order import values_order_clean

__all__ = ["results_build", "results_markdown", "values_order_clean"]
