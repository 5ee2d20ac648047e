"""An ordinal about the last reply's own list ("第二点怎么写", "第二个展开说说").

After a rewrite's numbered asks (kept in ``pending["points"]``), point N is
said again with how to write it: one line, a fill-in frame, nothing of theirs
invented. After a reply that gave one example, "第二个" is told plainly that
there was one, and gets another of the same kind.
"""

from __future__ import annotations

import re

from agent.dialogue import entities
from agent.dialogue.realise import Draft, Turn

ORDINAL_WORDS = "零一二三四五六七八九"
# What each kind of ask wants, as one line to add, and a frame to fill.
HOW = (
    (r"时候|在哪", "补一句时间和地方", "「那年……，在……」"),
    (r"做了什么|说了什么|怎么做", "补你当时动手做的那一步", "「我先……，然后……」"),
    (r"感觉|感受", "补一句做完后心里的感觉", "「做完我觉得……」"),
    (r"数字|几年|几次", "补一个数", "「前后……年」或「……次」"),
    (r"哪件事|哪一刻|哪一段", "写出那一件事", "「有一次……」"),
    (r"找谁", "写下第一个要找的人", "「先找……」"),
    (r"收多少", "写一个先试的价", "「第一次收……元」"),
    (r"早中晚|和谁", "按时间写：早上、白天、晚上各在做什么", "「早上……，白天……」"),
)


def _n(text: str) -> int:
    m = entities.ORDINAL.search(text)
    return entities.ORDINALS.get(m.group(1), 1) if m else 1


def point(t: Turn) -> Draft:
    """Return point N of the last numbered asks, with how to write it."""
    points: list[str] = t.d.pending.get("points") or []
    n = _n(t.ctx.text or "")
    keep = {**t.d.pending}
    if not 0 < n <= len(points):
        return Draft(
            [
                [
                    f"刚才只列了{len(points)}点，没有第{ORDINAL_WORDS[n]}点；你想先补哪一点？"
                ]
            ],
            pending=keep,
        )
    ask = points[n - 1]
    how, frame = next(
        ((h, f) for pat, h, f in HOW if re.search(pat, ask)),
        ("补一句就够", "「……」"),
    )
    where = f"第{t.ctx.question['number']}题" if t.ctx.question else "这题"
    return Draft(
        [
            [
                f"第{ORDINAL_WORDS[n]}点问的是{ask}：{how}，接在你{where}原来那句后面，"
                f"照这个填：{frame}。只写真发生过的，想不起来就先空着。"
            ]
        ],
        rows=[],
        pending=keep,
    )


def one_example(t: Turn) -> Draft:
    """Return "第二个" after a single example: said so, then another example."""
    from agent.dialogue.realise.examples import examples

    n = _n(t.ctx.text or "")
    more = examples(t)
    lead = f"刚才只举了一个例子，没有第{ORDINAL_WORDS[n]}个。"
    more.options = [[lead + (o[0] if o else ""), *o[1:]] for o in more.options]
    return more


ACTS = {"point": point, "one_example": one_example}
