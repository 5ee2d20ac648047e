"""Which encoding a CSV was saved in, and whether the text it gives looks Chinese.

GB18030 decodes almost any bytes, so a file saved in another code page (a
Japanese Shift-JIS file, most often) still "decodes", into rare characters and
kana. After a GB18030 or Big5 guess the text is checked: mostly rare characters
is refused, a few is a warning the import preview shows above its confirm button.
"""

import codecs
import unicodedata
from dataclasses import dataclass

from charset_normalizer import from_bytes

SAVE_AS_UTF8 = "请用 UTF-8 保存后再导入（Excel：另存为 →“CSV UTF-8（逗号分隔）”）。"
ENCODING_HELP = (
    "无法识别文件编码："
    + SAVE_AS_UTF8
    + "也支持带 BOM 的 UTF-8、UTF-16、GB18030/GBK 和 Big5。"
)
REFUSE_SHARE = 0.25  # of the non-ASCII characters: clearly not Chinese text
REFUSE_AT_LEAST = 3  # a single rare name in a tiny file is only a warning
WARN_SHARE = 0.01  # the real data/ files have at most 0.02 % (one 啰)
EXAMPLES = 8
CHINESE = ("gb18030", "big5")
NOT_CHINESE = {  # charset-normalizer's guesses worth naming in the message
    "cp932": "日文（Shift-JIS）",
    "shift_jis": "日文（Shift-JIS）",
    "shift_jis_2004": "日文（Shift-JIS）",
    "euc_jp": "日文（EUC-JP）",
    "euc_jis_2004": "日文（EUC-JP）",
    "cp949": "韩文（EUC-KR）",
    "euc_kr": "韩文（EUC-KR）",
}


@dataclass(frozen=True)
class Decoded:
    """A file's text, the encoding it was read in, and a warning if it looks wrong."""

    text: str
    encoding: str
    warning: str = ""


def _common(ch: str) -> bool:
    # Everyday Chinese: GB2312's 6,763 simplified or Big5's 5,401 frequent characters
    # (traditional text saved as GBK is fine too). Shift-JIS read as GB18030 is not.
    try:
        ch.encode("gb2312")
        return True
    except UnicodeEncodeError:
        pass
    try:
        return ch.encode("big5")[0] < 0xC9
    except UnicodeEncodeError:
        return False


def _odd(ch: str) -> int:
    # 2: never in a Chinese file (kana, hangul, unassigned, private use);
    # 1: a Chinese character rare in everyday text; 0: ordinary.
    if ch == "\ufffd" or unicodedata.category(ch) in ("Co", "Cn", "Cs"):
        return 2
    name = unicodedata.name(ch, "")
    if name.startswith(("HIRAGANA", "KATAKANA", "HANGUL", "HALFWIDTH KATAKANA")):
        return 2
    return int(name.startswith("CJK UNIFIED IDEOGRAPH") and not _common(ch))


@dataclass(frozen=True)
class _Reading:
    text: str
    encoding: str
    odd: int  # rare or impossible characters
    foreign: int  # of them impossible in Chinese text
    wide: int  # non-ASCII, non-space characters
    examples: str


def _reading(raw: bytes, encoding: str) -> _Reading | None:
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError:
        return None
    wide = [ch for ch in text if ord(ch) > 127 and not ch.isspace()]
    kinds = [(ch, _odd(ch)) for ch in wide]
    odd = [ch for ch, kind in kinds if kind]
    foreign = sum(1 for _, kind in kinds if kind == 2)
    examples = "".join(dict.fromkeys(odd))[:EXAMPLES]
    return _Reading(text, encoding, len(odd), foreign, len(wide), examples)


def _likely(raw: bytes) -> str:
    guess = from_bytes(raw).best()
    name = NOT_CHINESE.get(guess.encoding, "") if guess else ""
    return f"它看起来是用{name}编码保存的。" if name else ""


def upload_decode(*, raw: bytes) -> Decoded:
    """Decode a CSV as people save them; refuse or warn when it is likely mojibake.

    BOMs decide first; then strict UTF-8; otherwise charset-normalizer picks
    between GB18030 and Big5 (never simply GB18030: it decodes a Big5 file too).

    Raises:
        ValueError: with a Chinese reason, when no encoding fits or the text
            read is mostly characters Chinese files do not hold.
    """
    boms = {codecs.BOM_UTF8: "utf-8-sig", codecs.BOM_UTF16_LE: "utf-16"}
    boms[codecs.BOM_UTF16_BE] = "utf-16"
    for bom, encoding in boms.items():
        if raw.startswith(bom):
            try:
                return Decoded(raw.decode(encoding), encoding)
            except UnicodeDecodeError:
                raise ValueError(ENCODING_HELP) from None
    try:
        return Decoded(raw.decode("utf-8"), "utf-8")
    except UnicodeDecodeError:
        pass
    best = from_bytes(raw, cp_isolation=list(CHINESE)).best()
    if best is None:
        raise ValueError(_likely(raw) + ENCODING_HELP)
    # charset-normalizer may read a tiny GBK file as Big5 (自由 as 赻蚕): its guess
    # stands unless it reads rare characters and the other code page reads none.
    # (Only then: a Japanese EUC-JP file reads as common Big5 characters.)
    read = _reading(raw, best.encoding) or _Reading(
        str(best), best.encoding, 0, 0, 0, ""
    )
    for other in CHINESE:
        alternative = _reading(raw, other) if read.odd else None
        if alternative and alternative.odd == 0:
            read = alternative
    return _judged(read, raw)


def _judged(read: _Reading, raw: bytes) -> Decoded:
    # Refuse a reading that is mostly rare characters; warn about a few.
    where = (
        f"按 {read.encoding.upper()} 读出的 {read.wide} 个非英文字符里有 {read.odd} 个"
    )
    if read.odd >= REFUSE_AT_LEAST and read.odd >= REFUSE_SHARE * read.wide:
        raise ValueError(
            f"这个文件不像中文：{where}是中文文件里少见的字或日文假名"
            f"（例如：{read.examples}），多半是编码不对造成的乱码。{_likely(raw)}"
            f"为免导入乱码，没有导入。{SAVE_AS_UTF8}"
        )
    warning = ""
    if read.foreign or (read.odd and read.odd >= WARN_SHARE * read.wide):
        warning = (
            f"注意：这个文件不是 UTF-8 编码，{where}少见的字（例如：{read.examples}），"
            "可能是乱码。确认导入前请核对下面的文字；如果不对，" + SAVE_AS_UTF8
        )
    return Decoded(read.text, read.encoding, warning)


def text_decode(raw: bytes) -> str:
    """Return a CSV's text (see upload_decode); a warning is the preview's business."""
    return upload_decode(raw=raw).text
