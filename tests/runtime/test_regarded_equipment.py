"""视为装备 (〖八阵〗, core/prims/regarded.py): after a move of equipment (moves.move_cards) every
seat's regarded equipment is brought in step with the rules' answers by one ask
(update_everyones_regarded, step 164), which asks each seat only when some rule may answer or some
seat holds a name by one. 卧龙诸葛亮 equipping an armour of its own is no longer regarded as
equipping 【八卦阵】 and is again once it is gone; a role that lost 八阵 lets the regarded name and
its skill go at the next move of equipment; in a game without the rule nothing is regarded.
Each step: the count of names seat p is regarded as equipping and how many times p holds the
【八卦阵】 skill — pure and as built."""
from seeded_games import run_python

SCRIPT = r"""
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, moves as M, regarded as R
mod, P = S.load_engine("identity")
print(not M.__file__.endswith('.py'))
DECK = [("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3), ("诸葛连弩", "梅花", 1),
        ("八卦阵", "黑桃", 2)]
D = (E.Z_DISCARD, -1)


def game(generals):
    g = P.new_game(mod, 3, seed=1, deck=DECK, generals=generals, mode=None, hand=0,
                   shuffle=False, start=False)
    P.run_event(g, "移动", (0, (), 0, None))   # a root frame: the state move_cards writes
    return g


def move(g, cards, z):
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    f.slots = [0, cards, len(cards), z]
    M.move_cards(g, f, True, 0, cards)


def seats(g):
    return [(len(R.regarded_names(g, p)), g.players[p].has[SID]) for p in range(g.n)]


g = game(["关羽", "张飞", "卧龙诸葛亮"])
SID = g.rs.id_of("skill", "八卦阵")
R.update_regarded(g, 2)   # as the game's start asks
out = [seats(g)]
move(g, (4,), (B.ZK_EQUIP, 2))   # an armour of its own: no longer regarded as equipping one
out.append(seats(g))
move(g, (4,), D)                 # the armour gone: regarded again
out.append(seats(g))
g.revoke_skill(2, g.rs.id_of("skill", "八阵"))   # the rule lost, the name still held …
move(g, (3,), (B.ZK_EQUIP, 0))   # … until equipment moves: then let go
out.append(seats(g))
h = game(["关羽", "张飞", "刘备"])   # nobody with such a rule: the armour's own skill only
move(h, (4,), (B.ZK_EQUIP, 1))
out.append(seats(h))
print(out)
"""

WANT = str([[(0, 0), (0, 0), (1, 1)], [(0, 0), (0, 0), (0, 1)], [(0, 0), (0, 0), (1, 1)],
            [(0, 0), (0, 0), (0, 0)], [(0, 0), (0, 1), (0, 0)]])


def test_a_move_of_equipment_keeps_every_seats_regarded_equipment():
    for pure in (True, False):
        lines = run_python(SCRIPT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == WANT, lines
