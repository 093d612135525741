"""Whether a use needs an equipment card of its user (use._needs_equipment, 002:22-29), as step 38
computes it — the methods tried until one has a legal target, each by _has_target without a
restriction — held to its definition written out (every method's _target_options, then the use
limit) at every question of seeded random-player games of the three rulebooks, on the pure
engine, where the room's functions can be watched; the compiled engine plays the same games (the
fingerprint). Since step 86b a choice with enough cards outside the equipment zones does not ask
which equipment is busy (cards._enough): the watch has every choice ask, as before, so that the
needed equipment is computed as often as it was."""
from seeded_games import run_pure, watch

WATCH = watch(r"""
from core.prims import base as Base, limits as Limits, status as Status, targets as Targets, use as Use
needs = Use._needs_equipment


def written_out(g, who, name, mi, ev, restrict, c):
    # (needed, needed for its use limit only)
    old = Base._AWAY[0]
    Base._AWAY[0] = (c,)
    try:
        if not any([Targets._target_options(g, who, name, m, ev, restrict, restrict is not None)
                    is not None for m in range(len(Targets._methods(g, name)))]):
            return True, False
        limited = mi >= 0 and bool(Limits._use_limited(g, who, name, mi))
        return limited, limited
    finally:
        Base._AWAY[0] = old


def watched(g, who, name, mi, ev, restrict, c):
    got = needs(g, who, name, mi, ev, restrict, c)
    want, limited = written_out(g, who, name, mi, ev, restrict, c)
    seen["calls"] += 1
    seen["needed"] += want
    seen["limited"] += limited
    if got != want and len(bad) < 5:
        bad.append((who, name, mi, c, got, want))
    return got


Use._needs_equipment = watched
# every choice's busy equipment read, as before step 86b (a choice with enough cards outside the
# equipment zones no longer asks it: the needed equipment of a conversion would seldom be computed)
from core.prims import moves as Moves
Moves._free_at_least = lambda g, cards, k: False
""", 'seen["calls"], seen["needed"], seen["limited"]')


def test_needed_equipment_is_its_definition():
    """At every question of nine seeded games the answer is the written-out one. Some cards are
    needed (a shortcut answering False fails), most are not (one answering True fails), and
    some of the needed ones for the use limit (one that skipped it fails)."""
    lines = run_pure(WATCH)
    games, calls, needed, limited = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert calls > 50 and 0 < needed < calls // 2 and limited > 0, (calls, needed, limited)
