"""Compiled, Picks come from a freelist (base.py's Pick, step 66 of docs/performance.md: the
directive sits on the class in the .py, with cclass, as Frame's does, decision 0033): a dead
Pick's memory is kept for the next, not given back to the allocator. Pure Python has none."""
import sys

import pytest

import core
from core.prims import base as B


@pytest.mark.skipif(not core.compiled(), reason="a freelist is a compiled type's")
def test_dead_picks_keep_their_memory_for_the_next():
    held = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]   # empties the freelist
    dying = [B.Pick("players", (0, 1)) for _ in range(12)]
    before = sys.getallocatedblocks()
    del dying   # 12 Picks (and the list) die: without a freelist, ~12 blocks fewer
    kept = before - sys.getallocatedblocks()
    assert kept < 6, kept
    again = [B.new_pick("players", (1,), 1, 1, -1, None, None) for _ in range(12)]   # no new block
    assert sys.getallocatedblocks() - (before - kept) < 6
    assert len(held) == 40 and [p.group for p in again] == [(1,)] * 12


def test_a_pick_from_the_freelist_has_only_its_own_fields():
    for _ in range(3):
        B.Pick("cards", [3, 4], 0, 2, 1, ("src", 1), "杀")   # dies at once: its memory is reused
        pk = B.Pick("players", [2])
        assert (pk.kind, pk.group, pk.lo, pk.hi, pk.chooser, pk.src, pk.vname) == \
            ("players", (2,), 1, 1, -1, None, None)


def test_new_pick_is_the_types_call():
    """new_pick sets a Pick's fields itself (step 114: _pick_fill's lines, one call fewer):
    each field the type's call sets from the same arguments, a list group made a tuple, pure
    and as built; a Pick from the freelist has only its own fields."""
    cases = [("cards", [3, 4], 0, 2, 1, ("src", 1), "杀"), ("players", (2,), 1, 1, -1, None, None),
             ("cards", (), 5, 7, 3, None, "闪"), ("players", range(3), 2, 3, 0, (1, 0), None)]
    for _ in range(2):
        for args in cases:
            pk, want = B.new_pick(*args), B.Pick(*args)
            got = (pk.kind, pk.group, pk.lo, pk.hi, pk.chooser, pk.src, pk.vname)
            assert type(pk) is B.Pick and type(pk.group) is tuple
            assert got == (want.kind, want.group, want.lo, want.hi, want.chooser, want.src,
                           want.vname), (args, got)


@pytest.mark.skipif(not core.compiled(), reason="a compiled type's flag")
def test_a_pick_is_not_known_to_the_collector():
    """Compiled, Pick is no_gc (step 149c, docs/decisions/0124): not tracked at its birth, from
    the freelist or not, nor by the type's call."""
    import gc
    held = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]
    assert not any(gc.is_tracked(p) for p in held)
    del held
    assert not gc.is_tracked(B.new_pick("players", (1, 2), 1, 1, -1, (0, None), "杀"))
    assert not gc.is_tracked(B.Pick("players", [2]))


def _values_only(v):
    """v is a value a Pick may hold (decision 0124): nothing that can hold a Pick back."""
    from core import engine as E
    if isinstance(v, tuple):
        return all(_values_only(x) for x in v)
    return v is None or type(v) in (str, int, bool, E.Card, E.VCard)


def test_the_picks_a_game_makes_hold_values_only():
    """The contract that lets Pick be no_gc (decision 0124): every Pick the frames of seeded
    games hold, at each of their decisions, holds strs, ints, cards and tuples of them only."""
    from core import prims as P
    from core.agents import RandomPlayer
    import generated.identity as M
    seen = 0
    for seed in (1, 2):
        g = P.new_game(M, 5, seed=seed, deck="标准版加军争", log_level=0)
        a = RandomPlayer(seed)
        for _ in range(400):
            d = g.step()
            if d is None or g.result is not None:
                break
            for f in g.stack:
                for v in list(f.slots or ()) + list(f.x or ()) + [f.subject, f.y]:
                    if isinstance(v, B.Pick):
                        seen += 1
                        assert _values_only((v.kind, v.group, v.lo, v.hi, v.chooser, v.src,
                                             v.vname)), v
            g.answer(a.choose(g, d))
    assert seen > 20, seen


class _Held:
    """A value a dead Pick's field holds: its death is seen through a weak reference."""


def test_a_dead_pick_drops_what_it_held_and_is_the_next_new_pick():
    """Compiled, a dead Pick is kept for new_pick (base._pick_dealloc, pickpool.pxd, step 149d):
    what its fields held dies with it, at once, and the next new_pick is that Pick, with the
    fields it is given and no other; the pool full, the rest reach Cython's freelist. Pure:
    the same answers, each Pick new."""
    import weakref
    drained = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]   # none kept
    pk = B.Pick("cards", [3])   # the type's call: Cython's tp_new; its death kept all the same
    i = id(pk)
    del pk
    if core.compiled():
        assert id(B.new_pick("cards", (), 1, 1, -1, None, None)) == i
    for n in (1, 3, 32, 40):   # below, at and past the Picks kept (32)
        held = [_Held() for _ in range(n)]
        refs = [weakref.ref(h) for h in held]
        dying = [B.new_pick("cards", (h,), 1, 2, -1, (0, h), h) for h in held]
        ids = [id(p) for p in dying]
        del held, dying
        assert all(r() is None for r in refs), n
        again = [B.new_pick("players", (1, 2), 0, 1, -1, None, "杀") for _ in range(n)]
        assert all((p.kind, p.group, p.lo, p.hi, p.chooser, p.src, p.vname) ==
                   ("players", (1, 2), 0, 1, -1, None, "杀") for p in again), n
        if core.compiled():
            k = min(n, 32)   # (a list drops its items last first: dying[0] is taken first)
            assert [id(p) for p in again[:k]] == ids[n - k:], n
        del again
    del drained


@pytest.mark.skipif(not core.compiled(), reason="the dead Picks' pool is compiled only")
def test_a_pick_whose_fields_were_deleted_or_never_written_dies_and_is_kept():
    """A dying Pick's object fields are never NULL (pickpool.pxd's drop has no NULL test, step
    156c): a deleted public field is None, a Pick made by Pick.__new__ alone holds Nones (its C
    ints 0, step 192a); each dies and is the next new_pick, with only its new fields."""
    kinds = ("kind", "group", "src", "vname")
    for _ in range(3):
        pk = B.new_pick("cards", (3, 4), 0, 2, 1, ("src", 1), "杀")
        for k in kinds:
            delattr(pk, k)
            assert getattr(pk, k) is None
        bare = B.Pick.__new__(B.Pick)
        assert all(getattr(bare, k) is None for k in kinds)
        assert (bare.lo, bare.hi, bare.chooser) == (0, 0, 0)
        del pk, bare
        again = [B.new_pick("players", (i,), 1, 1, -1, None, None) for i in range(2)]
        assert [(p.kind, p.group, p.lo, p.src) for p in again] == \
            [("players", (0,), 1, None), ("players", (1,), 1, None)]


def test_new_pick_takes_one_reference_to_its_group():
    """new_pick's group (step 162): a tuple given is the Pick's group, one reference taken and
    given back at the Pick's death; a list or a range made a new tuple, which dies with the Pick;
    a group that is no sequence raises and takes no Pick from the pool (the next is as made).
    The Picks taken from the pool and, past it, the type's; pure and as built."""
    import weakref
    drained = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]   # none kept
    grp = tuple(_Held() for _ in range(3))
    base = sys.getrefcount(grp)
    items = [sys.getrefcount(grp[i]) for i in range(3)]
    for n in (1, 32, 40):   # below, at and past the Picks kept (32): pool and the type's
        dying = [B.new_pick("cards", grp, 1, 2, -1, None, None) for _ in range(n)]
        assert all(p.group is grp for p in dying)
        assert sys.getrefcount(grp) == base + n, n
        del dying
        assert sys.getrefcount(grp) == base, n
        made = [B.new_pick("cards", list(grp), 1, 2, -1, None, None) for _ in range(n)]
        assert all(p.group == grp and p.group is not grp and type(p.group) is tuple
                   for p in made)
        del made   # (a made tuple dies with its Pick: its items' references back as they were)
        assert [sys.getrefcount(grp[i]) for i in range(3)] == items, n
    with pytest.raises(TypeError):
        B.new_pick("cards", 5, 1, 1, -1, None, None)
    pk = B.new_pick("players", range(2), 0, 1, -1, None, None)
    assert (pk.kind, pk.group, pk.lo, pk.hi) == ("players", (0, 1), 0, 1)
    refs = [weakref.ref(h) for h in grp]
    del grp, pk, drained
    assert all(r() is None for r in refs)


@pytest.mark.skipif(not core.compiled(), reason="the dead Picks' pool is compiled only")
def test_a_pick_whose_drops_fill_the_pool_drops_each_field_once():
    """A dying Pick's fields are left as they were once dropped (step 162): when its drops fill
    the pool (a Pick its group held died into it), it goes to Cython's tp_dealloc with its fields
    made NULL, so what they held is dropped once, not again."""
    drained = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]   # none kept
    for _ in range(3):
        held = [_Held() for _ in range(3)]
        counts = [sys.getrefcount(h) for h in held]
        inner = B.new_pick("players", (), 1, 1, -1, None, None)
        outer = B.new_pick(held[0], (inner,), 1, 1, -1, held[1], held[2])
        del inner
        dying = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(31)]
        del dying   # 31 kept: room for one
        del outer   # room: its group's drop kills inner (kept: the pool full), then Cython's
        assert [sys.getrefcount(h) for h in held] == counts
        again = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]
        del again
        drained.extend(B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40))
    del drained


def test_a_picks_counts_and_chooser_are_c_ints():
    """Compiled, a Pick's lo, hi and chooser are C ints (step 192a, docs/decisions/0158): an int
    given is read back as that int (its extremes too), from the pool and from the type's call,
    each field its own (a pool's store into another field is caught by the distinct values);
    a value that is no int raises TypeError, one past a C int OverflowError, and takes no Pick
    from the pool. Pure: the values as given."""
    drained = [B.new_pick("cards", (), 1, 1, -1, None, None) for _ in range(40)]   # none kept
    cases = [(0, 1, -1), (2, 5, 3), (-2 ** 31, 2 ** 31 - 1, 7), (4, 4, 0)]
    for _ in range(2):   # the second round's Picks taken from the pool the first filled
        picks = [B.new_pick("cards", (9,), lo, hi, ch, None, None) for lo, hi, ch in cases]
        made = [B.Pick("cards", (9,), lo, hi, ch) for lo, hi, ch in cases]
        for pk in picks + made:
            assert all(type(v) is int for v in (pk.lo, pk.hi, pk.chooser))
        assert [(p.lo, p.hi, p.chooser) for p in picks] == cases
        assert [(p.lo, p.hi, p.chooser) for p in made] == cases
        del picks, made
    if core.compiled():
        one = B.new_pick("cards", (), 1, 1, -1, None, None)
        i = id(one)
        del one   # the pool's last: the next new_pick's
        for bad in ("1", None):
            with pytest.raises(TypeError):
                B.new_pick("cards", (), bad, 1, -1, None, None)
        with pytest.raises(OverflowError):
            B.new_pick("cards", (), 1, 2 ** 31, -1, None, None)
        assert id(B.new_pick("cards", (), 1, 1, -1, None, None)) == i
        with pytest.raises(TypeError):
            B.Pick("cards", (), 1, 1, None)
        pk = B.new_pick("cards", (), True, False, True, None, None)
        assert (pk.lo, pk.hi, pk.chooser) == (1, 0, 1) and type(pk.lo) is int
    del drained
