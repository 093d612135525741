"""Steps 61 and 66 of docs/performance.md: the usability scan's conversion skills kept per seat
and the 【杀】 reading's objects, held to their definitions pure and as built (the compiled
engine's C paths are what the games run):

* Game.alive_tuple (所有角色, ANY expanded; alive_seats is its list): the living seats
  counterclockwise from the start (the current role, else the referee), written out below, from
  every start, and from starts past the last seat (wrapped);
* zones._has_own_cards (the targets of 【顺手牵羊】/【过河拆桥】): own_cards is not empty;
* usable._convert_skills_of, kept per seat in Game.seat_convert until the engine drops the seat's
  entry (its count of a skill between 0 and 1, a 无效 of its): the conversion skills every seat
  has and that are not 无效, in _convert_skills' order, computed afresh;
* base.new_pick: the Pick that Pick(...) makes with the same arguments.

At each decision of seeded random-player games of the three rulebooks, and directly: a
conversion skill granted, made 无效, made valid again and revoked at a seat whose conversion
skills were read before each change."""
from seeded_games import DECISIONS, identity_game, run_python

SCRIPT = DECISIONS + r"""
import collections
from core.prims import base as B, usable as U, zones as Z

seen = collections.Counter()
bad = []


def alive_written(g, start):
    if start < 0:
        start = g.current if g.current >= 0 else g.referee
    return tuple([(start + i) % g.n for i in range(g.n) if g.players[(start + i) % g.n].alive])


def conversions(g, p):
    # every conversion skill p has and that is not 无效, in _convert_skills' order, none kept
    return tuple([e for e in U._convert_skills(g)
                  if g.players[p].has[e[1].id] > 0 and g.players[p].invalid[e[1].id] == 0])


def check(g):
    for start in range(-1, g.n + 2):   # a start past the last seat wraps (Python's modulo)
        want = alive_written(g, start)
        seen["alive"] += 1
        seen["dead"] += len(want) < g.n
        if g.alive_tuple(start) != want or g.alive_seats(start) != list(want):
            bad.append(("alive", start, g.alive_tuple(start), want))
    for p in range(g.n):
        want = len(Z.own_cards(g, None, p)) > 0
        seen["own"] += 1
        seen["none own"] += not want
        if Z._has_own_cards(g, p) != want:
            bad.append(("own cards", p, want))
        want = conversions(g, p)
        seen["conv"] += 1
        seen["conv held"] += bool(want)
        seen["conv kept"] += g.seat_convert is not None and g.seat_convert[p] is not None
        if tuple(U._convert_skills_of(g, p)) != want:
            bad.append(("conversions", p, [e[1].name for e in U._convert_skills_of(g, p)],
                        [e[1].name for e in want]))


for key, seeds in (("identity", (1, 2, 3, 4)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds):
        check(g)
print(games, *[seen[k] > 100 for k in ("alive", "dead", "own", "none own", "conv", "conv held",
                                       "conv kept")])
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_the_groups_and_conversions_are_their_definitions_pure_and_as_built():
    out = {pure: run_python(SCRIPT, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines[0] == "6 True True True True True True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))
    assert out[True] == out[False]


CHANGES = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, roles as R, usable as U
g.step()
# a conversion skill seat 0 does not have, and one of its own skills (not a conversion skill)
sid = next(e[1].id for e in U._convert_skills(g) if g.players[0].has[e[1].id] == 0)


def names():
    return [e[1].id for e in U._convert_skills_of(g, 0)]


before = names()
kept1 = U._convert_skills_of(g, 1)
g.grant_skill(0, sid)
granted = names()
# seat 0's change dropped seat 0's answer only: seat 1's is the one kept
print(g.seat_convert[1] is kept1, U._convert_skills_of(g, 1) is kept1)
g.invalidate_skill(0, sid)
invalid = names()
g.invalidate_skill(0, sid, False)
valid = names()
c = g.clone()
g.revoke_skill(0, sid)
print(sid in before, sid in granted, sid in invalid, sid in valid, sid in names(),
      sid in [e[1].id for e in U._convert_skills_of(c, 0)])
pk, want = B.new_pick("players", [2, 0], 1, 2, 3, None, "杀"), B.Pick("players", [2, 0], 1, 2, 3, None, "杀")
print(type(pk) is B.Pick, [getattr(pk, a) for a in ("kind", "group", "lo", "hi", "chooser", "src", "vname")]
      == [getattr(want, a) for a in ("kind", "group", "lo", "hi", "chooser", "src", "vname")])
pk = R.choose_one_character(g, g.stack[-1], B.ANY)
print(pk.kind, pk.group == g.alive_tuple(), pk.lo, pk.hi, pk.chooser, pk.src, pk.vname)
"""


def test_a_change_of_skills_drops_the_kept_conversions_pure_and_as_built():
    """Read before each change, the kept answer follows the grant, the 无效 on and off and the
    revocation, and another seat's stays kept; the clone made before the revocation keeps its own answer; a Pick from new_pick
    and from choose_one_character has the fields Pick(...) gives."""
    out = {pure: run_python(CHANGES, pure=pure).strip().splitlines() for pure in (True, False)}
    for pure, lines in out.items():
        assert lines == ["True True", "False True False True False True", "True True",
                         "players True 1 1 -1 None None"], (pure, lines)
