"""A frame's slot list is [fill] * n (spares.new_slots: Game.new_frame's zeros, flow._push_prog's
Nones). Compiled, it is a list a dead frame left (spares.pxd's keep_slots, from Frame's
tp_dealloc: docs/performance.md step 70), emptied: whatever the dead frame's slots held (frames,
lists, a cycle through the frame itself), the next frame of that size gets exactly [fill] * n,
its items dropped when its frame died, and never a list something else still holds."""
import gc
import weakref

import core
from core import prims as P

import generated.identity as M

SIZES = list(range(1, 52))   # past the sizes kept (below 48)


class _Held:
    """An item a slot holds: its death is seen through a weak reference."""


def _game():
    return P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)


def _frames(g, n, k):
    return [g.new_frame(0, -1, None, n) for _ in range(k)]


def test_a_new_frames_slots_are_zeros_whatever_dead_frames_held():
    g = _game()
    for n in SIZES:
        drained = _frames(g, n, 20)   # every spare list of size n taken
        dying = _frames(g, n, 20)
        refs = []
        ids = {id(f.slots) for f in dying}
        for f in dying:
            for i in range(n):
                item = _Held()
                refs.append(weakref.ref(item))
                if i % 2:
                    inner = g.new_frame(0, -1, None, n)
                    ids.add(id(inner.slots))
                    item = [item, inner]
                f.slots[i] = item
        del dying, f, item
        inner = None
        assert all(r() is None for r in refs), n   # the kept lists dropped their items
        again = _frames(g, n, 25)
        for f in again:
            assert f.slots == [0] * n and type(f.slots) is list
        assert len({id(f.slots) for f in again}) == 25
        if core.compiled() and n < 48:   # the dead frames' lists, as many as a size's spare
            assert len(ids & {id(f.slots) for f in again}) >= 8   # keeps (8: spares.py)
        assert all(f.slots == [0] * n for f in drained)


def test_a_pushed_programs_slots_are_its_arguments_then_none_after_dead_frames():
    g = _game()
    cid = P._T(g).ev_move
    n = g.rs.prog_nslots[cid]
    for _ in range(3):
        dying = _frames(g, n, 20)
        for f in dying:
            f.slots[:] = range(n)
        del dying, f
        for k in range(n + 1):
            c = P._push_prog(g, None, cid, tuple(range(100, 100 + k)), 0, None)
            assert c.slots == list(range(100, 100 + k)) + [None] * (n - k)
            g.stack.pop()
        del c


def test_a_list_something_else_holds_is_not_given_to_a_new_frame():
    g = _game()
    for n in (1, 3, 8, 47):
        f = _frames(g, n, 1)[0]
        f.slots[0] = "mine"
        held = f.slots
        copy = f.copy()   # a copy shares the list (a clone's frames)
        del f
        again = _frames(g, n, 20)
        assert all(x.slots is not held for x in again)
        assert held == ["mine"] + [0] * (n - 1) and copy.slots is held
        del copy
        assert held == ["mine"] + [0] * (n - 1)
        del again
        assert held == ["mine"] + [0] * (n - 1)


def test_frames_of_a_collected_cycle_leave_no_cleared_list_behind():
    # a frame whose slots hold itself dies in the collector, which may clear its list after
    # the frame kept it (spares.pxd: such a list is dropped when taken, never given out)
    g = _game()
    for n in (1, 2, 5, 30):
        for _ in range(3):
            cyc = _frames(g, n, 40)
            for f in cyc:
                f.slots[0] = f
                f.ev = f
            del cyc, f
            gc.collect()
            again = _frames(g, n, 40)
            assert all(x.slots == [0] * n for x in again)
            del again


def test_a_frame_dying_while_another_is_kept_keeps_its_own_list():
    # dropping a kept list's items may kill a frame of the same size, which keeps its own list
    g = _game()
    for n in (1, 4, 12):
        outer = _frames(g, n, 30)
        for f in outer:
            inner = _frames(g, n, 1)[0]
            inner.slots[:] = ["inner"] * n
            f.slots[n - 1] = inner
        del outer, f, inner
        again = _frames(g, n, 70)
        assert all(x.slots == [0] * n for x in again)
        assert len({id(x.slots) for x in again}) == 70


def test_each_size_keeps_at_most_eight_dead_lists():
    # spares.py's room (step 169: 8, where 16 and 64 cost the collector more than the lists
    # saved): dead frames' lists of a size past it are freed, up to it kept alive and emptied
    g = _game()
    for n in (1, 5, 7, 13):
        drained = _frames(g, n, 20)   # every spare list of size n taken
        dying = _frames(g, n, 20)
        ids = {id(f.slots) for f in dying}
        del dying
        kept = {id(o) for o in gc.get_objects() if type(o) is list and not o} & ids
        if core.compiled():
            assert len(kept) == 8, (n, len(kept))
        del drained


def _scratches(g, k):
    frames = _frames(g, 0, k)
    return frames, [P._sx(f) for f in frames]


def test_a_dead_frames_scratch_is_the_next_scratch_its_items_dropped():
    # step 276a: compiled, a dead frame's scratch is kept (at most 8) with its items made None in
    # place, and base._sx takes it as it is: whatever it held is dropped, never seen again
    g = _game()
    nones = [None] * P.NX
    for _ in range(3):
        drained = _scratches(g, 80)   # every spare frame and scratch taken
        dying, xs = _scratches(g, 20)
        ids = {id(x) for x in xs}
        refs = []
        for f, x in zip(dying, xs):
            for i in range(0, P.NX, 3):
                item = _Held()
                refs.append(weakref.ref(item))
                x[i] = [item, g.new_frame(0, -1, None, 2)] if i % 2 else item
        del xs, x, item, dying, f   # (the scratches held by their frames alone, then dead)
        assert all(r() is None for r in refs)
        kept = {id(o) for o in gc.get_objects() if type(o) is list and o == nones} & ids
        if core.compiled():
            assert len(kept) == 8, len(kept)
        again = _scratches(g, 20)
        assert all(x == nones for x in again[1])
        if core.compiled():
            assert kept <= {id(x) for x in again[1]}
        del drained, again


def test_scratches_of_a_collected_cycle_leave_no_cleared_list_behind():
    # frames whose scratches hold the next (a ring) die in the collector, which may clear a
    # scratch after its frame kept it (spares.pxd's kept_scratch drops such a list when taken)
    g = _game()
    for _ in range(3):
        cyc, xs = _scratches(g, 40)
        for i, x in enumerate(xs):
            x[0] = cyc[i - 1]
        f = cyc[0]
        del xs, x, cyc, f
        gc.collect()
        again = _scratches(g, 40)
        assert all(x == [None] * P.NX for x in again[1])
        del again


def test_a_dead_flows_context_is_a_new_context_to_each_taker():
    # step 278a: compiled, a dead flow frame's context (its field y) is kept emptied (at most 8)
    # and use._new_ctx fills it again: what it held is dropped, a context held elsewhere is
    # never taken, and no two takers (live flows) are given the same list
    from core.prims import use as Use
    g = _game()
    new = [2, None, 300, False, False, "ev", False, None, None, None]
    for _ in range(3):
        drained = _frames(g, 0, 80), [Use._new_ctx() for _ in range(40)]   # all spares taken
        dying = _frames(g, 0, 20)
        refs = []
        for f in dying:
            item = _Held()
            refs.append(weakref.ref(item))
            f.y = Use._new_ctx(1, item, [item, g.new_frame(0, -1, None, 2)], True, None)
        ids = {id(f.y) for f in dying}
        held = dying[-1].y   # (a pre flow's frame shares its need flow's context)
        del f, item
        while dying:
            dying.pop()   # (the last first: held's frame dies while the kept ones have room)
        assert all(r() is None for r in refs[:-1])
        again = [Use._new_ctx(2, None, 300, False, "ev") for _ in range(20)]
        assert len({id(c) for c in again} | {id(held)}) == 21
        assert all(c == new for c in again) and held[0] == 1 and refs[-1]() is held[1]
        if core.compiled():
            assert len(ids & {id(c) for c in again}) >= 8   # (a freed list's id may return)
        del drained, again, held
    for _ in range(3):   # a ring of flows through their contexts, cleared by the collector
        cyc = _frames(g, 0, 40)
        for i, f in enumerate(cyc):
            f.y = Use._new_ctx(1, None, None, True, cyc[i - 1])
        del cyc, f
        gc.collect()
        assert all(c == new for c in [Use._new_ctx(2, None, 300, False, "ev") for _ in range(40)])
