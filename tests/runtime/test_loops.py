"""A generated loop (循环 甲 取遍 …: ir.Next, its index in a slot) suspended in its body resumes
where it was, in the game and in a clone of it: find decisions asked while a flow's loop is in
its body with items still to come (an event flow's: the use flow's loop over the targets of an
area card, after the first target), clone the game
there, play the original on with the random player and the clone with the same answers: the two
logs are equal. Compiled when `sgs build` ran, else pure."""
from compiler import ir
from compiler.build import generate
from core import prims as P
from core.agents import RandomPlayer, ScriptedAgent, play
from core.decision import Decision

from test_clone import _Recording
from test_games import DECK, identity  # noqa: F401  (the fixture)


def _loop_bodies():
    """{program name: [(the loop's step, last pc of its body, items slot, index slot)]} of the
    bundled identity specs' event flows (a suspended frame's pc is the state it resumes at:
    within the body, or the loop's step when the body's last instruction suspended, the jump back
    followed: decision 0119)."""
    outputs, proj = generate()
    assert outputs
    out = {}
    for prog in proj.module.programs:
        if not prog.name.startswith("事件 "):   # the event flows' (the mode's set-up loops too)
            continue
        for n, ins in enumerate(prog.code):
            if isinstance(ins, ir.Next):
                out.setdefault(prog.name, []).append((n, ins.target - 1, ins.items, ins.index))
    return out


def _in_loop(g, bodies):
    """A frame of g's stack suspended inside a loop's body with items still to come."""
    for fr in g.stack:
        for lo, hi, items, index in bodies.get(g.rs.prog_names[fr.prog], ()):
            if lo <= fr.pc <= hi and fr.slots is not None:
                seq, i = fr.slots[items], fr.slots[index]
                if type(seq) is tuple and 1 <= i < len(seq):
                    return fr
    return None


def test_a_loop_suspended_in_its_body_resumes_in_a_clone(identity):  # noqa: F811
    bodies = _loop_bodies()
    assert "事件 移动" in bodies and "事件 使用" in bodies
    found = 0
    for seed in (1, 2, 3, 4):
        g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=2)
        a = RandomPlayer(seed)
        for _ in range(3000):
            d = g.step()
            if not isinstance(d, Decision):
                break
            fr = _in_loop(g, bodies)
            if fr is not None:
                break
            g.answer(a.choose(g, d))
        else:
            fr = None
        if fr is None:
            continue
        found += 1
        pc, index = fr.pc, list(fr.slots)
        c = g.clone()
        twin = c.stack[g.stack.index(fr)]
        assert (twin.pc, list(twin.slots)) == (pc, index) and twin is not fr
        rec = _Recording(RandomPlayer(seed + 500))
        play(g, rec)
        play(c, ScriptedAgent(rec.answers))
        assert c.log == g.log
    assert found >= 2, "no decision asked inside a loop's body"
