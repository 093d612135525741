"""The status queries' fast paths (step 48 of docs/performance.md), held to their definitions
pure and as built:

* status._in_group_of compares a role with ANY, OTHER or a seat in C: status._in_group (its
  cpdef caller) answers as the definition written out below for every owner, role and group;
* status._query answers a distance whose held rules are of one operation (the horses,
  〖马术〗) through _distance_answer, summed in C without the query's list, and
  _DistanceModifier.value answers as _mod_distance without calling it: every distance between
  two seats (the status rules' answer, and Game.distance), asked at each decision of seeded
  games, is the same on the engine as built and on the pure one, where test_direct_rules holds
  _distance_answer to each rule's program."""
from seeded_games import run_python

GROUPS = r"""
import sys
import core
import generated.identity as M
from core import prims as P
from core.prims import base as B, status as Status
pure = sys.argv[1] == "1"
assert (core.uncompiled_reason() is None) != pure


def definition(owner, who, group):
    if isinstance(group, int):
        if group == B.ANY:
            return who >= 0
        if group == B.OTHER:
            return who >= 0 and who != owner
        return who == group
    if isinstance(group, B.Pick):
        return who in group.group
    return who in group


g = P.new_game(M, 5, seed=1, deck="标准版加军争", log_level=0)
g.step()
roles = [B.NONE, 0, 1, 2, 3, 4, 7, B.VBASE + 3]
groups = [B.ANY, B.OTHER, B.NONE, 0, 2, 4, True, (1, 3), ()]
n = bad = 0
for owner in range(g.n):
    f = g.new_frame(0, owner, None, -1)
    for who in roles:
        for group in groups:
            got, want = Status._in_group(g, f, who, group), definition(owner, who, group)
            n += 1
            if got is not want:
                bad += 1
                print("DIFFERS", owner, who, group, got, want)
print(n, bad)
"""

DISTANCES = r"""
import hashlib
import sys
import core
import generated.identity as M
from core import prims as P
from core.agents import RandomPlayer
from core.decision import Decision
from core.prims import base as B, status as Status
pure = sys.argv[1] == "1"
assert (core.uncompiled_reason() is None) != pure
out = []
for s in (1, 2, 3):
    g = P.new_game(M, 5, seed=s, deck="标准版加军争", log_level=0)
    agent = RandomPlayer(s)
    while True:
        d = g.step()
        if not isinstance(d, Decision):
            break
        if g.root_state is not None:
            # the status rules' answer, and the distance Game.modval makes of it through
            # _DistanceModifier.value (which answers as _mod_distance: checked at each)
            out.append([Status._query(g, B.Q_DIST, a, b) for a in range(g.n) for b in range(g.n)
                        if a != b])
            out.append([g.distance(a, b) for a in range(g.n) for b in range(g.n)])
            mod = Status._DistanceModifier(0, 1, None, -1)
            for a in range(g.n):
                for b in range(g.n):
                    if mod.value(g, -1, a, b) != Status._mod_distance(g, -1, a, b):
                        print("DIFFERS", s, a, b)
        g.answer(agent.choose(g, d))
print(len(out) // 2, sum(1 for ds in out[::2] for d in ds if d), hashlib.md5(str(out).encode()).hexdigest())
"""


def test_in_group_answers_as_its_definition_pure_and_as_built():
    for pure in (0, 1):
        n, bad = map(int, run_python(GROUPS, pure, pure=bool(pure)).split()[-2:])
        assert n == 5 * 8 * 9 and bad == 0


def test_the_distances_as_built_are_the_pure_engines():
    built = run_python(DISTANCES, 0).split()
    pure = run_python(DISTANCES, 1, pure=True).split()
    assert built == pure and "DIFFERS" not in built
    decisions, answered = int(built[0]), int(built[1])
    assert decisions > 300 and answered > 1000   # distances a rule changed (horses, 〖马术〗)

