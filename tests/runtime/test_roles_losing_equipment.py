"""The roles the move flow's 失去装备区里的一张牌后❷ loop visits (zones.roles_losing_equipment,
step 38): of 所有角色, those for whom "甲的原区域为乙的装备区" holds for some card 甲 of the move —
the roles × cards comparison the flow made for every move before. Held to that definition at every
move of seeded random-player games of the three rulebooks, on the pure engine, where the room's
functions can be watched; the compiled engine plays the same games (the fingerprint)."""
from seeded_games import run_pure, watch

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
