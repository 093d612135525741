"""use._push_need (step 161): the need event's program it pushes is the one the game's own tables
name — it keeps the two need events' ids of the tables it read last, by their identity, so a
game of other tables (here another rulebook's, its events renamed by the test: the books' ids
are equal) reads theirs — and the flow's context is the pushed frame's field y (decision 0133),
made of the need's method, restriction and event. Pure and as built."""
from seeded_games import run_python

SCRIPT = r"""
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import base as B, use as Use

bad = []


def game(key):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    g.step()
    return g


def push(g, use, want):
    f = g.stack[-1]
    c = Use._push_need(g, f, 0, 5, use, (1,), 2, f)
    y = c.y
    if c.prog != want or g.stack[-1] is not c or type(y) is not list or len(y) != 10 \
            or y[0] != 2 or y[1] != (1,) or y[5] is not f or y[3]:
        bad.append((c.prog, want, y))
    g.stack.pop()   # the need flow is not run


a, b = game("identity"), game("zhanqi")
ta, tb = B._T(a), B._T(b)
use_a, play_a = ta.events["需要使用牌"], ta.events["需要打出牌"]
# the other tables' need events swapped: their ids differ from the first tables' now
tb.events["需要使用牌"], tb.events["需要打出牌"] = tb.events["需要打出牌"], tb.events["需要使用牌"]
for use in (True, False, True):
    push(a, use, use_a if use else play_a)
    push(b, use, tb.events["需要使用牌" if use else "需要打出牌"])
print(use_a != play_a, bad[:3])
"""


def test_push_need_reads_its_games_tables_pure_and_as_built():
    for pure in (True, False):
        assert run_python(SCRIPT, pure=pure).strip() == "True []", pure
