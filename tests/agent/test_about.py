"""The question a reply is about: the one it names, else the message's."""

from dataclasses import dataclass

from agent.about import reply_question


@dataclass
class Q:
    id: str
    step: str
    number: int


QUESTIONS = [
    *(Q(f"V0{n}", "values_exploration", n) for n in range(1, 6)),
    *(Q(f"S0{n}", "strengths_exploration", n) for n in range(1, 6)),
]


def about(text: str, default: str = "V01", step: str = "values_exploration") -> str:
    return reply_question(text, default=default, step=step, questions=QUESTIONS)


def test_a_reply_recommending_another_question_is_about_that_one():
    assert about("不如先从第4题开始，比如写一个你佩服的人。") == "V04"


def test_a_step_title_points_to_that_steps_question():
    assert about("可以去看看擅长的事·第2题。") == "S02"
    assert about("S03 那题也值得一写。") == "S03"


def test_no_name_or_several_keeps_the_messages_question():
    assert about("价值观就是你做选择时最看重的东西。") == "V01"
    assert about("第2题和第4题可以一起想。") == "V01"
    assert about("第9题") == "V01"  # no such question in this step


def test_the_messages_question_itself_is_fine():
    assert about("（关于第5题）先想一个场景。", default="V05") == "V05"


def test_without_a_question_a_bare_number_uses_the_step():
    assert about("先做第3题吧", default="", step="strengths_exploration") == "S03"


def test_the_asked_about_note_does_not_count_as_naming():
    text = "（关于第1题）这题先放一放，不如先从第4题开始。"
    assert about(text) == "V04"
