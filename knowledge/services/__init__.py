"""Write side of the knowledge base: loading, exporting, edits, version, gap log."""

from knowledge.services.export import csv_text, knowledge_export, workbook_text
from knowledge.services.gaps import gap_record, gaps_forget
from knowledge.services.load import (
    Counts,
    KnowledgeConflict,
    KnowledgeInvalid,
    knowledge_files_sync,
    knowledge_load,
    knowledge_seed_if_empty,
)
from knowledge.services.records import record_delete, record_save, records_delete
from knowledge.services.version import knowledge_version_bump

__all__ = [
    "Counts",
    "KnowledgeConflict",
    "KnowledgeInvalid",
    "csv_text",
    "gap_record",
    "gaps_forget",
    "knowledge_export",
    "knowledge_files_sync",
    "knowledge_load",
    "knowledge_seed_if_empty",
    "knowledge_version_bump",
    "record_delete",
    "record_save",
    "records_delete",
    "workbook_text",
]
