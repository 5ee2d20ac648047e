"""The coach's suggested candidate for one step-4 field ("让教练给建议")."""

from coach.models import CoachingSession
from coach.results.build import results_build
from coach.results.candidates import suggestion_text
from coach.results.edits import ResultsInvalid, candidate_ids
from coach.selectors import answers_by_question


def candidate_suggest(*, session: CoachingSession, question_id: str) -> str:
    """Return a candidate for field ``question_id`` built from the person's answers.

    Candidates already written into a field are skipped, so each field gets a
    different one; field C02 starts at the second suggestion.

    Raises:
        ResultsInvalid: not a candidate field, or too few answers to combine.
    """
    ids = candidate_ids()
    if question_id not in ids:
        raise ResultsInvalid("这个问题不是“想做的事”的候选栏。")
    answers = answers_by_question(session=session)
    written = [answers.get(qid, "") for qid in ids if qid != question_id]
    pool = [
        c
        for c in results_build(session=session)["candidates"]
        if not any(c["statement"] in text for text in written)
    ]
    if not pool:
        raise ResultsInvalid(
            "先在“擅长的事”和“喜欢的事”各写几题，教练才能用你的回答组合出建议。"
        )
    return suggestion_text(pool[ids.index(question_id) % len(pool)])
