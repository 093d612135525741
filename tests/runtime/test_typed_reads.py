"""The rooms' readings that step 83b made C reads through typed locals once compiled (a Pick's
fields in zones._retarget, owned_by, one_each and cards.count_cards, _objects_exist; a Player's
in games.general_of and identity_mode._general_pool; a frame's in resolving.effect_channel,
use._skill_use and _in_skill_use; Tables.suit_rules and a game's holders in
cards._suit_rules_held; status.kinds' dict in cards._kind_ok; docs/performance.md "Step 83").
Held to their definitions written here with attribute reads — at every third decision of three
seeded games, for the four top frames, every seat, Picks of each shape and values that are none
(None, a str, a card, a tuple, 2⁴⁰) — pure and as built."""
from seeded_games import DECISIONS, SAME_HEAD, SAME_TAIL, assert_definitions_hold

READS = DECISIONS + r"""
from core.prims import (base as B, cards as Cards, games as Games, identity_mode as IdentityMode,
                        moves as Moves, resolving as Resolving, roles as Roles, status as Status,
                        use as Use, zones as Zones)
""" + SAME_HEAD + r"""

def norm(v):
    # a value compared by its contents (a Pick has no __eq__)
    if isinstance(v, B.Pick):
        return ("Pick", v.kind, norm(v.group), v.lo, v.hi, v.chooser, norm(v.src), v.vname)
    if isinstance(v, (tuple, list)):
        return type(v)([norm(x) for x in v])
    return v


# the use context's index of the skill that started it: a C constant once compiled (use.pxd),
# read from the source
import re
from pathlib import Path
import core.prims
_src = Path(core.prims.__file__).parent
C_SKILL = int(re.search(r"^C_SKILL = (\d+)", (_src / "use.py").read_text(encoding="utf-8"), re.M).group(1))


def retarget(g, cs, who):
    if isinstance(cs, B.Pick) and cs.src is not None and cs.chooser < 0 and \
            isinstance(who, int) and who >= 0:
        return B.new_pick(cs.kind, Zones._pick_src(g, cs.src, who), cs.lo, cs.hi, who, cs.src,
                          cs.vname)
    return cs


def owned_by(g, f, who, cs):
    if isinstance(cs, B.Pick):
        if not (isinstance(who, int) and who >= 0):
            return B.new_pick("cards", (), cs.lo, cs.hi, f.owner, None, None)
        return B.new_pick("cards", Zones._pick_src(g, cs.src, who), cs.lo, cs.hi, f.owner, None,
                          cs.vname)
    return cs


def one_each(g, f, group, sub):
    src = sub.src if isinstance(sub, B.Pick) else Zones._SRC_OWN
    if isinstance(group, B.Pick):
        return B.new_pick("each", group.group, group.lo, group.hi, group.chooser, src, None)
    return tuple([c for q in Roles._group(g, f, group) for c in Zones._pick_src(g, src, q)[:1]])


def general_pool(g):
    used = [x.general for x in g.players if x.general >= 0]
    av = B._st(g)[B.S_AVATAR]
    for a in av or ():
        if a is not None:
            for held in a[0].values():
                used.extend(held)
    t = B._T(g)
    pack = t.pack if t.pack is not None else t.default_pack
    return [i for i in range(len(t.general_order))
            if i not in used and (pack is None or t.general_order[i] in pack)]


def dest_zone(g, c, z):
    if z is None or z[0] == B.ZK_GENERAL_DECK:
        return -1, -1
    if z[0] == B.ZK_EQUIP:
        info = B._T(g).cards.get(Cards._card_name_any(g, c))
        return B.EQUIP_SUBTYPE_ZONE.get(info[1] if info else "", E.Z_TREASURE), z[1]
    return z


def effect_channel(g):
    for fr in reversed(g.stack):
        k = t.prog_kind.get(fr.prog)
        if k == "card":
            c = Resolving._card_ctx(g, fr)
            return c if c is not None else B.NONE
        if k in ("skill", "delayed"):
            return ("技能", fr.skill)
    return B.NONE


def skill_use(fr):
    if fr.skill >= 0 and t.prog_kind.get(fr.prog) == "skill":
        return True
    if B._prog_evi(t, fr.prog) in (B.EVI_NEED_USE, B.EVI_NEED_PLAY):
        # the need flow's context: its frame's field y (decision 0133)
        return fr.y is not None and fr.y[C_SKILL] is not None
    return False


for seed, n, g in decisions("identity", (1, 2, 3), every=3):
    t = B._T(g)
    n_ = g.n
    same("suit_rules", Cards._suit_rules_held(g), any(g.holders[s] > 0 for s in t.suit_rules))
    for p in range(n_):
        gi = g.players[p].general
        same(("general_of", p), Games.general_of(g, p), None if gi < 0 else Games.general_card(g, gi))
    same("pool", IdentityMode._general_pool(g), general_pool(g))
    same("lord", IdentityMode.lord_player(g, g.stack[-1]),
         next((p for p in range(n_) if g.players[p].role == B.ROLE_LORD), B.NONE))
    for c in list(range(0, len(g.cards), 7)) + [-1, 10 ** 6]:
        for z in [None, (B.ZK_EQUIP, 0), (B.ZK_EQUIP, n_ - 1), (E.Z_HAND, 1), (B.ZK_GENERAL_DECK, -1)]:
            same(("dest", c, z), Moves._dest_zone(g, c, z), dest_zone(g, c, z))
    same("channel", Resolving.effect_channel(g, g.stack[-1]), effect_channel(g))
    for i, fr in enumerate(g.stack):
        same(("skill_use", fr.prog), Use._skill_use(g, fr), skill_use(fr))
        same(("in_skill_use", i), Use._in_skill_use(g, fr),
             any(skill_use(x) for x in g.stack[:i]))
    same("in_skill_use none", Use._in_skill_use(g, None), any(skill_use(x) for x in g.stack))
    kinds = Status.kinds(g)
    for have in list(kinds)[:6] + [-3, -1, 0, 5]:
        for want in sorted({w for ws in kinds.values() for w in ws})[:6] + [-2 - 5, -1, 0, 5, have]:
            same(("kind_ok", have, want), Cards._kind_ok(g, have, want),
                 have == want or (have == -2 - want if want <= -2 else
                                  (have >= 0 and want >= 0 and want in kinds.get(have, ()))))
    hand = g.zone_cards(E.Z_HAND, g.stack[-1].owner if g.stack[-1].owner >= 0 else 0)
    values = [None, "x", 2 ** 40, -1, tuple(hand), (hand[0],) if hand else (), 0]
    picks = [B.new_pick("cards", (), 1, 1, -1, Zones._SRC_OWN, None),
             B.new_pick("cards", (), 2, 3, 1, Zones._SRC_HAND, "杀"),
             B.new_pick("cards", (), 1, 1, -1, None, None),
             B.new_pick("cards", (), 1, 2, 0, Zones._SRC_OWN, None),
             B.new_pick("cards", tuple(hand), 0, 1, -1, Zones._SRC_AREAS, None)]
    groups = [B.ANY, B.OTHER, tuple(range(n_))] + list(range(n_))
    for f in g.stack[-4:]:
        for cs in picks + values:
            for who in list(range(-1, n_)) + [None, "x"]:
                same(("retarget", who), Zones._retarget(g, cs, who), retarget(g, cs, who))
                same(("owned_by", who), Zones.owned_by(g, f, who, cs), owned_by(g, f, who, cs))
            if isinstance(cs, B.Pick):
                want = B.Pick("cards", cs.group, cs.lo, cs.hi, cs.chooser, cs.src, B.NAME_AS_PHYSICAL)
                same("same_name", Resolving.virtual_card_same_name(g, f, cs), want)
            if cs not in (None, "x", 2 ** 40):
                want = cs.lo if isinstance(cs, B.Pick) else len(Cards._cards(g, f, cs))
                same("count", Cards.count_cards(g, f, cs), want)
                want = (Cards._candidates(g, f, cs) >= max(cs.lo, 1) if isinstance(cs, B.Pick)
                        else len(Cards._cards(g, f, cs)) > 0)
                same("exist", Cards._objects_exist(g, f, (cs,)), want)
            for group in groups + [B.new_pick("players", tuple(range(n_)), 1, 2, 0, None, None)]:
                same(("one_each", group), Zones.one_each(g, f, group, cs), one_each(g, f, group, cs))
""" + SAME_TAIL


def test_typed_reads_are_their_definitions():
    """Pure and as built: every reading answers its definition; many hold."""
    assert_definitions_hold(READS, games=3, asks=20000, true=5000)
