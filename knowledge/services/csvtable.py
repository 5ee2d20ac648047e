"""An uploaded CSV as a table: Excel's padding trimmed, its shape checked in Chinese.

The admin import reads a file here before any row is checked: a file that is
not a table of our rows (empty, header only, the wrong delimiter, rows longer
or shorter than the header) is refused with one Chinese sentence.
"""

import csv
import io

import tablib

EXCEL_HELP = "请在 Excel 里用“另存为 → CSV UTF-8（逗号分隔）”保存后再导入。"
DELIMITERS = {";": "分号（;）", "\t": "制表符（Tab）", "，": "中文逗号（，）"}
SHOWN = 5  # rows named in a message; the rest are counted


def _blank(cells: list[str]) -> bool:
    return not any(cell.strip() for cell in cells)


def _records(text: str) -> list[tuple[int, list[str]]]:
    # (first physical line, cells) of every record; a blank line is no record.
    reader = csv.reader(io.StringIO(text, newline=""))
    found, previous = [], 0
    for cells in reader:
        if cells:
            found.append((previous + 1, cells))
        previous = reader.line_num
    return found


def _padding_trimmed(records):
    # Excel's "CSV UTF-8" keeps rows and columns that were once formatted:
    # trailing rows of bare commas, and trailing columns with no name and no value.
    while len(records) > 1 and _blank(records[-1][1]):
        records.pop()
    header = records[0][1]
    while len(header) > 1 and not header[-1].strip():
        if any(
            len(cells) >= len(header) and cells[len(header) - 1].strip()
            for _, cells in records[1:]
        ):
            break
        header = header[:-1]
    width = len(header)
    return [
        (line, cells[:width] if len(cells) > width and _blank(cells[width:]) else cells)
        for line, cells in [(1, header), *records[1:]]
    ]


def _ragged(wrong: list[tuple[int, int]], width: int) -> str:
    named = "；".join(f"第 {line} 行有 {n} 个字段" for line, n in wrong[:SHOWN])
    more = f"等 {len(wrong)} 行" if len(wrong) > SHOWN else ""
    return (
        f"表头有 {width} 列，但{named}{more}。"
        "多半是某个单元格里有英文逗号却没加引号（或少了引号）。"
        f"{EXCEL_HELP}"
    )


def csv_table(*, text: str) -> tablib.Dataset:
    """Return the decoded upload as a dataset; refuse in Chinese what is no table.

    Raises:
        ValueError: with the Chinese reason, shown under the file field.
    """
    records = _records(text)
    if not records or (len(records) == 1 and _blank(records[0][1])):
        raise ValueError("文件是空的：没有表头，也没有数据行。")
    if records[0][0] != 1 or _blank(records[0][1]):
        raise ValueError("第 1 行应该是表头（列名），这个文件的第 1 行是空的。")
    records = _padding_trimmed(records)
    header = records[0][1]
    if len(header) == 1:
        for delimiter, name in DELIMITERS.items():
            if delimiter in header[0]:
                raise ValueError(
                    f"这个文件的列是用{name}分隔的，应该用英文逗号（,）。{EXCEL_HELP}"
                )
    if len(records) == 1:
        raise ValueError("文件里只有表头，没有数据行：没有可以导入的内容。")
    widths = {len(cells) for _, cells in records[1:]}
    if len(widths) == 1 and (width := widths.pop()) != len(header):
        raise ValueError(
            f"表头有 {len(header)} 列，而每一行数据都有 {width} 个字段："
            "多半是表头少写或多写了列名，请对照“导出”的文件改表头。"
        )
    if wrong := [
        (line, len(cells)) for line, cells in records[1:] if len(cells) != len(header)
    ]:
        raise ValueError(_ragged(wrong, len(header)))
    dataset = tablib.Dataset(*(cells for _, cells in records[1:]), headers=header)
    # Each row's physical line in the file (a quoted cell can span lines, a blank
    # line is skipped), so a bad row is named by the line the admin's editor shows.
    dataset.file_lines = [line for line, _ in records[1:]]
    return dataset
