"""decisions._helper_resolve asks for a Pick with its C-int counts (step 192a) and its group's
size read once (step 192c): a group smaller than the Pick's lo, or empty whatever its kind and
lo, asks nothing and leaves the asking frame not executed; otherwise the question's bounds are
lo..min(hi, size) and its seat the Pick's chooser, or the frame's owner for -1. Pure and as
built, the same answers."""
from seeded_games import move_game, run_python

DIRECT = move_game(3, ["关羽", "张飞", "刘备"]) + r"""
from core.prims import base as B, decisions as D
print(not D.__file__.endswith('.py'))
run = D.HelperProgram().run
root.owner = 0   # the frame whose owner a Pick of chooser -1 asks
out = []
for kind, group, lo, hi, chooser in [("players", (), 0, 1, -1), ("cards", (), 0, 1, -1),
                                     ("players", (1,), 2, 2, -1), ("cards", (5,), 2, 3, 1),
                                     ("players", (1, 2), 0, 5, -1), ("cards", (5, 6, 7), 1, 2, 2),
                                     ("players", (0, 1, 2), 3, 3, 1)]:
    n = len(g.stack)
    root.flags = 0
    g.pending = None
    pk = B.new_pick(kind, group, lo, hi, chooser, None, None)
    D._helper(g, root, B.OP_RESOLVE, ["choose_characters", True, "p", 0, pk])
    h = g.stack[-1]
    st = run(g, h)
    d = g.pending
    del g.stack[n:]
    out.append((st, bool(root.flags & B.F_NOTEXEC), None if d is None else
                (d.kind, d.who, list(d.options), d.lo, d.hi)))
print(out)
"""


def test_a_picks_question_bounds_pure_and_as_built():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        out = eval(lines[1])
        # too few (an empty group whatever its lo): nothing asked, not executed
        assert out[:4] == [(3, True, None)] * 4, out
        owner = 0
        assert out[4] == (2, False, (3, owner, [1, 2], 0, 2)), out
        assert out[5] == (2, False, (2, 2, [5, 6, 7], 1, 2)), out
        assert out[6] == (2, False, (3, 1, [0, 1, 2], 3, 3)), out
