"""The card being resolved's readers in place (docs/performance.md, step 261): generated code asks
``this_card_in(g, f)``, ``targets_empty_in(g, f, c)``, ``target_list_in(g, f, c)``,
``sort_targets_in(g, f, strict, c)`` and ``virtual_is_delayed_trick_in(g, f, c)``
(compiler.emit.INLINED), compiled core/prims/cardreads.pxd's inline bodies — the scratch's last
card, a live record's targets, a physical card's empty correspondence read in place — and
uncompiled resolving's functions themselves (a sort held by its answer, the targets after it and
the frame's flags, each live record's targets as they are and reversed); and the move flow's
``moved_off_prescribed_zone_in`` and ``set_keep_zone_in``, resolving's answers inlined whole
(step 264a: the answer, the frame's flags after). A probe module
that asks them as a unit does (built here at -O1, as the flows units are) is held to resolving's
functions for every frame on the stack, and for every virtual card, every physical card and a few
other values, at every fourth decision of three seeded games, in each game and in a clone of it
(its tables shared). Pure and as built."""
import textwrap

from seeded_games import probe_runs, probe_watch, run_python

PROBE = textwrap.dedent('''
    from __future__ import annotations  # the Game/Frame annotations are types for Cython only

    import cython
    if cython.compiled:
        from cython.cimports.core.engine import Game, Frame
        from cython.cimports.core.prims.cardreads import (
            this_card_in, targets_empty_in, target_list_in, sort_targets_in,
            virtual_is_delayed_trick_in, moved_off_prescribed_zone_in, set_keep_zone_in)
    else:
        from core.prims.resolving import (
            this_card as this_card_in, targets_empty as targets_empty_in,
            target_list as target_list_in, sort_targets as sort_targets_in,
            virtual_is_delayed_trick as virtual_is_delayed_trick_in,
            moved_off_prescribed_zone as moved_off_prescribed_zone_in,
            set_keep_zone as set_keep_zone_in)


    def this_card(g: Game, f: Frame):
        return this_card_in(g, f)


    def targets_empty(g: Game, f: Frame, c):
        return bool(targets_empty_in(g, f, c))


    def target_list(g: Game, f: Frame, c):
        return target_list_in(g, f, c)


    def sort_targets(g: Game, f: Frame, strict, c):
        return sort_targets_in(g, f, strict, c)


    def virtual_is_delayed_trick(g: Game, f: Frame, c):
        return bool(virtual_is_delayed_trick_in(g, f, c))


    def moved_off_prescribed_zone(g: Game, f: Frame, c):
        return bool(moved_off_prescribed_zone_in(g, f, c))


    def set_keep_zone(g: Game, f: Frame, strict, z, cards):
        return set_keep_zone_in(g, f, strict, z, cards)
''')

WATCH = probe_watch("pkg_card_reads") + r"""
import core.engine as E
from core.prims import base as B, resolving as R
V_TARGETS = B.V_TARGETS
X_LASTCARD = getattr(B, "X_LASTCARD", 7)   # (compiled, a C constant of base)
assert X_LASTCARD == 7
seen = {"asks": 0, "last": 0, "targets": 0, "delayed": 0}
bad = []


def answer(fn, *args):
    try:
        v = fn(*args)
    except Exception as e:   # the same error either way: anything not read in place is R's
        return ("raises", type(e).__name__)
    return bool(v) if isinstance(v, (bool, int)) and fn.__name__ != "this_card" else v


def same(what, mine, theirs, *args):
    got, want = answer(mine, *args), answer(theirs, *args)
    seen["asks"] += 1
    if got != want and len(bad) < 5:
        bad.append((what, mine.__name__, args[2:], got, want))
    return want


def check(g, where):
    st = g.root_state   # (a clone's: None until read; its records None until one is made)
    recs = (st[B.S_VC] if st is not None else None) or ()
    vcards = [B.VBASE + k for k in range(len(recs))]
    others = [None, -1, "x", True, B.VBASE + len(recs), B.VBASE + 10 ** 6, 10 ** 20, len(g.cards)]
    for f in g.stack[-6:]:
        x = f.x
        seen["last"] += isinstance(x, list) and len(x) > X_LASTCARD and \
            x[X_LASTCARD] is not None
        same(where, probe.this_card, R.this_card, g, f)
        for c in vcards + others:
            if same(where, probe.targets_empty, R.targets_empty, g, f, c) is False:
                seen["targets"] += 1
            same(where, probe.target_list, R.target_list, g, f, c)
        check_kept(g, f, where)
    f = g.stack[-1]
    for k, c in enumerate(vcards):
        if type(recs[k]) is list:   # a live record (a frozen one is no sort's)
            check_sort(g, f, recs[k], c, where)
    for c in list(range(0, len(g.cards), 3)) + vcards + others:
        seen["delayed"] += same(where, probe.virtual_is_delayed_trick,
                                R.virtual_is_delayed_trick, g, f, c) is True


def sort_once(g, f, r, c, fn, tg):
    # fn's sort of c's targets set to tg: its answer, the targets after, the frame's flags after;
    # the record's field and the frame's flags put back
    old, flags = r[V_TARGETS], f.flags
    r[V_TARGETS] = tg
    try:
        return answer(fn, g, f, True, c), tuple(r[V_TARGETS]), f.flags
    finally:
        r[V_TARGETS], f.flags = old, flags


def check_kept(g, f, where):
    # the move flow's two asks (step 264a): the answer of each card, the keep zone's answer and
    # the frame's flags after it (put back)
    for c in list(range(0, len(g.cards), 7)) + [None, -1]:
        same(where, probe.moved_off_prescribed_zone, R.moved_off_prescribed_zone, g, f, c)
    for fn in (probe.set_keep_zone, R.set_keep_zone):
        flags = f.flags
        f.flags = flags | B.F_NOTEXEC | B.F_CHILDEXEC   # (a verdict not yet written)
        try:
            seen.setdefault(fn.__module__, []).append((answer(fn, g, f, True, None, ()), f.flags))
        finally:
            f.flags = flags
    got, want = seen.pop(probe.__name__), seen.pop(R.__name__)
    seen["asks"] += 1
    if got != want and len(bad) < 5:
        bad.append((where, "set_keep_zone", got, want))


def check_sort(g, f, r, c, where):
    tg = r[V_TARGETS]
    # as the record holds them, and reversed (out of order: the sort's own work)
    for shape in (lambda: tg if type(tg) is tuple else list(tg), lambda: list(tg)[::-1],
                  lambda: tuple(tg)[::-1]):
        got = sort_once(g, f, r, c, probe.sort_targets, shape())
        want = sort_once(g, f, r, c, R.sort_targets, shape())
        seen["asks"] += 1
        seen["sorts"] += len(tg) >= 2
        if got != want and len(bad) < 5:
            bad.append((where, "sort_targets", c, got, want))


def check_judged(g, where):
    # a physical card in a 判定区 with no virtual card yet (none in the games: a delayed trick's
    # card comes with its own), its zone written for the asks (no zone's list): virtual_card_of
    # makes a virtual card named as the card, so each side asks a clone of its own (the probe's
    # with the correspondence table a list of its own, as a game's)
    jz = next(z for z in range(len(g.zkind_at)) if g.zkind_at[z] == E.Z_JUDGE)
    corr = g.root_state[B.S_CORR] or [None] * len(g.cards)
    zones = list(g.card_zone)
    for c in range(len(g.cards)):
        if corr[c] is not None:
            continue
        g.card_zone[c] = jz
        try:
            h1, h2 = g.clone(), g.clone()
            B._Sw(h1, B.S_CORR, len(g.cards))   # (its own list: the table read in place)
            want = R.virtual_is_delayed_trick(h2, h2.stack[-1], c)
            got = probe.virtual_is_delayed_trick(h1, h1.stack[-1], c)
        finally:
            g.card_zone[c] = zones[c]
        seen["asks"] += 1
        seen["judged"] += want is True
        if got != bool(want):
            bad.append((where, "judged", c, got, want))
    assert list(g.card_zone) == zones   # (the game itself unchanged)


seen["judged"] = seen["sorts"] = 0
for seed, n, g in decisions("identity", (1, 2, 3), every=4):
    check(g, (seed, n))
    if n % 20 == 0:
        check(g.clone(), (seed, n, "clone"))
    if n == 40:
        check_judged(g, (seed, n, "judged"))
print(games, seen["asks"], seen["last"], seen["targets"], seen["delayed"], seen["judged"],
      seen["sorts"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_the_inline_reads_are_resolvings_functions(tmp_path):
    """Pure (the probe uncompiled) and, the core compiled, as built (against cardreads.pxd): each
    ask answers resolving's own value; frames whose scratch names a card, virtual cards with
    targets and delayed tricks among them."""
    for pure, folder in probe_runs(tmp_path, "pkg_card_reads", PROBE):
        lines = run_python(WATCH, folder, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, asks, last, targets, delayed, judged, sorts = map(int, lines[1].split())
        assert games == 3 and asks > 100000 and last > 30 and targets > 10000 and delayed > 50, \
            lines[1]
        assert judged >= 3, lines[1]   # a delayed trick's card in each game's 判定区
        assert sorts > 20, lines[1]   # sorts of two targets or more
