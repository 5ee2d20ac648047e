"""The results page: a selector over answers, coach notes and knowledge rows."""

from .build import results_build, values_order_clean
from .markdown import results_markdown

__all__ = ["results_build", "results_markdown", "values_order_clean"]
