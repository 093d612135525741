"""Step 127 of docs/performance.md: what the usability scan and the readings it runs keep or read
in place, held to what they recompute or to their former form, pure and as built: 其他角色's group
(roles._others: kept by alive tuple at step 127a, made in place since step 131d), the use
counters (use._count_use), a filtered pick (roles._regroup), a weapon's range
(status._mod_range), the equipment a conversion skill's condition sees (usable._can_convert's
kept list), the scan's use-limit shortcut (usable._no_use_limit) and the first reading's legality
(roles.in_attack_range_one).

``roles._others`` (一名其他角色's group, OTHER expanded), the alive tuple without the owner made in
place (step 131d): at every decision of seeded random-player games of the three rulebooks, for every
seat (and owners that are no seat), ``_group`` of OTHER is the living seats of
``g.alive_tuple()`` but the owner, in its order, as a Frame's owner and as another object's."""
from seeded_games import DECISIONS, run_both, run_python

OTHERS = DECISIONS + r"""
from core.prims import base as B, roles as R


class Owner:   # not a Frame: its owner read as an attribute
    def __init__(self, owner):
        self.owner = owner


seen = {"asks": 0, "dead": 0}
bad = []
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds, 1):
        at = g.alive_tuple()
        for owner in list(range(g.n)) + [-1, g.n, None]:
            want = tuple([p for p in at if p != owner])
            f = E.Frame(0, 0)
            f.owner = owner if owner is not None else -1
            got = (R._group(g, f, B.OTHER), R._group(g, Owner(owner), B.OTHER), R.others_of(g, owner))
            seen["asks"] += 1
            if isinstance(owner, int) and 0 <= owner < g.n and not g.players[owner].alive:
                seen["dead"] += 1
            if owner is None:
                got = got[1:]
            if any(x != want or type(x) is not tuple for x in got):
                bad.append((key, seed, n, owner, got, want))
print(games, seen["asks"] > 5000, seen["dead"] > 100, bad[:3])
"""


def test_the_kept_other_roles_are_the_recomputed_ones_pure_and_as_built():
    assert run_both(OTHERS) == "7 True True []"


# roles._others keeps its last answer with the alive tuple it was made of and the owner (step
# 143b): asked again of the same seats and owner, the same tuple; of another owner, or after a
# death (a new alive tuple), the seats recomputed
KEPT_OTHERS = r"""
from core import prims as P
import generated.identity as M
from core.prims import roles as R
g = P.new_game(M, 5, seed=1, log_level=0)
a = R.others_of(g, 1)
b = R.others_of(g, 1)
c = R.others_of(g, 2)
c_want = tuple(p for p in g.alive_tuple() if p != 2)
d = R.others_of(g, 1)
g.set_alive(3, False)
e = R.others_of(g, 1)
print(a is b, a == d, c == c_want, 3 in a, e == tuple(p for p in g.alive_tuple() if p != 1),
      3 in e)
"""


def test_the_last_other_roles_are_kept_while_the_seats_and_owner_stay_pure_and_as_built():
    for pure in (True, False):
        assert run_python(KEPT_OTHERS, pure=pure).split() == \
            ["True", "True", "True", "True", "True", "False"], pure


# use._count_use (step 127c: the names and counters read as C ints) held to its former form, the
# reference below (limits.use_counter of boxed names and methods): the turn's and the phase's
# counters of every role at every decision of seeded random-player games of the three rulebooks
# are the same, as built, pure, and pure with the reference in its place
COUNTS = DECISIONS + r"""
import hashlib, sys
from core.engine import SC_PHASE, SC_TURN
from core.prims import base as B, cards as Cards, limits as Limits, turns as Turns, use as U


def reference(g, who, n, mi, /):
    t = B._T(g)
    in_play = Turns._in_play_phase(g)
    kl = t.kind_names
    if kl is None:
        kl = Cards._kinds_by_id(g)
    ks = kl[n] if 0 <= n < len(kl) else None
    names = (n,) + ks if ks is not None else (n,)
    played = t.k_used
    if in_play:
        for k in names:
            if k < len(played):
                g.add_count(SC_TURN, who, played[k], 1)
    if mi >= 0:
        for k in names:
            m = mi if k == n else 0
            ck = Limits.use_counter(t.k_use_turn, k, m)
            if ck >= 0:
                g.add_count(SC_TURN, who, ck, 1)
                if in_play:
                    g.add_count(SC_PHASE, who, Limits.use_counter(t.k_use_phase, k, m), 1)


if sys.argv[1:] == ["reference"]:
    U._count_use = reference
h = hashlib.md5()
seen = 0
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds, 1):
        counts = [list(g.cnt[SC_TURN]), list(g.cnt[SC_PHASE])]
        seen += sum(1 for c in counts for x in c if x)
        h.update(repr(counts).encode())
print(games, seen > 10000, h.hexdigest())
"""


def test_the_use_counts_are_the_reference_counts_pure_and_as_built():
    out = {(pure, ref): run_python(COUNTS, *(["reference"] if ref else []), pure=pure).strip()
           for pure, ref in ((True, True), (True, False), (False, False))}
    assert len(set(out.values())) == 1 and " True " in out[True, True], out


# roles._regroup of a Pick made by base's factory (new_pick, step 127e), where it called the type:
# the same fields as the type's Pick of the filtered roles, for picks of each kind of field
REGROUP = r"""
from core.prims import base as B, roles as R
bad = []
n = 0
for kind in ("players", "cards"):
    for lo, hi in ((1, 1), (0, 2), (2, 3)):
        for chooser in (-1, 0, 3):
            for src, vname in ((None, None), ((1, 2), None), (None, 7)):
                for roles in ([], [2], [0, 3, 1], (4, 1)):
                    pk = B.Pick(kind, (0, 1, 2, 3, 4), lo, hi, chooser, src, vname)
                    got = R._regroup(pk, roles)
                    want = B.Pick(kind, roles, lo, hi, chooser, src, vname)
                    n += 1
                    fields = lambda p: (type(p), p.kind, p.group, p.lo, p.hi, p.chooser, p.src, p.vname)
                    if fields(got) != fields(want):
                        bad.append((fields(got), fields(want)))
print(n, R._regroup((0, 1, 2), [1, 2]), bad[:2])
"""


def test_a_filtered_pick_is_the_types_pick_pure_and_as_built():
    assert run_both(REGROUP) == "216 (1, 2) []"


# status._mod_range (step 127f: the weapon zone read in place, each card's entry by its name id
# from t.card_infos) held to its definition (the Game's zone_cards and card_name, the tables'
# dictionary) for every seat at every decision of seeded random-player games of the three
# rulebooks, pure and as built
RANGES = DECISIONS + r"""
from core.prims import base as B, status as Status
seen = {"asks": 0, "weapons": 0}
bad = []
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds, 1):
        t = B._T(g)
        for p in range(g.n):
            want = None
            for c in g.zone_cards(E.Z_WEAPON, p):
                info = t.cards.get(g.card_name(c))
                if info is not None and info[2] is not None:
                    want = info[2]
                    break
            got = Status._mod_range(g, -1, p, -1)
            seen["asks"] += 1
            seen["weapons"] += want is not None
            if got != want:
                bad.append((key, seed, n, p, got, want))
print(games, seen["asks"] > 5000, seen["weapons"] > 1000, bad[:3])
"""


def test_the_weapons_range_is_its_definition_pure_and_as_built():
    assert run_both(RANGES) == "7 True True []"


# usable._can_convert keeps moves' _NEEDED list once read (step 127g): a conversion skill's
# condition sees, in Moves._NEEDED[0], the equipment the use needs (a _Needed) when the use's
# method is given and the role has equipment, () else, and the item is put back after the test,
# pure and as built (a Python subclass of Skill stands for the conversion skill: its condition
# records what it sees)
NEEDED = DECISIONS + r"""
from core.ruleset import Skill
from core.prims import moves as Moves, turns as Turns, usable as U
seen = []


class Probe(Skill):
    def cond(self, g, owner, ev, t):
        seen.append(Moves._NEEDED[0])
        return False


sk = Probe(0, "probe", (), 0, None, False, 0, 0, -1, False)
asked = {"needed": 0, "none": 0}
bad = []
for key, seeds in (("identity", range(1, 3)), ("zhanqi", range(1, 2))):
    for seed, n, g in decisions(key, seeds, 5):
        ev = Turns.current_turn(g, None)
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            before = Moves._NEEDED[0]
            for mi in (0, -1):
                del seen[:]
                got = U._can_convert(g, p, 0, ((0, sk, None),), mi, ev)
                want_needed = mi >= 0 and U._has_equipment(g, p)
                kind = type(seen[0]).__name__ if len(seen) == 1 else None
                asked["needed" if want_needed else "none"] += 1
                if got or kind != ("_Needed" if want_needed else "tuple") or \
                        Moves._NEEDED[0] is not before:
                    bad.append((key, seed, n, p, mi, got, kind))
print(games, asked["needed"] > 50, asked["none"] > 200, bad[:3])
"""


def test_a_conversion_skill_sees_the_needed_equipment_pure_and_as_built():
    assert run_both(NEEDED) == "3 True True []"


# usable._no_use_limit (step 127h): the scan's shortcut of Limits._use_limited — when it answers
# True, _use_limited answers False for every seat and method — at every third decision of seeded
# random-player games of the three rulebooks, for every card name, pure and as built
NO_LIMIT = DECISIONS + r"""
from core.prims import base as B, limits as Limits, targets as Targets, usable as U
seen = {"short": 0, "asked": 0, "limited": 0}
bad = []
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds, 3):
        for name in range(len(g.rs.card_names)):
            short = U.no_use_limit(g, name)
            seen["short" if short else "asked"] += 1
            for p in range(g.n):
                for mi in range(len(Targets._methods(g, name))):
                    limited = Limits._use_limited(g, p, name, mi)
                    seen["limited"] += limited
                    if short and limited:
                        bad.append((key, seed, n, name, p, mi))
print(games, seen["short"] > 10000, seen["asked"] > 500, seen["limited"] > 100, bad[:3])
"""


def test_the_scans_use_limit_shortcut_answers_as_the_limits_pure_and_as_built():
    assert run_both(NO_LIMIT) == "7 True True True []"


# roles.in_attack_range_one asks a role's legality of targets._legal_base (step 127i: the name is
# no 延时锦囊, tested before; _legal asked _is_delayed again for each role): a role the legality
# rules reject is never the first reading's target. Every third decision of seeded games: the
# first other role of the alive tuple is marked dead in place (its seat left in the tuple, as the
# memo keeps it until set_alive) and put back; the first reading of each kind of 【杀】 for every
# living user is empty or a living legal role in the user's attack range, and empty exactly when
# the full reading has no legal target, pure and as built
ILLEGAL = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns
seen = {"asks": 0, "cut": 0}
bad = []
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 3))):
    for seed, n, g in decisions(key, seeds, 3):
        ev = Turns.current_turn(g, None)
        if ev is None:
            continue
        names = [g.rs.card_names.index(x) for x in ("杀", "火杀", "雷杀") if x in g.rs.card_names]
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            at = g.alive_tuple()
            others = [q for q in at if q != p]
            if not others:
                continue
            q = others[0]
            g.players[q].alive = False
            try:
                for name in names:
                    first = Targets._target_value(g, p, name, 0, ev, False, True)
                    full = Targets._target_value(g, p, name, 0, ev)
                    got = list(first.group) if isinstance(first, B.Pick) else first
                    want = Targets._target_options_of(g, p, name, full, None) is not None
                    seen["asks"] += 1
                    seen["cut"] += q in (full.group if isinstance(full, B.Pick) else ())
                    if got is None or len(got) > 1 or bool(got) != want or (
                            got and (got[0] == q or not Targets._legal(g, p, name, got[0], None))):
                        bad.append((key, seed, n, p, name, got, want))
            finally:
                g.players[q].alive = True
print(games, seen["asks"] > 1000, seen["cut"] > 100, bad[:3])
"""


def test_the_first_reading_skips_a_role_the_legality_rules_reject_pure_and_as_built():
    assert run_both(ILLEGAL) == "5 True True []"
