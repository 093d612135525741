"""A tuple of physical card ids is its own answer of cards._cards_phys (step 129d): compiled, the
test is core/prims/physcards.pxd's, inline in cards._cards_phys, and the moves room's own
(_all_physical_at, its items read borrowed: step 242b) in its _phys, which choose_move_cards and
move_cards ask instead of calling the cards room. Held to the
definition for tuples of physical ids, virtual cards, negative ids, other types and non-tuples
(an id past the virtual cards made is an IndexError, compiled too: base._rec tests it) — through
cards._cards_phys, and through move_cards, whose S_MOVED records _phys's answer — pure and as
built."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, cards as C, moves as M
mod, P = S.load_engine("identity")
print(not M.__file__.endswith('.py'))
DECK = [("杀", "红桃", 7), ("闪", "黑桃", 2), ("桃", "红桃", 3), ("酒", "梅花", 1)]
bad, n = [], 0
for case in range(4):   # a fresh game for each move below; the values asked in the first one
    g = P.new_game(mod, 3, seed=1, deck=DECK, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
                   shuffle=False, start=False)
    P.run_event(g, "移动", (0, (), 0, None))
    v = C._new_vcard(g, g.card_name(1), (1, 2))   # a virtual card of two physical cards
    values = [(), (0,), (0, 3), (3, 0, 2), (v,), (0, v), (v, 3), (-1,), (0, -1),
              (0, "x"), [0, 3], 3, v, (B.VBASE,), (B.VBASE - 1,)]
    for value in ((B.VBASE + 10**6,), (0, 2**40)) if case == 0 else ():   # past the records
        n += 1
        try:
            got = C._cards_phys(g, value)
        except IndexError:
            got = "IndexError"
        if got != "IndexError":
            bad.append(("past the records", value, got))
    for value in values if case == 0 else []:
        n += 1
        want = value if type(value) is tuple and all(
            type(c) is int and 0 <= c < B.VBASE for c in value) else None
        try:
            got = C._cards_phys(g, value)
        except Exception as e:
            got = type(e).__name__
        if want is not None and got is not value:
            bad.append(("not itself", value, got))
        if want is None and type(value) is tuple and got is value and value:
            bad.append(("itself", value, got))
    # a move of each kind of value: its S_MOVED is _phys's answer, the physical cards moved
    cards = [(0, 3), (v,), (0, v), (3,)][case]
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    f.slots = [0, cards, len(cards), (E.Z_DISCARD, -1)]
    M.move_cards(g, f, True, 0, cards)
    moved = B._st(g)[B.S_MOVED]
    want = tuple(c for x in cards for c in ((1, 2) if x == v else (x,)))
    n += 1
    if moved != want or (want == cards and moved is not cards):
        bad.append(("moved", cards, moved, want))
    if [g.where(c) for c in want] != [(E.Z_DISCARD, -1)] * len(want):
        bad.append(("where", cards, [g.where(c) for c in want]))
print(n, bad)
"""


def test_a_tuple_of_physical_ids_is_its_own_answer():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "21 []", lines
