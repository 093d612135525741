"""zones._origin_in (docs/performance.md, step 239c): lost_equipment_named, lost_cards and
_roles_losing_equipment find the running 移动 once and read each moved card's 原区域 in it, where
move_origin found the move again at each card. Held to their definitions by move_origin, card by
card, after a move of each role's hand cards, equipment and both to the discard pile (on a clone
of the game at every seventh decision of two seeded games), each role and each moved card's name
asked — pure and as built. Some moves lose equipment (answers read where the cards are now, the
discard pile, fail them). Step 272: lost_hand_card too (a C call, zones._lost_kind's reading of
the origin's kind and owner in place), the three asked before the move records its origins
(where each card is then: 〖白银狮子〗's every ask in the bench's games), and asked by a frame
whose event is the move (zones._running_move's second answer: a condition's probe frame)."""
from seeded_games import DECISIONS, identity_game, run_python

MOVES = DECISIONS + r"""
from core.prims import base as B, cards as C, moves as Moves, zones as Zones
print(not Zones.__file__.endswith('.py'))
X_CARDS = 2   # base's scratch index: a C constant of the compiled base
assert Zones.__file__.endswith('.so') or B.X_CARDS == X_CARDS
seen = {"asks": 0, "lost": 0, "before": 0}
bad = []


def lost_before(c, f, cards):   # the asks before move_cards records the origins: where each is
    for who in range(c.n):
        zs = [c.where(x) for x in cards]
        seen["before"] += any([z[1] == who for z in zs])
        if Zones.lost_hand_card(c, f, who) != ((E.Z_HAND, who) in zs):
            bad.append(("hand before", who, cards))
        want = any([z[1] == who and (z[0] == E.Z_HAND or z[0] in E.EQUIP_ZONES) for z in zs])
        if Zones.lost_cards(c, f, who) != want:
            bad.append(("lost before", who, cards))
        for name in {c.card_name(x) for x in cards}:
            want = any([z[0] in E.EQUIP_ZONES and z[1] == who
                        and C._kind_ok(c, c.card_name(x), name) for x, z in zip(cards, zs)])
            if Zones.lost_equipment_named(c, f, who, name) != want:
                bad.append(("named before", who, name, cards))


for seed, n, g in decisions("identity", (1, 2), every=7):
    for p in range(g.n):
        hand = tuple(g.zone_cards(E.Z_HAND, p))[:2]
        equip = tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
        for cards in (hand, equip, hand + equip):
            if not cards:
                continue
            c = g.clone()   # each move on a clone of the game at this decision
            f = E.Frame(B._T(c).ev_move, 12)
            f.slots[3] = (E.Z_DISCARD, -1)
            B._sx(f)[X_CARDS] = cards
            lost_before(c, f, cards)
            Moves.move_cards(c, f, True, p, cards)
            moved = Moves.moving_cards(c, f)
            origins = [Zones.move_origin(c, f, x) for x in moved]
            want_roles = tuple([q for q in c.alive_seats()
                                if any([z[0] in E.EQUIP_ZONES and z[1] == q for z in origins])])
            if Zones._roles_losing_equipment(c, f) != want_roles:
                bad.append(("roles", seed, n, p, cards))
            for who in range(g.n):
                want = any([z[1] == who and (z[0] == E.Z_HAND or z[0] in E.EQUIP_ZONES)
                            for z in origins])
                if Zones.lost_cards(c, f, who) != want:
                    bad.append(("lost", seed, n, p, who, cards))
                if Zones.lost_hand_card(c, f, who) != ((E.Z_HAND, who) in origins):
                    bad.append(("hand", seed, n, p, who, cards))
                pf = E.Frame(0, 12)   # a condition's probe frame: the move is its event
                pf.ev = f
                if (Zones.lost_hand_card(c, pf, who), Zones.lost_cards(c, pf, who)) != (
                        Zones.lost_hand_card(c, f, who), Zones.lost_cards(c, f, who)):
                    bad.append(("probe", seed, n, p, who, cards))
                for name in {c.card_name(x) for x in moved}:
                    want = any([z[0] in E.EQUIP_ZONES and z[1] == who
                                and C._kind_ok(c, c.card_name(x), name)
                                for x, z in zip(moved, origins)])
                    seen["asks"] += 1
                    seen["lost"] += want
                    if Zones.lost_equipment_named(c, f, who, name) != want:
                        bad.append(("named", seed, n, p, who, name, cards))
print(games, seen["asks"], seen["lost"], seen["before"], bad[:5])
"""


def test_origins_read_in_the_move_found_once():
    for pure in (True, False):
        lines = run_python(MOVES, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure), lines
        games, asks, lost, before, bad = lines[1].split(" ", 4)
        assert bad == "[]", lines[1]
        assert int(games) == 2 and int(asks) > 500 and 0 < int(lost) < int(asks) // 2, lines[1]
        assert int(before) > 100, lines[1]


NO_MOVE = identity_game(1, start=False) + r"""
from core.prims import base as B, zones as Zones
print(not Zones.__file__.endswith('.py'))
f = B._frame0(0, None)   # no 移动 running: each card's 原区域 is where it is now
print([c for c in range(len(g.cards)) if Zones.move_origin(g, f, c) != g.where(c)])
"""


def test_no_move_running():
    for pure in (True, False):
        assert run_python(NO_MOVE, pure=pure).split() == [str(not pure), "[]"]
