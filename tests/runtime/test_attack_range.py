"""Whom a role reaches: in_attack_range reads the role's attack range once and asks the distance
only of the group's other roles while the card being targeted is not 无距离限制 (_tc_free); a
distance is Game.modval's formula over the base distance (its sums and bounds C ints when
compiled, docs/decisions/0046). Both are held to the definitions written out below at every
call of seeded random-player games of the three rulebooks (战棋's distances are the board's),
on the pure engine, where the runtime's functions can be watched; the compiled engine plays
the same games (the fingerprint)."""
from seeded_games import MODVAL_WRITTEN, run_pure, watch

WATCH = watch(r"""
from core.prims import roles as Roles
in_attack_range, distance = Roles.in_attack_range, E.Game.distance


""" + MODVAL_WRITTEN + r"""

def base_walked(g, a, b):
    # the fewer steps from a to b one way round or the other, a step to each living seat or b
    ways = []
    for step in (1, -1):
        steps, q = 0, a
        while q != b:
            q = (q + step) % g.n
            steps += g.players[q].alive or q == b
        ways.append(steps)
    return min(ways)


def distance_watched(g, a, b):
    got = distance(g, a, b)
    base = base_walked(g, a, b)
    if g.base_distance(a, b) != base and len(bad) < 5:
        bad.append(("base distance", a, b, g.base_distance(a, b), base))
    want = 0 if a == b else modval_written(g, E.MK_DISTANCE, a, b, base)
    seen["distances"] += 1
    seen["modified"] += a != b and want != base
    seen["past the dead"] += base < min((b - a) % g.n, (a - b) % g.n)
    if got != want and len(bad) < 5:
        bad.append(("distance", a, b, got, want))
    return got


def watched(g, f, who, group):
    got = in_attack_range(g, f, who, group)
    free = Roles._tc_free(g, who)
    rng = modval_written(g, E.MK_RANGE, who, -1, 1)
    want = Roles._regroup(group, [p for p in Roles._group_keep(g, f, group) if p != who and (
        free or rng >= distance(g, who, p))])
    seen["calls"] += 1
    seen["free"] += free
    seen["out of range"] += len(want) < len([p for p in Roles._group_keep(g, f, group) if p != who])
    if got != want and len(bad) < 5:
        bad.append(("in range", who, group, got, want))
    return got


Roles.in_attack_range, E.Game.distance = watched, distance_watched
# the scan's 【杀】 readings read their group whole, as before step 86a (in_attack_range_one reads
# it up to its first legal target, held to the whole group by test_first_target.py), so that
# in_attack_range is watched at each of them
Roles.in_attack_range_one = lambda g, f, who, group: Roles.in_attack_range(g, f, who, group)
""", 'seen["calls"], seen["free"], seen["out of range"], seen["distances"], seen["modified"], '
          'seen["past the dead"]')


def test_in_attack_range_and_distances_are_their_definitions():
    """At every in_attack_range call of nine seeded games (five of the current edition with
    every pack, two of the old edition, two of 战棋) its answer is the group's other roles
    within the attack range (or all of them, 无距离限制), and every distance the games ask is
    the glossary's formula over every modifier, over the base distance walked seat by seat;
    some distances were modified (horses, 〖马术〗), some passed dead seats and some roles were
    out of range, so a mutation of the bounds, of the sums, of the walk or of the range test
    is caught."""
    lines = run_pure(WATCH)
    games, calls, free, out, distances, modified, past_dead = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert calls > 500 and free > 0 and out > 100 and distances > 1000 and modified > 100
    assert past_dead > 100
