"""Step 139 of docs/performance.md (docs/decisions/0114): each Player's counts of its hand cards
by card name (``hand_names``) and the names it holds as bits (``hand_bits``), kept by
Game._put, and the dispatch's hand pre-test that reads them (core/dispatch.py's _is_candidate:
Skill.hand_need, hand_or_convert).

At every second decision of seeded random-player games of the three rulebooks, pure and as
built: the counts are the hands' (core/checks.py's check_hand_names); at every event frame on
the stack, each skill with a hand_need that the pre-test would answer for a seat is asked its
full condition (Skill.test), which must be False; and a clone of the game, played on a few
decisions, keeps its own counts and leaves its original's as they were (copy on write). The
pre-test of a seat whose conversion skills make none of the needed names (step 150) is asked so
too (counted: "by conversions")."""
import pytest

from seeded_games import DECISIONS, run_python

SCRIPT = DECISIONS + r"""
import collections
from core.agents import RandomPlayer
from core.checks import check_hand_names

seen = collections.Counter()
bad = []


def answered(g, s, p):
    # the dispatch's pre-test, as _is_candidate reads it
    if s.hand_need == 0 or s.hand_need & g.players[p].hand_bits:
        return False
    if not s.hand_or_convert:
        return True
    kept = g.seat_convert
    if kept is None or kept[p] is None:
        return False
    if kept[p]:
        # conversion skills, none of which makes a needed name (step 150)
        for e in kept[p]:
            if e[2] is None or any(nm < 64 and s.hand_need >> nm & 1 for nm in e[2]):
                return False
        seen["by conversions"] += 1
    return True


def counts(g):
    return [(list(pl.hand_names), pl.hand_bits) for pl in g.players]


for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    needing = None
    for seed, n, g in decisions(key, seeds, every=2):
        if needing is None:
            needing = [s for s in g.rs.skills if s.hand_need]
            seen["held rules"] += sum(not s.hand_or_convert for s in needing)
            seen["use skills"] += sum(s.hand_or_convert for s in needing)
        check_hand_names(g)
        seen["checked"] += 1
        for ev in list(g.stack):
            for s in needing:
                for t in s.timings:
                    for p in range(g.n):
                        if answered(g, s, p):
                            seen["answered"] += 1
                            if s.test(g, p, ev, t):
                                bad.append((key, seed, n, s.name, g.rs.timing_names[t], p))
        if n % 40 == 0:
            before = counts(g)
            c = g.clone()
            a = RandomPlayer(seed + n)
            d = c.step()
            k = 0
            while d is not None and c.result is None and k < 30:
                c.answer(a.choose(c, d))
                d = c.step()
                k += 1
            check_hand_names(c)
            seen["clone moved"] += counts(c) != before
            if counts(g) != before:
                bad.append((key, seed, n, "the clone's moves changed its original's counts"))
            check_hand_names(g)
print(games, seen["held rules"] > 0, seen["use skills"] > 0, seen["checked"] > 500,
      seen["answered"] > 1000, seen["clone moved"] > 3, seen["by conversions"] > 20)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


@pytest.mark.parametrize("pure", [True, False])
def test_hand_counts_follow_the_moves_and_the_pre_test_agrees_with_the_conditions(pure):
    lines = run_python(SCRIPT, pure=pure).strip().splitlines()
    assert lines[0] == "5 True True True True True True", lines[:6]
    assert not lines[1:], "\n".join(lines[1:])


def test_a_hand_written_around_put_is_caught_by_the_invariant():
    """A card put into a hand's list without Game._put (as a move that forgot the counts would)
    fails Game.check_invariants, naming the seat."""
    import core.engine as E
    from compiler import simulate as S
    from compiler.rulebooks import by_key
    from core.errors import InvariantError

    M, P = S.load_engine("identity")
    rb = by_key("identity")
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    g.step()
    assert g.check_invariants()
    hand = g.zone_id(E.Z_HAND, 0)
    g.move_one(g.zones[g.zone_id(E.Z_DRAW)][-1], E.Z_HAND, 0)   # a move: counted
    assert g.check_invariants()
    c = g.zone_w(hand).pop()   # the card taken out of the hand behind the counts' back
    g.zone_w(g.zone_id(E.Z_DRAW)).append(c)
    g.card_zone[c] = g.zone_id(E.Z_DRAW)
    with pytest.raises(InvariantError, match="seat 0"):
        g.check_invariants()
