"""decisions.ask_yesno's helper frame (step 129b): compiled, its slot list of one is taken from
the lists dead frames left (flow.pxd's args_slots), where it was a new list at each question.
Each frame pushed holds its own list of the one prompt, whether the list was kept or made —
frames asked in a row while the earlier ones live, then again after they died (their lists
kept) — with the op, the asker and its parent; pure and as built."""
from seeded_games import move_game, run_python

DIRECT = move_game(3, ["关羽", "张飞", "刘备"]) + r"""
import gc
from core.prims import base as B, decisions as D
print(not D.__file__.endswith('.py'))
bad, n = [], 0
for rnd in range(3):
    pushed = []
    for i in range(40):
        prompt = "是否发动%d" % (i % 7) if i % 5 else i   # any value: the frame's as given
        D.ask_yesno(g, root, True, i % 3, prompt)
        h = g.stack[-1]
        pushed.append((h, prompt))
    lists = set()
    for h, prompt in pushed:
        n += 1
        if (type(h.slots) is not list or h.slots != [prompt] or h.a != B.OP_YESNO
                or h.b != pushed.index((h, prompt)) % 3 or h.y is not root):
            bad.append((rnd, h.slots, prompt, h.a, h.b))
        lists.add(id(h.slots))
    if len(lists) != len(pushed):
        bad.append((rnd, "shared lists", len(lists)))
    del g.stack[1:]   # the helper frames die: their lists are kept for the next round
    del pushed, h
    gc.collect()
print(n, bad)
"""


def test_each_yes_no_frame_holds_its_own_list_of_its_prompt():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        assert lines[1] == "120 []", lines


RUN = move_game(3, ["关羽", "张飞", "刘备"]) + r"""
from core.prims import base as B, decisions as D
print(not D.__file__.endswith('.py'))
run = D.HelperProgram().run
out = []
for i, ans in enumerate((1, 0, 1, 0)):
    root.flags = 0
    root.result = -7
    g.pending = None
    D.ask_yesno(g, root, True, i % 3, "是否发动%d" % i)
    h = g.stack[-1]
    st = run(g, h)   # the question, asked of the seat with the frame's prompt
    d = g.pending
    asked = (st, d.kind, d.who, d.prompt, list(d.options), d.lo, d.hi, h.pc)
    g.ans = ans
    st = run(g, h)   # the answer: the parent's result and verdict (yes: executed)
    out.append((asked, st, root.result, bool(root.flags & B.F_NOTEXEC)))
    del g.stack[len(g.stack) - 1:]
print(out)
"""


def test_a_yes_no_frame_asks_then_gives_its_parent_the_answer():
    # _helper_run's OP_YESNO (step 200c: the first op it tests, its frames read where used):
    # the question of the frame's seat and prompt, then the answer as the parent's result and
    # verdict, pure and as built (the engine's runs: the fingerprint)
    for pure in (True, False):
        lines = run_python(RUN, pure=pure).strip().split("\n")
        assert lines[0] == str(not pure), lines
        out = eval(lines[1])
        assert out == [((2, 0, i % 3, "是否发动%d" % i, [], 1, 1, 1), 3, ans, ans == 0)
                       for i, ans in enumerate((1, 0, 1, 0))], (pure, out)
