"""Compiled, a dead frame is kept alive for the next (core/spares.py's _frame_dealloc: its fields
reset, what they held dropped; engine._frame_obj takes it for Game.new_frame and Frame.copy;
docs/performance.md step 78). Whatever a dead frame held, in its ints and its objects, a new
frame is the one Frame(prog, nslots) makes (with its owner, event and id) and a copy is the
original's; what the dead frame held dies with it; None's count and an item's are as they were
once a frame has come and gone. Pure Python makes every frame anew: the same answers."""
import gc
import sys
import weakref

import pytest

import core
from core import engine as E

from toy import Toy, random_game, random_toy

INTS = ("prog", "pc", "owner", "skill", "a", "b", "c", "flags", "term_pc", "jump_pc", "id",
        "result", "timing")   # timing: a C int, -1 before the first (step 93a)
OBJECTS = ("ev", "child", "subject", "timings", "x", "y", "slots")


class _Held:
    """An item a dead frame's field holds: its death is seen through a weak reference."""


def _fields(f):
    return {k: getattr(f, k) for k in INTS + OBJECTS}


def _game():
    return Toy().game(seed=1)


def _dirty(g, n, refs):
    """n frames of g whose every field holds something: ints not 0, objects items of their own
    (every other one's x holding its frame: a cycle the collector clears), slot lists of 1-3."""
    out = []
    for i in range(n):
        f = g.new_frame(0, 1, None, 1 + i % 3)
        for k in INTS:
            setattr(f, k, 7 + i)
        items = [_Held() for _ in OBJECTS]
        refs.extend(weakref.ref(h) for h in items)
        f.ev = g.new_frame(0, 2, None, 0)
        f.child = g.new_frame(0, 3, None, 2)
        f.subject = items[1]
        f.timings = [items[2]]
        f.x, f.y = [items[3], f] if i % 2 else [items[3]], (items[4],)
        f.slots[0] = items[5]
        out.append(f)
    return out


def test_a_new_frame_is_a_made_ones_whatever_dead_frames_held():
    g = _game()
    for n in (1, 5, 63, 64, 65, 200):   # below, at and past the frames kept (64)
        refs = []
        dying = _dirty(g, n, refs)
        del dying
        gc.collect()   # the frames holding themselves (x) are a cycle
        assert all(r() is None for r in refs), n
        ev = g.new_frame(0, -1, None, 0)
        for nslots in (0, 1, 2, 3, 5) * 30:
            f = g.new_frame(4, 2, ev, nslots)
            made = E.Frame(4, nslots)
            made.owner, made.ev, made.id = 2, ev, f.id
            assert _fields(f) == _fields(made), (n, nslots)
            assert f.slots is not made.slots or nslots == 0


def test_a_copy_is_its_originals_whatever_dead_frames_held():
    g = _game()
    refs = []
    originals = _dirty(g, 10, refs)
    for _ in range(3):
        del _dirty(g, 70, refs)[:]
        gc.collect()
        for f in originals:
            c = f.copy()
            assert c is not f and _fields(c) == _fields(f)


def test_a_frame_coming_and_going_leaves_every_count_as_it_was():
    g = _game()
    item = _Held()
    ev = g.new_frame(0, -1, None, 0)
    for _ in range(3):   # counted at the third round: anything made once is
        nones, items, evs = sys.getrefcount(None), sys.getrefcount(item), sys.getrefcount(ev)
        for nslots in (0, 2, 3) * 40:
            f = g.new_frame(1, 0, ev, nslots)
            f.x, f.y, f.subject = item, [item], item
            del f
        after = (sys.getrefcount(None) - nones, sys.getrefcount(item) - items,
                 sys.getrefcount(ev) - evs)
    assert after == (0, 0, 0), after


def test_games_play_the_same_with_frames_kept_across_them():
    """A game played after others (their dead frames kept) plays as the first one did."""
    t = random_toy()

    def play(seed):
        g = random_game(t, seed=seed)
        r = g.run_random(seed)
        return r.winners, r.reason, g.turn_no, g.serial, g.steps, g.log_text()
    first = [play(s) for s in (1, 2, 3)]
    for _ in range(2):
        refs = []
        del _dirty(_game(), 100, refs)[:]
        assert [play(s) for s in (1, 2, 3)] == first


@pytest.mark.skipif(not core.compiled(), reason="a compiled type's tp_new")
def test_frame_new_anywhere_takes_the_dead_frames_as_made():
    """Frame's tp_new (spares._frame_new) serves Frame.__new__(Frame) wherever it is called
    (core.prims.base._frame0 among them): the dead frames kept alive (known to the collector,
    held by nothing of this test) are taken, each as tp_new makes one."""
    def others(mine):
        ids = {id(f) for f in mine}
        return sum(1 for o in gc.get_objects() if type(o) is E.Frame and id(o) not in ids)

    gc.collect()
    del [E.Frame(0, 0) for _ in range(200)][:]   # the spare frames filled (64), the freelist too
    full = others([])
    spent = [E.Frame.__new__(E.Frame) for _ in range(100)]   # the spare frames taken
    held = [E.Frame(0, 0) for _ in range(100)]   # and the freelist emptied (Cython's own call)
    dying = [E.Frame(0, 0) for _ in range(20)]
    for f in dying:
        f.x = [f]   # (a cycle: the collector's tp_clear, then the frame kept)
        for k in INTS:   # (a dead frame's ints are left as they were: tp_new zeroes them)
            setattr(f, k, 3)
    del f, dying
    gc.collect()
    again = [E.Frame.__new__(E.Frame) for _ in range(20)]
    assert full - others(spent + held + again) >= 60, (full, others(spent + held + again))
    zero = dict({k: 0 for k in INTS}, **{k: None for k in OBJECTS})
    assert all(_fields(f) == zero for f in again)


@pytest.mark.skipif(not core.compiled(), reason="the spare frames and lists are compiled only")
def test_new_frame_takes_the_last_dead_frame_and_a_dead_frames_slot_list():
    """Game.new_frame takes a spare frame and its slot list inline (spares.pxd's kept_frame and
    kept_slots, through core.spares' pointers to its lists; step 108b): the last frame to die
    and the last list of its size, as _frame_new and new_slots take them, set as made."""
    g = _game()
    held = [g.new_frame(0, 1, None, 3) for _ in range(100)]   # the spare frames and lists spent
    first, last = g.new_frame(0, 1, None, 3), g.new_frame(0, 1, None, 3)
    first.x, last.y, last.slots[1] = [1], _Held(), 7
    ids = id(first), id(last), id(first.slots), id(last.slots)
    del first, last   # both kept: last the spare frames' last, its list the 3-item lists' last
    f = g.new_frame(4, 2, None, 3)
    assert (id(f), id(f.slots)) == (ids[1], ids[3])
    assert f.slots == [0, 0, 0] and (f.prog, f.owner, f.skill, f.timing) == (4, 2, -1, -1)
    assert (f.x, f.y, f.ev, f.pc) == (None, None, None, 0)
    f2 = g.new_frame(0, 1, None, 3)
    assert (id(f2), id(f2.slots)) == (ids[0], ids[2])
    del held


def test_a_chain_of_children_dies_with_its_parent_each_kept_as_made():
    """A dead frame's child, and its child in turn, whose last reference was their parent's,
    die with it (compiled: _frame_dealloc resets them in its loop, step 149a): what each held
    dies at once, with no collection, and each is kept — the next frames are the chain's own,
    as made; a child another holder keeps lives on, reset of nothing, its own child kept."""
    g = _game()
    held = [g.new_frame(0, 1, None, 2) for _ in range(100)]   # the spare frames spent
    for n in (1, 2, 5, 30):
        refs = []
        chain = [g.new_frame(0, 1, None, 2) for _ in range(n)]
        for i, f in enumerate(chain):
            item = _Held()
            refs.append(weakref.ref(item))
            f.slots[1], f.x, f.pc = item, [item], 5 + i
            if i:
                chain[i - 1].child = f
        ids = {id(f) for f in chain}
        top = chain[0]
        del chain[:], f, item
        del top
        assert all(r() is None for r in refs), n
        again = [g.new_frame(4, 2, None, 2) for _ in range(n)]
        if core.compiled():
            assert {id(f) for f in again} == ids, n
        assert all(f.child is None and f.x is None and f.pc == 0 and f.slots == [0, 0]
                   for f in again), n
        del again
    a, b, c = (g.new_frame(0, 1, None, 1) for _ in range(3))
    a.child, b.child, c.slots[0] = b, c, _Held()
    ref = weakref.ref(c.slots[0])
    del a, c
    assert b.child is not None and b.child.slots[0] is ref()   # b held here: it lives on
    assert ref() is not None
    del b
    assert ref() is None
    del held
