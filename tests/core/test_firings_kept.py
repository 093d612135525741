"""Game._dispatch's next seat drops f.x, the skill ids fired at the seat it leaves (_fire_skill's
list of one, taken from the spare slot lists). Compiled, that list is kept for the next frame
when the dispatch frame held it alone (core.dispatch._firings_kept, docs/performance.md step 237a):
emptied (what it held dropped), then given to the next frame of one slot, [0]; never a list
something else still holds."""
import weakref

import core
from core import prims as P

import generated.identity as M


class _Held:
    """An item the list holds: its death is seen through a weak reference."""


def _game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _dispatch_frame(g, x):
    """A dispatch frame holding x in f.x, its last seat's question declined (-1): _dispatch goes
    to the next seat, past the last one (f.y set: no seat's candidates read), and ends."""
    f = g.new_frame(0, -1, None, 0)
    f.pc = 1
    f.b = g.n - 1
    f.y = []
    f.x = x
    g.ans = -1
    return f


def _one_spare(g):
    """The frames that hold every spare list of one but one, given back."""
    held = [g.new_frame(0, -1, None, 1) for _ in range(20)]
    held.pop()
    return held


def test_a_list_held_alone_is_the_next_frames():
    g = _game()
    held = _one_spare(g)   # (a list freed and made again may have the same id: not so here)
    item = _Held()
    r = weakref.ref(item)
    f = _dispatch_frame(g, [item])
    xid = id(f.x)
    del item
    assert g._dispatch(f) == 3
    assert f.x is None
    assert r() is None   # what the list held dropped
    nxt = g.new_frame(0, -1, None, 1)
    assert nxt.slots == [0]
    if core.compiled():   # the dispatch's list, not the one given back before (nor a new one)
        assert id(nxt.slots) == xid
    assert held


def test_a_list_something_else_holds_is_left_alone():
    g = _game()
    held = _one_spare(g)
    item = _Held()
    x = [item]
    f = _dispatch_frame(g, x)
    assert g._dispatch(f) == 3
    assert f.x is None
    assert x == [item]   # held here: neither emptied nor kept
    nxt = g.new_frame(0, -1, None, 1)
    assert nxt.slots is not x and nxt.slots == [0]
    assert held


def test_a_longer_list_is_dropped_too():
    # (two firings at a seat: a list grown past its room, not kept, but dropped all the same)
    g = _game()
    item = _Held()
    r = weakref.ref(item)
    f = _dispatch_frame(g, [1])
    f.x.append(item)
    del item
    assert g._dispatch(f) == 3
    assert f.x is None and r() is None
