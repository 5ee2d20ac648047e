"""The workbook as one versioned JSON document: export (a read) and import (a write)."""

from coach.transfer.export import FORMAT, VERSION, workbook_export
from coach.transfer.importing import ImportRefused, workbook_empty, workbook_import

__all__ = [
    "FORMAT",
    "VERSION",
    "ImportRefused",
    "workbook_empty",
    "workbook_export",
    "workbook_import",
]
