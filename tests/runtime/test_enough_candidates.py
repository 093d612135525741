"""Step 86b of docs/performance.md: whether an optional skill's choice has enough candidates
(cards._enough, for _objects_exist and _choices_exist) answers what _candidates' count answers
(the equipment no role may operate left out, Moves.equipment_busy) — without reading that
equipment when the choice has enough cards outside the equipment zones (Moves._free_at_least),
so that a conversion skill's condition (〖武圣〗 with a red hand card) no longer computes the
equipment the use needs (usable._Needed) — held to the count at every call of seeded
random-player games of the three rulebooks, on the pure engine, where the room's functions can be
watched; the compiled engine plays the same games (the fingerprint)."""
from seeded_games import identity_game, run_pure, watch

WATCH = watch(r"""
from core.prims import cards as Cards, moves as Moves
enough = Cards._enough


def watched(g, f, v, need):
    pending = not isinstance(Moves._NEEDED[0], tuple)
    skipped = v.kind == "cards" and Moves._free_at_least(g, v.group, need)
    got = enough(g, f, v, need)
    want = Cards._candidates(g, f, v) >= need
    seen["calls"] += 1
    seen["skipped"] += skipped
    seen["pending"] += skipped and pending
    seen["busy"] += v.kind == "cards" and Cards._candidates(g, f, v) < len(v.group)
    if got != want and len(bad) < 5:
        bad.append((v.kind, v.group, need, got, want))
    return got


Cards._enough = watched
""", 'seen["calls"], seen["skipped"], seen["pending"], seen["busy"]')


def test_enough_candidates_answers_as_the_count_of_those_not_busy():
    out = run_pure(WATCH)
    games, calls, skipped, pending, busy = map(int, out[0].split())
    assert games == 9 and calls > 400 and skipped > 300 and pending > 20 and busy > 0, out[0]
    assert out[1:] == [], out[1:6]


FREE = identity_game(1) + r"""
import core.engine as E
from core.prims import moves as Moves, usable as Usable
g.move(list(g.zone_cards(E.Z_DRAW)[-3:]), E.Z_HAND, 0)
hand = tuple(g.zone_cards(E.Z_HAND, 0))
w = g.zone_cards(E.Z_DRAW)[-1]
g.move([w], E.Z_WEAPON, 0)
group = (w,) + hand + (-5, "x", len(g.cards) + 3)   # the weapon, the hand, what is no card
out = [Moves._free_at_least(g, group, k) for k in range(len(hand) + 2)]
# a use's needed equipment waiting to be computed: skipped unless it may make virtual cards
delayed = next(n for n in range(len(g.rs.card_names)) if g.rs.card_names[n] == "乐不思蜀")
old = Moves._NEEDED[0]
Moves._NEEDED[0] = Usable._Needed(g, 0, 0, 0, None, ())
out.append(Moves._free_at_least(g, group, 1))
Moves._NEEDED[0] = Usable._Needed(g, 0, delayed, 0, None, ())
out.append(Moves._free_at_least(g, group, 1))
Moves._NEEDED[0] = old
print(len(hand), out)
"""


def test_the_cards_outside_the_equipment_zones_are_counted_pure_and_as_built():
    from seeded_games import run_python
    outs = {pure: run_python(FREE, pure=pure).strip() for pure in (True, False)}
    n = int(outs[True].split()[0])
    assert n >= 3, outs
    want = f"{n} {[k <= n for k in range(n + 2)] + [True, False]}"
    assert outs[True] == outs[False] == want, outs


NEEDED_FIRST = identity_game(1) + r"""
from core.prims import moves as Moves, usable as Usable
# a fresh process: no conversion test ran, so usable has not read moves' list yet (step 273e)
mark = ("outer's",)
Moves._NEEDED[0] = mark
nd = Usable._Needed(g, 0, 0, 0, None, ())
v = nd.cards()
print(type(v).__name__, Moves._NEEDED[0] is mark, nd.cards() is v)
"""


def test_the_needed_equipment_is_computed_first_thing_and_moves_list_restored():
    from seeded_games import run_python
    for pure in (True, False):
        assert run_python(NEEDED_FIRST, pure=pure).split() == ["tuple", "True", "True"]
