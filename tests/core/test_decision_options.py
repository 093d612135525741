"""Decision.normalize's test of an answer among the options (core/decision.py's _in_options):
compiled, a C loop comparing an int of one digit with the list's ints by value (decision.pxd's
sgs_int_in_list, docs/performance.md step 117c), where `in` compared each item through its
richcompare. It answers as `in` does: an equal int that is another object, a negative one, a
big one, an item of another type equal to the int (a float), an item whose comparison raises
(the error raised), an option list that is not a list; pure Python is `in` itself."""
import pytest

from core import engine as E
from core.decision import Decision, new_decision


class _Raises:
    def __eq__(self, other):
        raise ZeroDivisionError("compared")

    __hash__ = object.__hash__


def _q(kind, options, lo=1, hi=1):
    return new_decision(kind, 0, options, lo, hi, "test")


def _n(s):
    return int(s)   # an int object of its own (not the one a literal or the small ints share)


def test_an_answer_is_among_the_options_by_value():
    big = 2 ** 40
    opts = [3, _n("1000"), _n("-7"), big, _n("70000")]
    d = _q(4, opts)
    for v in (3, _n("1000"), _n("-7"), _n(str(big)), _n("70000")):
        assert d.normalize(v) == v   # (each but 3 another object than its option)
    for v in (5, _n("1001"), 7, -3, _n(str(big + 1)), 0):
        with pytest.raises(E.IllegalAnswer, match="not among the options"):
            d.normalize(v)
    # the big option (more than one digit) never equals a small answer with its low digit
    d2 = _q(5, [big + 3, 2 ** 30 + 3])
    with pytest.raises(E.IllegalAnswer, match="not among the options"):
        d2.normalize(3)


def test_the_choices_of_a_card_choice_are_among_the_options_by_value():
    d = _q(2, [_n("300"), _n("301"), _n("302")], 1, 2)
    assert d.normalize([_n("302"), _n("300")]) == (302, 300)
    with pytest.raises(E.IllegalAnswer, match="not among the options"):
        d.normalize([_n("300"), _n("303")])


def test_an_option_of_another_type_is_compared_as_in_compares_it():
    d = _q(4, [1.5, 4.0])
    assert d.normalize(4) == 4   # 4 == 4.0, as `4 in [1.5, 4.0]`
    with pytest.raises(E.IllegalAnswer):
        d.normalize(2)
    r = _Raises()
    d = _q(4, [1, r, 2])
    assert d.normalize(1) == 1   # found before the item that raises
    with pytest.raises(ZeroDivisionError, match="compared"):
        d.normalize(2)
    d = Decision(4, 0, [1, 2], 1, 1)
    d.options = None
    with pytest.raises(TypeError):
        d.normalize(1)


class _Seat(int):
    """An int subclass (an IntEnum's kind): normalized to its int value."""


def test_a_choice_of_exact_ints_is_its_own_tuple_and_anything_else_a_tuple_of_ints():
    # step 157d: a tuple of exactly ints is answered as itself (nothing copied); a list, or a
    # choice holding an int subclass, a new tuple of exact ints; illegal choices still raise
    for kind in (2, 3):
        d = _q(kind, [4, 5, 6, 7], 1, 3)
        t = (5, 7)
        assert d.normalize(t) is t
        got = d.normalize([7, 4])
        assert got == (7, 4) and type(got) is tuple
        sub = d.normalize((_Seat(6), 4))
        assert sub == (6, 4) and [type(e) for e in sub] == [int, int]
        for bad in ((5, 5), (1,), (4, 5, 6, 7), (True,), 5):
            with pytest.raises(E.IllegalAnswer):
                d.normalize(bad)
