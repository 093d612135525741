"""Decision.normalize's first test (step 178a): a legal answer that is exactly an int (the agents'
answers) is its own canonical form, with no _is_int/bool test nor int() copy; every other answer
(illegal, a bool, an int subclass, a list) goes through the tests below it, which answer and
raise as before. The `valid` constraint is applied to both."""
import pytest

from core import engine as E
from core.decision import Decision


class _Seat(int):
    """An int subclass (an IntEnum's kind): normalized to its int value."""


def _n(s):
    return int(s)   # an int object of its own (not a shared small int)


def test_a_legal_exact_int_is_answered_as_itself():
    big = 2 ** 40
    cases = [(0, [], (0, 1)), (1, ["a", "b", "c"], (0, 1, 2)),
             (4, [3, 9, big], (3, 9, _n(str(big)))), (5, [7, -5], (7, -5))]
    for kind, opts, answers in cases:
        d = Decision(kind, 0, opts)
        for a in answers:
            got = d.normalize(a)
            assert got == a and type(got) is int


def test_an_illegal_exact_int_raises_as_before():
    bad = [(0, [], 2, "yes/no"), (0, [], -1, "yes/no"),
           (1, ["a", "b"], 2, "option answer"), (1, ["a", "b"], -1, "option answer"),
           (4, [3, 9], 4, "not among"), (5, [3, 9], -1, "passing is not allowed"),
           # -1 among the options is still a pass: refused where passing is not allowed
           (4, [-1, 3], -1, "passing is not allowed")]
    for kind, opts, a, msg in bad:
        with pytest.raises(E.IllegalAnswer, match=msg):
            Decision(kind, 0, opts).normalize(a)
    assert Decision(4, 0, [-1, 3], can_pass=True).normalize(-1) == -1


def test_bools_and_int_subclasses_take_the_tests_below():
    assert Decision(0, 0).normalize(True) == 1 and type(Decision(0, 0).normalize(True)) is int
    assert type(Decision(0, 0).normalize(_Seat(1))) is int
    for kind, opts in ((1, ["a", "b"]), (4, [0, 1])):
        with pytest.raises(E.IllegalAnswer):
            Decision(kind, 0, opts).normalize(True)
        got = Decision(kind, 0, opts).normalize(_Seat(1))
        assert got == 1 and type(got) is int
    with pytest.raises(E.IllegalAnswer, match="list of choices"):
        Decision(2, 0, [1, 2]).normalize(1)


def test_the_constraint_is_applied_to_an_exact_int():
    seen = []

    def valid(g, v):
        seen.append(v)
        return v != 1

    for kind, opts in ((0, []), (1, ["a", "b"]), (4, [0, 1])):
        d = Decision(kind, 0, opts, valid=valid)
        assert d.normalize(0) == 0
        with pytest.raises(E.IllegalAnswer, match="constraint"):
            d.normalize(1)
    assert seen == [0, 1] * 3
