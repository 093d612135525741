"""Step 204 of docs/performance.md, the roles' groups and the usability scan's room.

204a: roles._group reads an int group's value as a C long (roles._digit) and compares it with ANY
and OTHER as C constants, passes a Frame's owner to _others_seat as a C int, and answers a seat's
group of one by a kept tuple (roles._solo, as _regroup_one does): for every int a group may be —
the quantifiers, NONE, each seat, ints that are no seat, of one digit or more, bools — the same
tuple as its former definition (below), pure and as built; as built, a seat's group is the same
object at each ask.

204b: a filter's list of one seat (roles._regroup) and 已受伤的<seat> (wounded_characters) answer
the seat's kept tuple too: the same tuples as tuple(list) and (seat,), pure and as built.

204c: roles._general_item reads the seat and the general's index as C ints: each seat's faction
and sex (and seat -1's, the last one's, as the list's index reads it) are its general's entry's."""
from seeded_games import DECISIONS, run_both, run_python

GROUP = r"""
from core import engine as E, prims as P
import generated.identity as M
from core.prims import base as B, roles as R


def reference(g, f, v):   # roles._group's int branch before step 204a
    if v == B.ANY:
        return g.alive_tuple()
    if v == B.OTHER:
        return tuple([p for p in g.alive_tuple() if p != f.owner])
    return (v,) if v >= 0 else ()


g = P.new_game(M, 5, seed=1, log_level=0)
g.set_alive(3, False)
bad = []
asked = 0
for owner in range(-1, 6):
    f = E.Frame(0, 0)
    f.owner = owner
    for v in [B.ANY, B.OTHER, B.NONE, -4, -(1 << 29), -(1 << 30), -(1 << 40), True, False, 15,
              16, (1 << 30) - 1, 1 << 30, 1 << 40] + list(range(g.n + 1)):
        got, want = R._group(g, f, v), reference(g, f, v)
        asked += 1
        if got != want or type(got) is not tuple or [type(x) for x in got] != [type(x) for x in want]:
            bad.append((owner, v, got, want))
# a filter's list of one seat (roles._regroup) and 已受伤的<seat> (wounded_characters): the same
for v in [[], [0], [4], [15], [16], [True], [1 << 40], [0, 1], (2,)]:
    got, want = R._regroup((), v), tuple(v)
    asked += 1
    if got != want or type(got) is not tuple or [type(x) for x in got] != [type(x) for x in want]:
        bad.append(("regroup", v, got, want))
g.players[2].hp -= 1
for p in range(g.n):
    pl = g.players[p]
    got, want = R.wounded_characters(g, f, p), ((p,) if pl.hp < pl.maxhp else ())
    asked += 1
    if got != want or type(got) is not tuple:
        bad.append(("wounded", p, got, want))
same = all(R._group(g, f, p) is R._group(g, f, p) is R._regroup((), [p]) for p in range(g.n))
print(asked, same, bad[:3])
"""


def test_an_int_group_is_its_definition_pure_and_as_built():
    out = {pure: run_python(GROUP, pure=pure).split(" ", 2) for pure in (True, False)}
    assert out[True][0] == out[False][0] == "154", out
    assert out[True][2].strip() == out[False][2].strip() == "[]", out
    # as built, each seat's group of one is the kept tuple (pure: made at each ask, as before)
    assert out[False][1] == "True", out


GENERALS = DECISIONS + r"""
from core.prims import games as Games, roles as R
asked = 0
bad = []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds):
        for p in list(range(g.n)) + [-1]:
            gen = R._declared(g, p) or Games.general_of(g, p)
            want = (gen[1], gen[2]) if gen is not None else ("", "")
            if gen is not None:
                asked += 1
            if (R._faction(g, p), R._sex(g, p)) != want:
                bad.append((key, seed, n, p, want))
print(asked > 1000, bad[:3])
"""


def test_a_seats_faction_and_sex_are_its_generals_pure_and_as_built():
    assert run_both(GENERALS) == "True []"
