"""Compiled, a dead question is kept alive for the next (core/decision.py's _decision_dealloc:
its object fields made None, what they held dropped, but a str prompt kept: step 200a;
new_decision and new_decision_list take it: docs/performance.md step 113c). Whatever a dead question held, a new one is the one Decision(...)
makes; what the dead one held dies with it; None's count and an item's are as they were once
questions have come and gone; a question something else holds is never taken. Pure Python makes
every question anew: the same answers."""
import gc
import sys
import weakref

import pytest

import core
from core.decision import Decision, new_decision

from toy import Toy

FIELDS = ("kind", "who", "options", "lo", "hi", "can_pass", "prompt", "valid", "data",
          "ordered", "game")


class _Held:
    """An item a dead question holds: its death is seen through a weak reference."""


def _fields(d):
    return {k: getattr(d, k) for k in FIELDS}


def _dirty(n, refs, g):
    """n questions whose every field holds something of its own (a game, an option list,
    a prompt, a constraint, data)."""
    out = []
    for i in range(n):
        items = [_Held() for _ in range(3)]
        refs.extend(weakref.ref(h) for h in items)
        d = new_decision(2 + i % 3, i % 5, [i, items[0]], 1, 2, "prompt %d" % i)
        d.can_pass, d.ordered = True, True
        d.valid = lambda g, v, h=items[1]: h is not None
        d.data = [items[2]]
        d.game = g
        out.append(d)
    return out


def test_a_new_question_is_a_made_ones_whatever_dead_questions_held():
    g = Toy().game(seed=1)
    for n in (1, 3, 4, 5, 40):   # below, at and past the questions kept (4)
        refs = []
        dying = _dirty(n, refs, g)
        del dying
        gc.collect()
        assert all(r() is None for r in refs), n
        for k in range(12):
            d = new_decision(k % 6, k % 5, (7, 8, 9)[:k % 4], 1, 1 + k % 2, "asked")
            made = Decision(k % 6, k % 5, (7, 8, 9)[:k % 4], 1, 1 + k % 2, prompt="asked")
            assert _fields(d) == _fields(made), (n, k)
            del d


def test_questions_coming_and_going_leave_every_count_as_they_were():
    item = _Held()
    opts = [1, 2, 3]
    for _ in range(3):   # counted at the third round: anything made once is
        nones, items, ops = sys.getrefcount(None), sys.getrefcount(item), sys.getrefcount(opts)
        for k in range(40):
            d = new_decision(4, 1, opts, 1, 1, item)
            d.data, d.valid = item, None
            del d
        after = (sys.getrefcount(None) - nones, sys.getrefcount(item) - items,
                 sys.getrefcount(opts) - ops)
    assert after == (0, 0, 0), after


@pytest.mark.skipif(not core.compiled(), reason="the spare questions are compiled only")
def test_a_dead_question_is_taken_and_a_held_one_never():
    gc.collect()
    d = new_decision(0, 0, (), 1, 1, "first")
    dead = id(d)
    del d   # the last question to die: the next one taken
    again = new_decision(1, 2, [5, 6], 1, 1, "again")
    assert id(again) == dead
    assert _fields(again) == _fields(Decision(1, 2, [5, 6], prompt="again"))
    held = [new_decision(0, 0, (), 1, 1, "held") for _ in range(8)]
    ids = {id(h) for h in held}
    assert len(ids) == 8 and id(again) not in ids   # a live question is never taken
    for h in held:
        assert h.prompt == "held" and h.game is None
    # the spare questions: tracked objects holding None only but a str prompt (step 200a) and
    # their options list, emptied (step 229b; at most 4 past the held ones, h the last alive)
    del held, h
    spare = [o for o in gc.get_objects() if type(o) is Decision and o.options == []]
    assert 1 <= len(spare) <= 4 and all(o.prompt == "held" and o.game is None for o in spare)


class _Text(str):
    """A str subclass: a prompt dropped at its question's death like any other object."""


@pytest.mark.skipif(not core.compiled(), reason="the spare questions are compiled only")
def test_a_dead_question_keeps_a_str_prompt_until_the_next_question_and_drops_any_other():
    gc.collect()
    held = [new_decision(0, 0, (), 1, 1, "held") for _ in range(8)]   # no spare left: the next
    text = "".join(["a prompt ", "of its own"])                       # death is kept
    n = sys.getrefcount(text)
    d = new_decision(0, 0, (), 1, 1, text)
    del d   # kept, its prompt with it (step 200a)
    assert sys.getrefcount(text) == n + 1
    again = new_decision(1, 2, [5, 6], 1, 1, "again")   # takes it: its prompt replaced
    assert sys.getrefcount(text) == n
    assert _fields(again) == _fields(Decision(1, 2, [5, 6], prompt="again"))
    del again
    for prompt in (_Text("a str's subclass"), ("a", "tuple"), _Held(), 7):
        n = sys.getrefcount(prompt)
        d = new_decision(0, 0, (), 1, 1, prompt)
        assert sys.getrefcount(prompt) == n + 1
        del d   # kept, its prompt dropped
        assert sys.getrefcount(prompt) == n, prompt
    h = _Held()
    ref = weakref.ref(h)
    d = new_decision(0, 0, (), 1, 1, h)
    del d, h
    assert ref() is None
    del held


class _Mine(Decision):
    """A subclass: Cython's tp_dealloc, never kept."""


@pytest.mark.skipif(not core.compiled(), reason="the spare questions are compiled only")
def test_a_subclass_question_is_never_kept():
    gc.collect()
    h = _Held()
    ref = weakref.ref(h)
    m = _Mine(0, 0)
    m.data = h
    del m, h
    assert ref() is None
    d = new_decision(0, 0, (), 1, 1, "next")
    assert type(d) is Decision and d.data is None


# the options lists of dead questions (decision.pxd's sgs_options_empty, steps 157b, 229b)
@pytest.mark.skipif(not core.compiled(), reason="the kept options lists are compiled only")
def test_a_dead_questions_options_list_is_the_next_questions_emptied_and_refilled():
    gc.collect()
    d = new_decision(4, 0, (1, 2, 3), 1, 1, "first")
    kept = id(d.options)
    del d   # nothing else held its list: kept, emptied
    junk = [[] for _ in range(4)]   # a dead list's memory taken: only a kept one has its id
    again = new_decision(5, 1, [7, 8], 1, 1, "again")
    assert id(again.options) == kept and again.options == [7, 8]
    del again
    wide = tuple(range(40))   # past the list's room: grown, the same list
    d = new_decision(2, 0, wide, 1, 3, "wide")
    assert id(d.options) == kept and d.options == list(wide)
    assert _fields(d) == _fields(Decision(2, 0, wide, 1, 3, prompt="wide"))


def test_an_options_list_held_elsewhere_is_never_emptied_nor_taken():
    gc.collect()
    held = []
    for k in range(12):   # more than the lists kept (8)
        d = new_decision(4, k % 5, (k, k + 1, k + 2), 1, 1, "held")
        held.append(d.options)   # an agent keeping the question's options
        del d
        for j in range(6):   # questions made and dropped meanwhile: none takes a held list
            e = new_decision(3, 0, [j] * (j + 1), 1, 1, "other")
            assert all(e.options is not h for h in held) and e.options == [j] * (j + 1)
            del e
    assert held == [[k, k + 1, k + 2] for k in range(12)]
