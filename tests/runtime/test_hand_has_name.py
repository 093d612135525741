"""use._hand_has_name (step 124b): compiled, the hand's ids and their Cards read borrowed
(core/prims/handname.pxd). Held to its definition — some card of the seat's hand has that name id
(_hand_of_name(…, exact=True) not empty) — for every seat and every name id of the deck and one
past them, at each of a seeded game's first decisions of turns 2 to 9, pure and as built."""
from seeded_games import identity_game, run_python

DIRECT = identity_game(3) + r"""
import core.engine as E
from core.agents import RandomPlayer
from core.prims import use as Use
print(not Use.__file__.endswith('.py'))
a = RandomPlayer(3)
names = sorted({g.card_name(c) for c in range(len(g.cards))})
names.append(names[-1] + 1)
asks, yes, bad, seen = 0, 0, [], set()
while g.turn_no < 10:
    d = g.step()
    if d is None:
        break
    if g.turn_no >= 2 and g.turn_no not in seen:
        seen.add(g.turn_no)
        for p in range(g.n):
            hand = g.zone_cards(E.Z_HAND, p)
            for n in names:
                got = Use._hand_has_name(g, p, n)
                want = any(g.card_name(c) == n for c in hand)
                asks += 1
                yes += want
                if bool(got) != want or got != bool(Use._hand_of_name(g, p, n, True)):
                    bad.append((p, n, got, want))
    g.answer(a.choose(g, d))
print(asks, yes, bad[:5])
"""


def test_hand_has_name_is_its_definition():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        asks, yes, bad = lines[1].split(" ", 2)
        assert bad == "[]", lines
        assert int(asks) > 1000 and 50 < int(yes) < int(asks), lines
