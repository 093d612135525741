"""Steps 131c, 131e and 131g of docs/performance.md: roles' reads of one seat made in place, held to
their definitions, pure and as built, for every seat (and values that are no seat) at every
third decision of seeded random-player games of the three rulebooks:
roles.wounded_characters of one seat (已受伤的你, 【桃】's 使用目标) answers its tuple or the empty
one at once, without the list _regroup copies — the same as the general path (the seat as a group
of one) and as hp below max hp, wounded and unwounded seats both met; roles.is_dead (the seat
read and compared as C values) answers whether a seat's role is not alive, False for anything
that is no seat (a card, -1, past the last seat), dead and living roles both met; roles.seat_number
(its sum made with C ints) answers (who - first seat) mod n + 1, Python's modulo, for seats and
for ints that are none (-1, -3, past the last seat)."""
from seeded_games import DECISIONS, run_both

READS = DECISIONS + r"""
from core.prims import roles as Roles, turns as Turns
seen = {"wounded": 0, "whole": 0, "dead": 0, "alive": 0}
bad = []
for key, seeds in (("identity", range(1, 3)), ("identity_old", range(1, 2)), ("zhanqi", range(1, 2))):
    for seed, n, g in decisions(key, seeds, 3):
        f = Turns.current_turn(g, None)
        if f is None:
            continue
        for p in range(g.n):
            pl = g.players[p]
            want = (p,) if pl.hp < pl.maxhp else ()
            got = Roles.wounded_characters(g, f, p)
            general = Roles.wounded_characters(g, f, (p,))
            seen["wounded" if want else "whole"] += 1
            if type(got) is not tuple or got != want or general != want:
                bad.append((key, seed, n, p, got, general, want))
            dead = Roles.is_dead(g, f, p)
            seen["alive" if pl.alive else "dead"] += 1
            if dead is not (not pl.alive):
                bad.append((key, seed, n, p, "dead", dead))
        for v in list(range(g.n)) + [-1, -3, g.n, g.n + 5]:
            want = (v - g.first_seat) % g.n + 1
            if Roles.seat_number(g, f, v) != want:
                bad.append((key, seed, n, v, "seat", Roles.seat_number(g, f, v), want))
        for v in (-1, -3, g.n, g.n + 5, None, "x", (0,)):
            if Roles.is_dead(g, f, v) is not False:
                bad.append((key, seed, n, v, "dead", Roles.is_dead(g, f, v)))
print(games, seen["wounded"] > 100, seen["whole"] > 100, seen["dead"] > 20, seen["alive"] > 100,
      bad[:3])
"""


def test_one_seats_reads_answer_as_their_definitions_pure_and_as_built():
    assert run_both(READS) == "4 True True True True []"
