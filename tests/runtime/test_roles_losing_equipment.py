"""The roles the move flow's 失去装备区里的一张牌后❷ loop visits (zones.roles_losing_equipment,
step 38): of 所有角色, those for whom "甲的原区域为乙的装备区" holds for some card 甲 of the move —
the roles × cards comparison the flow made for every move before. Held to that definition at every
move of seeded random-player games of the three rulebooks, on the pure engine, where the room's
functions can be watched; the compiled engine plays the same games (the fingerprint).

Step 67: most moves lose no equipment, and move_cards says so (the move's X_KEPTEQUIP: the cards
it moved when no origin pair it wrote is an equipment zone); the answer is () without a walk when
those cards are 此次移动的牌 itself. Held to the walk (zones._roles_losing_equipment) for every
move on the stack at every decision of seeded games, and directly for the cases the games rarely
or never make, pure and as built."""
from seeded_games import DECISIONS, identity_game, run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import moves as Moves, roles as Roles, values as Values, zones as Zones
losing = Zones.roles_losing_equipment


def watched(g, f):
    got = losing(g, f)
    # the flow as the spec wrote it before: 循环 乙 取遍 所有角色 / 循环 甲 取遍 此次移动的牌 /
    # 若甲的原区域为乙的装备区
    cards = Moves.moving_cards(g, f)
    want = tuple([p for p in Zones.all_of(g, f, Roles.alive_characters(g, f))
                  if any([Values.eq(g, f, Zones.move_origin(g, f, c), Zones.zone_equip(g, f, p))
                          for c in cards])])
    seen["calls"] += 1
    seen["some"] += bool(want)
    # a card that left the equipment zone of a role no longer alive (its death's discard)
    seen["dead"] += any([Zones.move_origin(g, f, c)[0] in E.EQUIP_ZONES
                         and not g.players[Zones.move_origin(g, f, c)[1]].alive for c in cards])
    if (type(got) is not tuple or got != want) and len(bad) < 5:
        bad.append((cards, got, want))
    return got


Zones.roles_losing_equipment = watched
""", 'seen["calls"], seen["some"], seen["dead"]')


def test_roles_losing_equipment_are_their_definition():
    """At every move of nine seeded games (five of the current edition with every pack, two of
    the old edition, two of 战棋: its flows have no such loop, so only the first seven ask) the
    roles are those of 所有角色 whose 装备区 some moved card left, in that order. Some moves lose
    equipment (a shortcut answering () always fails), most do not (one answering 所有角色
    fails), and some lose a dead role's (one that forgot the living fails)."""
    lines = run_pure(WATCH)
    games, calls, some, dead = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    assert calls > 500 and 10 < some < calls // 2 and dead > 0, (calls, some, dead)


MOVES = DECISIONS + r"""
from core.prims import base as B, moves as Moves, zones as Zones
print(not E.__file__.endswith('.py'))   # compiled: the extension module
X_CARDS, X_KEPTEQUIP = 2, 12   # base's scratch indices: C constants of the compiled base
assert E.__file__.endswith('.so') or (B.X_CARDS, B.X_KEPTEQUIP) == (X_CARDS, X_KEPTEQUIP)
seen = {"moves": 0, "kept": 0, "some": 0}
bad = []
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,))):
    for seed, n, g in decisions(key, seeds, every=7):
        for p in range(g.n):
            hand = tuple(g.zone_cards(E.Z_HAND, p))[:2]
            equip = tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
            for cards in (hand, equip, hand + equip, hand + hand[:1]):
                c = g.clone()   # each move on a clone of the game at this decision
                f = E.Frame(B._T(c).ev_move, 12)
                f.slots[3] = (E.Z_DISCARD, -1)
                B._sx(f)[X_CARDS] = cards
                Moves.move_cards(c, f, True, p, cards)
                got = Zones.roles_losing_equipment(c, f)
                want = Zones._roles_losing_equipment(c, f)
                seen["moves"] += 1
                seen["kept"] += B._get(f, X_KEPTEQUIP) is cards
                seen["some"] += len(want) > 0
                if (type(got) is not tuple or got != want) and len(bad) < 5:
                    bad.append((key, seed, n, p, cards, got, want))
print(games, seen["moves"], seen["kept"], seen["some"])
for x in bad:
    print("DIFFERS", *x)
"""


def test_moves_of_seeded_games_answer_the_walk():
    """At every seventh decision of four seeded games, pure and as built, a move of each role's
    hand cards, equipment, both, and a hand card listed twice, made on a clone of the game,
    answers what the walk answers. Most moves take the shortcut; those of equipment lose it (a
    shortcut answering () whatever the origins fails them)."""
    for pure in (True, False):
        lines = run_python(MOVES, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert not lines[2:], "\n".join(lines[2:])
        games, moves, kept, some = map(int, lines[1].split())
        assert games == 4
        assert moves > 1000 and 0 < kept < moves and 0 < some < moves, lines[1]


DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves, zones as Zones
print(not E.__file__.endswith('.py'))   # compiled: the extension module
X_CARDS, X_KEPTEQUIP = 2, 12   # base's scratch indices: C constants of the compiled base
assert E.__file__.endswith('.so') or (B.X_CARDS, B.X_KEPTEQUIP) == (X_CARDS, X_KEPTEQUIP)
t = B._T(g)
equips = [c for c in g.zone_cards(E.Z_DRAW, -1)
          if t.cards.get(g.card_name(c)) is not None and t.cards[g.card_name(c)][0] == "装备"]
# role 0's equipment card and role 1's (different slots or not: each its own role's zone)
for c, p in ((equips[0], 0), (equips[1], 1)):
    k, o = Moves._dest_zone(g, c, (B.ZK_EQUIP, p))
    g.move_one(c, k, o)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:3]


def move(cards, listed=None):
    # a move of ``cards`` to the discard pile, 此次移动的牌 being ``listed`` (else ``cards``)
    # when asked
    listed = cards if listed is None else listed
    f = E.Frame(t.ev_move, 12)
    f.slots[3] = (E.Z_DISCARD, -1)
    B._sx(f)[X_CARDS] = cards
    Moves.move_cards(g, f, True, 0, cards)
    B._sx(f)[X_CARDS] = listed
    got = Zones.roles_losing_equipment(g, f)
    print(*got, "|", *Zones._roles_losing_equipment(g, f), "|",
          B._get(f, X_KEPTEQUIP) is listed)


hand = (d[0], d[1])
move(hand, hand)                          # no equipment: the shortcut
move((d[2], equips[0]))                   # role 0 loses one
move((d[0], d[0]))                        # a card listed twice: the walk
move((d[1],), (d[1], equips[1]))          # 此次移动的牌 not the cards moved: the walk
"""


def test_the_cases_the_games_rarely_make():
    """Pure and as built: a move of no equipment takes the shortcut; a move of role 0's
    equipment answers (0,); a card listed twice and a 此次移动的牌 other than the cards moved
    (a card of role 1's 装备区 not moved: its 原区域 is where it is now) are walked (a shortcut
    that did not compare the cards with those moved answers () for the last)."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        assert lines[1:] == ["| | True", "0 | 0 | False", "| | False", "1 | 1 | False"], lines
