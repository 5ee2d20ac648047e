"""The guidance scan with controlled time: due selection, episodes, cap, idempotency."""

import threading
from datetime import timedelta

import pytest

from django.db import connection
from django.test import override_settings
from django.utils import timezone

from coach import services
from coach.models import Answer, CoachingSession, Guidance
from coach.services.nudges import guidance_scan, session_scan
from coach.services.profile import profile_update
from coach.tasks import guidance_scan as guidance_scan_task


def at(seconds: float):
    """Return a time ``seconds`` from now."""
    return timezone.now() + timedelta(seconds=seconds)


@pytest.fixture
def person(knowledge):
    session = CoachingSession.objects.create()
    services.focus_set(session=session, question_id="V02")
    return session


def test_nothing_is_due_right_after_activity(person):
    assert guidance_scan(now=at(1)) == 0
    assert not Guidance.objects.exists()


def test_idle_session_gets_one_idle_nudge_per_episode(person):
    services.preference_set(session=person, guide_mode="normal")
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        assert guidance_scan(now=at(601)) == 1
        assert guidance_scan(now=at(1200)) == 0  # same episode: never twice
    nudge = Guidance.objects.get()
    assert nudge.trigger == "idle_timeout"
    assert "10分钟" in nudge.text and nudge.question_id == "V02"
    assert nudge.examples and nudge.guide_questions
    person.refresh_from_db()
    assert person.guide_due_at is None


def test_activity_starts_a_new_episode_and_cancels_the_pending_nudge(person):
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        guidance_scan(now=at(601))
        pending = Guidance.objects.get()
        services.answer_save(
            session=person,
            question_id="V02",
            text="我换工作时最看重能不能自己安排时间和节奏。",
        )
        pending.refresh_from_db()
        assert pending.cancelled_at is not None
        assert guidance_scan(now=at(1300)) == 1
    assert Guidance.objects.count() == 2


def test_quiet_mode_gets_no_nudge_at_all(person):
    services.answer_save(session=person, question_id="V01", text="自由")
    services.preference_set(session=person, guide_mode="quiet")
    person.refresh_from_db()
    assert person.guide_due_at is None  # the scan never even looks at it
    # Even if something scheduled it before the switch reached this row:
    CoachingSession.objects.filter(pk=person.pk).update(guide_due_at=at(0))
    for seconds in (31, 601, 901, 3600):
        assert guidance_scan(now=at(seconds)) == 0
    assert not Guidance.objects.exists()


def test_quiet_off_again_does_not_repeat_the_same_stuck_nudge(person):
    with override_settings(GUIDE_IDLE_TIMEOUT=3600, GUIDE_STRATEGIES=_idle(3600)):
        assert guidance_scan(now=at(601)) == 1  # stuck on V02
        delivered = list(Guidance.objects.values_list("pk", flat=True))
        services.guidance_mark_delivered(session=person, guidance_ids=delivered)
        services.preference_set(session=person, guide_mode="quiet")
        services.preference_set(session=person, guide_mode="normal")
        services.focus_set(session=person, question_id="V02")  # a reconnect
        assert guidance_scan(now=at(640)) == 0
        assert guidance_scan(now=at(1300)) == 0
    assert list(Guidance.objects.values_list("trigger", "question_id")) == [
        ("stuck", "V02")
    ]


def test_a_new_visit_to_the_question_may_be_nudged_again(person):
    with override_settings(GUIDE_IDLE_TIMEOUT=3600, GUIDE_STRATEGIES=_idle(3600)):
        assert guidance_scan(now=at(601)) == 1
        Guidance.objects.update(delivered_at=timezone.now())
        services.focus_set(session=person, question_id="V03")
        services.focus_set(session=person, question_id="V02")
        CoachingSession.objects.filter(pk=person.pk).update(guide_due_at=at(0))
        assert guidance_scan(now=at(1300)) == 1
    assert Guidance.objects.count() == 2


def test_welcome_back_only_after_the_page_was_left(person):
    with override_settings(
        GUIDE_IDLE_TIMEOUT=30, GUIDE_STRATEGIES=_without("stuck", idle=30)
    ):
        services.presence_set(session=person, visible=True)
        assert guidance_scan(now=at(31)) == 1  # idle, page on screen all along
        Guidance.objects.update(delivered_at=timezone.now())
        services.focus_set(session=person, question_id="V02")
        services.presence_set(session=person, visible=False)
        CoachingSession.objects.filter(pk=person.pk).update(away_since=at(-300))
        assert guidance_scan(now=at(62)) == 1
    on_screen, left = Guidance.objects.order_by("created_at")
    assert "欢迎回来" not in on_screen.text and "回来啦" not in on_screen.text
    assert left.text.startswith(("欢迎回来", "回来啦"))


def test_short_answer_is_nudged_after_it_settles(person):
    services.answer_save(session=person, question_id="V01", text="自由")
    assert guidance_scan(now=at(5)) == 0  # still typing, perhaps
    assert guidance_scan(now=at(31)) == 1
    nudge = Guidance.objects.get()
    assert nudge.trigger == "vague_answer"  # a lone label is vague before short
    services.answer_save(session=person, question_id="V01", text="外婆六十岁学画画")
    assert guidance_scan(now=at(62)) == 1
    assert Guidance.objects.order_by("-created_at").first().trigger == "short_answer"


def test_a_good_answer_is_judged_once_and_not_nudged(person):
    services.answer_save(
        session=person,
        question_id="V01",
        text="我最敬佩外婆，她六十岁开始学画画，一直坚持到现在，从不抱怨。",
    )
    assert guidance_scan(now=at(31)) == 0
    person.refresh_from_db()
    assert person.answer_judged_at is not None
    assert person.guide_due_at is not None  # idle and stuck are still ahead


def test_stuck_on_one_question_without_changing_its_answer(person):
    with override_settings(GUIDE_IDLE_TIMEOUT=3600, GUIDE_STRATEGIES=_idle(3600)):
        services.answer_save(
            session=person,
            question_id="V03",
            text="大学时筹备公益支教，连续三个月每个周末都在跑学校。",
        )
        services.focus_set(session=person, question_id="V04")
        assert guidance_scan(now=at(400)) == 0
        assert guidance_scan(now=at(601)) == 1
    nudge = Guidance.objects.get()
    assert nudge.trigger == "stuck" and nudge.question_id == "V04"


def test_at_most_three_nudges_an_hour(person):
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        for minute in range(0, 50, 11):
            services.activity_mark(session=person)
            guidance_scan(now=at(minute * 60 + 601))
    assert Guidance.objects.filter(session=person).count() == 3


def test_finished_session_gets_no_nudge(person):
    CoachingSession.objects.filter(pk=person.pk).update(finished_at=timezone.now())
    assert guidance_scan(now=at(3600)) == 0


def test_scan_only_reads_due_sessions(person, django_assert_max_num_queries):
    for _ in range(50):
        CoachingSession.objects.create()  # never active: nothing due
    with django_assert_max_num_queries(1):
        assert guidance_scan(now=at(1)) == 0


def test_rerun_and_redelivered_task_never_duplicate(person):
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        due = at(601)
        first = session_scan(session_id=person.pk, now=due)
        assert first is not None
        CoachingSession.objects.filter(pk=person.pk).update(guide_due_at=due)
        assert session_scan(session_id=person.pk, now=due) is None
        guidance_scan_task()  # a redelivered task runs the whole scan again
    assert Guidance.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_scans_racing_create_one_nudge(knowledge):
    person = CoachingSession.objects.create()
    services.activity_mark(session=person)
    due = at(601)
    results = []

    def scan():
        try:
            results.append(guidance_scan(now=due))
        finally:
            connection.close()

    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        threads = [threading.Thread(target=scan) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert sorted(results) == [0, 1]
    assert Guidance.objects.count() == 1
    assert Answer.objects.count() == 0


def _without(name: str, idle: int | None = None) -> dict:
    from django.conf import settings

    strategies = {k: dict(v) for k, v in settings.GUIDE_STRATEGIES.items()}
    strategies[name]["enabled"] = False
    if idle is not None:
        strategies["idle_timeout"]["timeout"] = idle
    return strategies


def _idle(timeout: int) -> dict:
    from django.conf import settings

    strategies = {k: dict(v) for k, v in settings.GUIDE_STRATEGIES.items()}
    strategies["idle_timeout"]["timeout"] = timeout
    return strategies


def _idle_people(count: int) -> list[CoachingSession]:
    people = [CoachingSession.objects.create() for _ in range(count)]
    for person in people:
        services.activity_mark(session=person)
        services.answer_save(
            session=person, question_id="V01", text="我最看重能自己安排时间。"
        )
        profile_update(session=person, data={"nickname": f"小{person.pk}"})
    return people


def _scan_queries(count: int) -> int:
    from django.test.utils import CaptureQueriesContext

    _idle_people(count)
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        with CaptureQueriesContext(connection) as queries:
            assert guidance_scan(now=at(3600)) == count
    Guidance.objects.all().delete()
    CoachingSession.objects.all().delete()
    return len(queries)


def test_a_chunk_costs_the_same_queries_for_ten_or_fifty_nudges(knowledge):
    # Reading answers, profiles and recent nudges, and writing nudges and
    # schedules, is done per chunk: fifty nudges cost no more round trips than ten.
    _scan_queries(1)  # a worker's first scan also loads the knowledge index
    ten = _scan_queries(10)
    fifty = _scan_queries(50)
    assert fifty == ten
    assert ten <= 12


def test_one_chunk_mixes_nudged_capped_and_rescheduled_sessions(knowledge):
    idle, answered, finished = _idle_people(3)
    Guidance.objects.create(
        session=answered, trigger="idle_timeout", episode=answered.activity_episode,
        text="早先的提醒",
    )  # fmt: skip
    CoachingSession.objects.filter(pk=finished.pk).update(finished_at=timezone.now())
    CoachingSession.objects.update(guide_due_at=at(-1))
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        assert guidance_scan(now=at(3600)) == 1
    nudge = Guidance.objects.get(session=idle)
    assert nudge.trigger == "short_answer" and nudge.question_id == "V01"
    assert Guidance.objects.filter(session=answered).count() == 1  # not twice
    for person in (idle, answered, finished):
        person.refresh_from_db()
        assert person.guide_due_at is None


def test_activity_during_the_scan_voids_its_nudge_and_keeps_the_new_schedule(
    knowledge, monkeypatch
):
    from coach.services import nudges

    person = _idle_people(1)[0]
    judge = nudges._judge

    def judge_then_person_types(session, answers, recent, now):
        verdict = judge(session, answers, recent, now)
        services.answer_save(session=person, question_id="V02", text="刚想起来一件事")
        return verdict

    monkeypatch.setattr(nudges, "_judge", judge_then_person_types)
    with override_settings(GUIDE_STRATEGIES=_without("stuck")):
        assert guidance_scan(now=at(3600)) == 0
    assert not Guidance.objects.exists()
    person.refresh_from_db()
    assert person.guide_due_at is not None  # the new episode's own deadline
