"""The coach's suggested candidate for one step-4 field ("让教练给建议").

A suggestion, never a write: the page shows it beside the field, and only the
person's click puts it into their text (and can take it out again).
"""

from coach.models import CoachingSession
from coach.results.build import results_build
from coach.results.edits import ResultsInvalid, candidate_ids
from coach.selectors import answers_by_question


def candidate_suggest(*, session: CoachingSession, question_id: str) -> str:
    """Return a candidate for field ``question_id``: names and the person's quotes.

    Built from a confirmed talent × field pair (``candidates.suggestion_text``).
    Candidates already written into another field are skipped, so each field
    gets a different one; field C02 starts at the second suggestion.

    Raises:
        ResultsInvalid: not a candidate field, or no talent and field to combine.
    """
    ids = candidate_ids()
    if question_id not in ids:
        raise ResultsInvalid("这个问题不是“想做的事”的候选栏。")
    answers = answers_by_question(session=session)
    written = [answers.get(qid, "") for qid in ids if qid != question_id]
    texts = [c["suggestion"] for c in results_build(session=session)["candidates"]]
    pool = [t for t in texts if not any(t in w for w in written)]
    if not pool:
        raise ResultsInvalid(
            "还没有可以组合的才能和领域：先在“擅长的事”和“喜欢的事”里多写几题，"
            "或到结果页确认教练找到的线索。"
        )
    return pool[ids.index(question_id) % len(pool)]
