"""A program's frame pushed by core.prims.flow (_push_prog: call with a tuple; _push_args: call1 to
call3) is, compiled, made and pushed in one step (spares.pxd's pushed_frame; step 121): the frame
Game.new_frame then Game.push_frame make, pure and as built — its owner and event, the next id,
a made frame's defaults, named in its parent's child, the push counted on the stack."""
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _fields(f):
    return (f.prog, f.pc, f.owner, f.skill, f.a, f.b, f.flags, f.term_pc, f.jump_pc, f.timing,
            f.subject, f.timings, f.x, f.child)


def test_a_pushed_programs_frame_is_the_one_new_frame_and_push_frame_make(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    g.step()
    cid = P._T(g).ev_move
    for how in ("call", "call1", "call2"):
        c = g.clone()
        f = c.stack[-1]
        c.step_end = c.steps   # run_pushed runs nothing once the budget is spent
        serial, depth, pushed = c.serial, len(c.stack), c.pushed
        if how == "call":
            P.call(c, f, cid, (0, ()))
        else:
            getattr(P, how)(c, f, cid, *(0, ())[:int(how[-1])])
        fr = c.stack[-1]
        assert len(c.stack) == depth + 1 and c.pushed == pushed + 1 and f.child is fr
        assert fr.id == c.serial == serial + 1
        assert (fr.prog, fr.owner) == (cid, f.owner) and fr.ev is not None
        assert _fields(fr)[1:] == (0, f.owner, -1, 0, 0, 0, -1, -1, -1, None, None, None, None)
        assert c.pushed - c.popped == len(c.stack)
