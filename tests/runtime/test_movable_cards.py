"""The cards a move may take (moves._movable): the cards that are somewhere and, when the mover is
a role (bound by 002:27), not equipment in use (moves._equipment_in_use), which is the given tuple
itself when every card is (the shortcut of most moves, step 36). Equipment in use lies in an
equipment zone, so the stack is walked for it only when a given card does (step 59). Held to that
definition at every call of seeded random-player games of the three rulebooks, on the pure engine,
where the room's functions can be watched, and directly, pure and as built, on a skill frame of an
equipment card put on the stack."""
from seeded_games import identity_game, run_pure, run_python, watch

WATCH = watch(r"""
from core.prims import moves as Moves
movable = Moves._movable


def watched(g, cards, bound):
    got = movable(g, cards, bound)
    busy = Moves._equipment_in_use(g) if bound else ()
    want = tuple([c for c in cards if g.where_kind(c) >= 0 and c not in busy])
    seen["calls"] += 1
    seen["all"] += want == tuple(cards)
    seen["nowhere"] += any(g.where_kind(c) < 0 for c in cards)
    seen["equip"] += any(g.where_kind(c) in E.EQUIP_ZONES for c in cards)
    seen["busy"] += len(busy) > 0
    if (type(got) is not tuple or got != want) and len(bad) < 5:
        bad.append((cards, bound, busy, got, want))
    return got


Moves._movable = watched
""", 'seen["calls"], seen["all"], seen["nowhere"], seen["equip"], seen["busy"]')


def test_movable_cards_are_their_definition():
    """At every choice of a move's cards in nine seeded games (five of the current edition with
    every pack, two of the old edition, two of 战棋) the movable cards are those somewhere and
    not busy, as a tuple. Every call keeps every card (no seeded game moves equipment in use
    or a card that is nowhere): the dropping path is tested directly below. Some moves take
    equipment (the walk of the stack is made for them) and some are made while equipment is in
    use (a skill of an equipment card running)."""
    lines = run_pure(WATCH)
    games, calls, every, nowhere, equip, busy = map(int, lines[0].split())
    assert games == 9
    assert not lines[1:], "\n".join(lines[1:])
    # no seeded game moves a busy or lost card (below): the shortcut is taken at every call
    assert calls > 500 and every == calls, (calls, every, nowhere, equip, busy)
    assert equip > 10 and busy > 0, (calls, equip, busy)


DIRECT = identity_game(1) + r"""
import core.engine as E
from core.prims import base as B, moves as Moves
print(not E.__file__.endswith('.py'))   # compiled: the extension module
t = B._T(g)
# an equipment card that gives a skill, put into role 0's 装备区, and a card of the draw pile
eq = next(c for c in range(len(g.cards))
          if t.cards.get(g.card_name(c)) is not None and t.cards[g.card_name(c)][0] == "装备"
          and len(t.cards[g.card_name(c)][4]) > 0)
k, o = Moves._dest_zone(g, eq, (B.ZK_EQUIP, 0))
g.move_one(eq, k, o)
d = tuple(g.zone_cards(E.Z_DRAW, -1))[:2]
cards = (d[0], eq, d[1])
sid = g.rs.id_of("skill", t.cards[g.card_name(eq)][4][0])
prog = next(p for p in range(len(g.rs.progs)) if B._prog_kind(t, p) == B.PK_SKILL)


def movable(who):
    f = E.Frame(t.ev_move, 12)
    Moves.choose_move_cards(g, f, True, who, cards, len(cards))
    return Moves.moving_cards(g, f)   # the X_CARDS choose_move_cards wrote


print(*movable(0))    # no skill running: every card
fr = E.Frame(prog, 12)
fr.skill, fr.owner = sid, 0
g.push_frame(fr)   # the equipment's skill running (002:27): its card is in use
print(*movable(0))    # the card in use left out by the role moving
print(*movable(-1))   # the system (000:532): every card
fr.owner = 1       # another role's skill of that name: role 0's card is not in use
print(*movable(0))
# the card in role 3's 装备区, its skill running for role 3: dropped too (the card's zone kind is
# what _movable reads, not its zone's index, which for role 0's 武器区 equals an equipment kind)
k, o = Moves._dest_zone(g, eq, (B.ZK_EQUIP, 3))
g.move_one(eq, k, o)
fr.owner = 3
print(*movable(3))
print(d[0], eq, d[1])
"""


def test_busy_cards_are_not_movable():
    """The path the seeded games never take, pure and as built: an equipment card whose skill
    is running is dropped from a role's move, the others kept in their order; the system's move
    keeps it, and so does a role's move when no such skill runs (a _movable that never looked
    for equipment in use would keep it in the second line, one that always dropped equipment
    would drop it in the first); the same card busy in role 3's 装备区 is dropped too."""
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().splitlines()
        assert lines[0] == str(not pure)
        free, busy, system, other, busy3, every = [list(map(int, ln.split())) for ln in lines[1:]]
        assert len(every) == 3 and len(set(every)) == 3
        assert free == every and system == every and other == every, lines
        assert busy == [every[0], every[2]] and busy3 == busy, lines
