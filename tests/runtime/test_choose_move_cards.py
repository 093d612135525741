"""moves.choose_move_cards (step 129c): compiled, X is read as a C int once and the move's flag
(X_FLAG: as many cards as X could be chosen) compares the bound with it in C, where `hi >= x`
boxed the bound at each move; the scratch is taken once. Held to the definition for cards of
each count, X from 0 to 4, a role that chooses, none, and Picks of other bounds: the flag, the
cards chosen without a question, and the question's frame — pure and as built."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from core.prims import base as B, moves as M
mod, P = S.load_engine("identity")
print(not M.__file__.endswith('.py'))
X_CARDS, X_FLAG = getattr(B, "X_CARDS", 2), getattr(B, "X_FLAG", 10)
assert (X_CARDS, X_FLAG) == (B.X_CARDS, B.X_FLAG) if hasattr(B, "X_FLAG") else True
bad, n = [], 0
for cards in ((), (0,), (0, 1), (2, 0, 1)):
    for x in range(5):
        for who in (0, -1):
            for pick in (None, (0, 1), (1, 3), (2, 2)):
                g = P.new_game(mod, 3, seed=1, generals=["关羽", "张飞", "刘备"], mode=None, hand=0,
                               shuffle=False, start=False)
                g.move((0, 1), E.Z_HAND, 0)
                root = P.run_event(g, "移动", (0, (), 0, None))
                f = E.Frame(B._T(g).ev_move, 4)
                f.slots = [who, cards, x, None]
                g.push_frame(f)
                lo = hi = x
                arg = cards
                if pick is not None:
                    lo, hi = pick
                    arg = B.Pick("cards", cards, lo, hi, who)
                M.choose_move_cards(g, f, True, who, arg, x)
                n += 1
                hi = min(hi, len(cards))
                lo = min(lo, hi)
                asked = g.stack[-1] is not f
                if hi <= 0:
                    want = (False, (), False)
                elif lo == len(cards) or who < 0:
                    want = (False, cards[:hi], hi >= x)
                else:
                    want = (True, None, hi >= x)
                got = (asked, f.x[X_CARDS], f.x[X_FLAG])
                if got != want or type(got[2]) is not bool:
                    bad.append((cards, x, who, pick, got, want))
print(n, bad)
"""


def test_the_move_flag_and_cards_are_the_definitions():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "160 []", lines
