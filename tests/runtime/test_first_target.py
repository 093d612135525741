"""Step 86a of docs/performance.md (docs/decisions/0081): a card's 使用目标 read up to its first
legal target when the usability scan only asks whether there is one (targets._target_value's
``first``; roles.in_attack_range_one, which compiler.emit.FIRST_OF writes for 选择一名 of
攻击范围内的…, and the outermost filters of a pick of one that FIRST_OF_FILTER writes, step 131a,
docs/decisions/0109: 【顺手牵羊】's at_distance_one, 【过河拆桥】's, 【借刀杀人】's, 【火攻】's), held to
the full reading, pure and as built: at every third decision (every sixth on the pure engine) of
seeded random-player games of the three rulebooks, for every living role and every method of
every card name with a 使用目标, _has_target answers the same of the first reading as of the full one and as _target_options_of's
"is not None" (the definition); the first reading of a pick holds at most one role, one of the
full reading's legal targets, and is a value of the full one's kind (a pick of the same size and
chooser: roles._regroup_one, step 131b); each of those forms is cut somewhere (its first reading
shorter than the full one: the form at work); and the full reading (first not asked) is the same
before and after a first reading (the group choose_targets reads is whole)."""
from seeded_games import DECISIONS, TURN_TARGET_VALUES, run_both, run_python

FIRST = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns
from core.prims.base import Pick
import sys
seen = {"rows": 0, "cut": 0, "yes": 0, "no": 0}
cut_names = set()   # the card names whose first reading was cut (the forms of the emitter)
bad = []


def group(v):
    if isinstance(v, Pick):
        return list(v.group)
    if v is None or isinstance(v, int):
        return v
    return list(v)


for key, seeds in (("identity", range(1, 5)), ("identity_old", range(1, 3)), ("zhanqi", range(1, 3))):
    for seed, n, g in decisions(key, seeds, int(sys.argv[1])):
        ev = Turns.current_turn(g, None)
        if ev is None:
            continue
        names = len(g.rs.card_names)
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            for name in range(names):
                for mi in range(len(Targets._methods(g, name))):
                    full = Targets._target_value(g, p, name, mi, ev)
                    first = Targets._target_value(g, p, name, mi, ev, False, True)
                    again = Targets._target_value(g, p, name, mi, ev)
                    want = Targets._target_options_of(g, p, name, full, None) is not None
                    got = Targets._has_target(g, p, name, first)
                    seen["rows"] += 1
                    seen["yes" if want else "no"] += 1
                    gf, gfull = group(first), group(full)
                    if isinstance(first, Pick) and gf != gfull:
                        seen["cut"] += 1
                        cut_names.add(g.rs.card_names[name])
                        legal = [q for q in gfull if Targets._legal(g, p, name, q, None)]
                        if len(gf) > 1 or (gf and gf[0] not in legal):
                            bad.append((key, seed, n, p, name, mi, "group", gf, gfull))
                    if got != want or Targets._has_target(g, p, name, full) != want:
                        bad.append((key, seed, n, p, name, mi, got, want))
                    # the first reading is the full one's kind of value (a pick stays a pick, its
                    # size and chooser kept: roles._regroup_one)
                    if type(first) is not type(full) or isinstance(full, Pick) and \
                            (first.kind, first.lo, first.hi, first.chooser, first.src) != \
                            (full.kind, full.lo, full.hi, full.chooser, full.src):
                        bad.append((key, seed, n, p, name, mi, "kind", first, full))
                    if group(again) != gfull:
                        bad.append((key, seed, n, p, name, mi, "again", group(again), gfull))
print(games, seen["rows"] > 20000, seen["cut"] > 300, seen["yes"] > 1000, seen["no"] > 1000, bad[:3])
print(sorted(cut_names))
"""


CUT = ['借刀杀人', '杀', '火攻', '火杀', '过河拆桥', '雷杀', '顺手牵羊']


def test_the_first_legal_target_answers_as_the_whole_group_pure_and_as_built():
    # at every third decision as built (the rooms' C the games run); the pure engine, ~7 times
    # slower at each, at every sixth of the same games
    out = {pure: run_python(FIRST, 6 if pure else 3, pure=pure).strip() for pure in (True, False)}
    assert out[True] == out[False] == "8 True True True True []\n" + repr(CUT), out


# step 168b: _has_target tells a Pick by its type first (targets._is_pick: an exact int, list or
# tuple is none, where isinstance walked the type's MRO); a subclass of Pick is still one, and a
# pick's group given as a list or a tuple answers as the definition does
KINDS = DECISIONS + r"""
from core.prims import base as B, targets as Targets, turns as Turns
from core.prims.base import Pick
""" + TURN_TARGET_VALUES + r"""


class SubPick(Pick):
    pass


rows, held, bad = 0, 0, []
for key, seed, n, g, p, name, mi, v in turn_target_values((("identity", (1, 2)), ("zhanqi", (1,))), 5):
    if not isinstance(v, Pick):
        continue
    sub = SubPick(v.kind, v.group, v.lo, v.hi, v.chooser, v.src, v.vname)
    for w in (v, sub, list(v.group), tuple(v.group)):
        want = Targets._target_options_of(g, p, name, w, None) is not None
        got = Targets._has_target(g, p, name, w)
        rows += 1
        held += want
        if got != want:
            bad.append((key, seed, n, p, name, mi, type(w).__name__, got, want))
print(rows > 2000, held > 500, bad[:3])
"""


def test_a_pick_is_told_by_its_type_and_a_subclass_is_one_pure_and_as_built():
    assert run_both(KINDS) == "True True []"


# step 174a: choose_targets' _AWAY, the cards of the used card that lie in an equipment zone
# (targets._equipment_of: each card's zone kind read in place, compiled), held to its definition
# (g.where_kind(x) in EQUIP_ZONES) at every fourth decision of seeded games, for each role's
# cards of each zone one by one and all at once, as a list and as a tuple
EQUIPPED = DECISIONS + r"""
from core.engine import EQUIP_ZONES, Z_HAND, Z_JUDGE
from core.prims import targets as Targets

rows, held, bad = 0, 0, []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 4):
        for p in range(g.n):
            cards = [x for z in (Z_HAND, Z_JUDGE) + EQUIP_ZONES for x in g.zone_cards(z, p)]
            for sel in [[x] for x in cards] + [cards, tuple(cards), []]:
                want = tuple([x for x in sel if g.where_kind(x) in EQUIP_ZONES])
                got = Targets.equipment_of(g, sel)
                rows += 1
                held += bool(want)
                if got != want or type(got) is not tuple:
                    bad.append((key, seed, n, p, sel, got, want))
print(rows > 3000, held > 300, bad[:3])
"""


def test_the_equipment_of_a_used_card_is_its_cards_in_an_equipment_zone_pure_and_as_built():
    assert run_both(EQUIPPED) == "True True []"
