"""Pure detectors for proactive guidance (seed 003 §7.1). No I/O here.

Vague-answer rules (documented in docs/guidance.md):
1. generic filler: after removing spaces/punctuation the whole answer is a
   stock phrase such as 不知道 还好 没什么 一般 随便 都行 说不上来
   (``agent.dialogue.lexicon.SHRUGS``, shared with the nudges that answer it);
2. filler-led: it starts with such a phrase and adds at most 4 more characters
   (不知道吧, 还好吧其实);
3. repetition: one character repeated, or at most 2 distinct characters in 4+
   (啊啊啊啊, 哈哈哈哈, 111111);
4. a lone label: the whole answer is just the name of a value, talent or field
   from the knowledge base (自由, 成长, 钻研到底) — a label without the story
   behind it. The caller passes the matching names, keeping this function pure.
"""

from datetime import datetime, timedelta


def content_chars(text: str) -> str:
    """Return the letters and digits of ``text`` (spaces and punctuation dropped)."""
    # The agent reads answers the same way; one definition, loaded on first use.
    from agent.api import content_chars as letters

    return letters(text)


def char_count(text: str) -> int:
    """Count characters as a person would: each CJK character one, no punctuation."""
    return len(content_chars(text))


def is_short(text: str, *, threshold: int) -> bool:
    """Return whether a non-empty answer has fewer than ``threshold`` characters."""
    count = char_count(text)
    return 0 < count < threshold


def is_vague(text: str, *, labels: frozenset[str] = frozenset()) -> bool:
    """Return whether an answer is generic or empty of content (rules above)."""
    core = content_chars(text).lower()
    if not core:
        return False
    from agent.api import is_shrug

    if is_shrug(text):
        return True
    if len(core) >= 4 and len(set(core)) <= 2:
        return True
    return core in {content_chars(label).lower() for label in labels}


def idle_deadline(
    *, last_activity: datetime, quiet: bool, idle_timeout: int, quiet_timeout: int
) -> datetime:
    """Return when a session becomes idle."""
    return last_activity + timedelta(seconds=quiet_timeout if quiet else idle_timeout)


def stuck_deadline(
    *, focus_since: datetime | None, answer_changed: datetime | None, stuck_timeout: int
) -> datetime | None:
    """Return when a person on one question counts as stuck (None: no focus)."""
    if focus_since is None:
        return None
    start = max(focus_since, answer_changed) if answer_changed else focus_since
    return start + timedelta(seconds=stuck_timeout)


def is_due(deadline: datetime | None, now: datetime) -> bool:
    """Return whether a deadline has passed."""
    return deadline is not None and deadline <= now
