"""What a reply must never say once risk was seen: how to do it.

A model's reply in a session that was flagged (or whose message carried a
possible risk) is read for method details — doses, pill counts, heights,
places to jump, how to cut, tie or gas — and replaced with care if it has any.
The offline coach never writes them; this guards a model that might.
"""

from __future__ import annotations

import re

METHOD = re.compile(
    r"\d+\s*(?:片|粒|颗|毫克|mg|克|瓶)|剂量|致死|多少片|几片|"
    r"\d+\s*(?:层|楼|米)(?:以上|高)?.{0,6}(?:跳|摔|坠)|(?:跳|摔|坠).{0,6}\d+\s*(?:层|楼|米)|"
    r"(?:怎么|如何|怎样|方法|步骤).{0,6}(?:割|划|上吊|烧炭|跳|吞|自杀|结束生命)|"
    r"(?:绳|绳子).{0,6}(?:打结|系在|挂)|煤气.{0,6}(?:打开|开着)|门窗.{0,4}密封|"
    r"\b(?:dose|dosage|lethal|mg)\b|how\s*to\s*(?:cut|hang|overdose|jump)",
    re.I,
)


def method_details(text: str) -> bool:
    """Return whether ``text`` gives any detail of a way to harm."""
    return bool(METHOD.search(text or ""))
