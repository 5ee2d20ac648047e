"""The workbook as one versioned JSON document: export (a read) and import (a write).

Kept together under services: the export is the read half of one round trip
(export → import → export is tested equal), and both walk services/parts.py.
"""

from coach.services.transfer.conversation import conversation_load, conversation_rows
from coach.services.transfer.export import FORMAT, VERSION, workbook_export
from coach.services.transfer.importing import (
    ImportRefused,
    workbook_empty,
    workbook_import,
)

__all__ = [
    "FORMAT",
    "VERSION",
    "ImportRefused",
    "conversation_load",
    "conversation_rows",
    "workbook_empty",
    "workbook_export",
    "workbook_import",
]
