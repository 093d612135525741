"""decisions._helper's op and asker as C ints (step 185a): compiled, ask_yesno converts its seat
once, for the seat's test, its index and _helper's who, and _helper stores both in the frame's a
and b. Pure and as built: a yes/no asked of a living seat pushes a helper frame holding OP_YESNO
and that seat (seat 0 too); of a dead seat (seat 0 too) it pushes none and is not executed; of
seat -1 (nobody's seat: the seat test skipped) it pushes one holding -1; a frame pushed without
an asker (_resolve's) holds -1, one with an asker that asker."""
from seeded_games import move_game, run_python

DIRECT = move_game(3, ["关羽", "张飞", "刘备"]) + r"""
from core.prims import base as B, decisions as D
print(not D.__file__.endswith('.py'))
out = []
def asked(who):
    n = len(g.stack)
    root.flags = 0
    r = D.ask_yesno(g, root, True, who, "是否发动")
    if len(g.stack) == n:
        return ("none", r, bool(root.flags & B.F_NOTEXEC))
    h = g.stack[-1]
    del g.stack[n:]
    return (h.a == B.OP_YESNO, h.b, h.y is root)
out.append(asked(0))
out.append(asked(2))
out.append(asked(-1))
g.players[0].alive = False
g.players[2].alive = False
out.append(asked(0))
out.append(asked(2))
out.append(asked(1))
n = len(g.stack)
D._helper(g, root, B.OP_RESOLVE, ["x", True, "p"])
h = g.stack[-1]
out.append((h.a == B.OP_RESOLVE, h.b))
del g.stack[n:]
D._helper(g, root, B.OP_PLAY_N, [1, "x", 1], 2)
h = g.stack[-1]
out.append((h.a == B.OP_PLAY_N, h.b))
del g.stack[n:]
print(out)
"""


def test_helper_frames_hold_their_op_and_asker_pure_and_as_built():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        out = eval(lines[1])
        assert out[:3] == [(True, 0, True), (True, 2, True), (True, -1, True)], out
        # a dead seat: no frame pushed, status 0, the asking frame not executed (_done(f, False))
        assert out[3:5] == [("none", 0, True), ("none", 0, True)], out
        assert out[5] == (True, 1, True), out
        assert out[6:] == [(True, -1), (True, 2)], out
