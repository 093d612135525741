"""A frame's scratch (base._sx: NX slots of None, made on first use) is, compiled, a list a dead
frame left: spares._frame_reset keeps a dead frame's scratch with the slot lists
(spares.pxd's keep_slots) and _sx takes one of NX items (spares.new_slots; docs/performance.md
step 98). Whatever the dead frame's scratch held, the next scratch is exactly [None] * NX, its
items dropped when its frame died, and never a list something else still holds. Compiled, _sx
asks for NX_CONST items (base.pxd's constant of NX, step 142b; base refuses to import when they
differ): a scratch of any other size fails the first test."""
import gc
import weakref

import pytest

import core
from core import prims as P

import generated.identity as M


class _Held:
    """An item a scratch slot holds: its death is seen through a weak reference."""


def _game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _scratched(g, k):
    """k new frames, each with its scratch made."""
    fs = [g.new_frame(0, -1, None, 0) for _ in range(k)]
    for f in fs:
        P._sx(f)
    return fs


def test_a_new_scratch_is_nones_whatever_dead_frames_scratches_held():
    g = _game()
    for _ in range(3):
        drained = _scratched(g, 20)   # every spare list of NX items taken
        dying = _scratched(g, 16)
        ids = {id(f.x) for f in dying}
        refs = []
        for f in dying:
            for i in range(P.NX):
                item = _Held()
                refs.append(weakref.ref(item))
                if i % 2:
                    inner = g.new_frame(0, -1, None, 0)
                    P._sx(inner)[0] = item
                    ids.add(id(inner.x))
                    item = [item, inner]
                P._sx(f)[i] = item
        del dying, f, item
        inner = None
        assert all(r() is None for r in refs)   # the kept scratches dropped their items
        if core.compiled():   # kept alive, emptied: spare lists (not freed, their ids reused)
            kept = {id(o) for o in gc.get_objects() if type(o) is list and not o} & ids
            assert len(kept) >= 8
        again = _scratched(g, 16)
        for f in again:
            assert f.x == [None] * P.NX and type(f.x) is list
        assert len({id(f.x) for f in again}) == 16
        if core.compiled():
            # the dead frames' scratches (the inner ones die first, as their holders' items drop)
            assert len(kept & {id(f.x) for f in again}) >= 8
        assert all(f.x == [None] * P.NX for f in drained)
        del drained, again


def test_a_scratch_something_else_holds_is_not_given_to_a_new_frame():
    g = _game()
    f = _scratched(g, 1)[0]
    held = P._sx(f)
    held[3] = "mine"
    del f
    fs = _scratched(g, 40)
    assert all(x.x is not held for x in fs)
    assert held[3] == "mine" and len(held) == P.NX


def test_sx_answers_the_frames_own_scratch_with_one_reference_each():
    """_sx (step 162: f.x read in place, the refusal a call of its own): the scratch made is the
    frame's x, answered again as it is, each answer a reference of the caller's (none taken but
    the answer's, none dropped); a shorter list is refused (EngineError), anything but a list
    or None a TypeError; pure and as built."""
    import sys
    from core.engine import EngineError
    g = _game()
    f = g.new_frame(0, -1, None, 0)
    x = P._sx(f)
    assert x is f.x and x == [None] * P.NX
    base = sys.getrefcount(x)
    answers = [P._sx(f) for _ in range(5)]
    assert all(a is x for a in answers)
    assert sys.getrefcount(x) == base + 5
    del answers
    assert sys.getrefcount(x) == base
    for n in range(3):   # a new scratch's reference: the frame's and the answer's only
        h = g.new_frame(0, -1, None, 0)
        s = P._sx(h)
        assert sys.getrefcount(s) == 3, n   # (h.x, s, getrefcount's argument)
        del h
        assert sys.getrefcount(s) == 2, n
    short = g.new_frame(0, -1, None, 0)
    short.x = [None] * (P.NX - 1)
    with pytest.raises(EngineError):
        P._sx(short)
    short.x = 5
    with pytest.raises(TypeError):
        P._sx(short)
