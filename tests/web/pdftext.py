"""Read back a reportlab PDF in tests: its pages, fonts and the text it shows."""

import base64
import re
import zlib

ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def _literal(raw: bytes) -> bytes:
    """Undo a PDF literal string's backslash escapes (octal and single chars)."""
    out, i = bytearray(), 0
    while i < len(raw):
        if raw[i : i + 1] == b"\\":
            octal = re.match(rb"[0-7]{1,3}", raw[i + 1 : i + 4])
            if octal:
                out.append(int(octal.group(), 8) & 0xFF)
                i += 1 + len(octal.group())
                continue
            nxt = raw[i + 1 : i + 2]
            out += ESCAPES.get(nxt, nxt)
            i += 2
            continue
        out += raw[i : i + 1]
        i += 1
    return bytes(out)


def pdf_streams(pdf: bytes) -> list[bytes]:
    """Return the PDF's streams decoded (reportlab: ASCII85 then Flate)."""
    out = []
    for match in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        raw = match.group(1).strip()
        try:
            if raw.endswith(b"~>"):
                raw = base64.a85decode(raw, adobe=True)
            out.append(zlib.decompress(raw))
        except (ValueError, zlib.error):
            out.append(raw)
    return out


def pdf_text(pdf: bytes) -> str:
    """Return the text the CID font (UniGB-UCS2-H: UTF-16BE codes) shows, joined."""
    shown = []
    for stream in pdf_streams(pdf):
        for raw in re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", stream, re.S):
            data = _literal(raw)
            if len(data) % 2 == 0:
                shown.append(data.decode("utf-16-be", errors="replace"))
    return "\n".join(shown)


def pdf_pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page\b", pdf))
