"""What a clone costs besides its copies (docs/performance.md, step 15): a dropped clone is freed
by reference counting (at most decisions nothing is left to the garbage collector), and what
frees it changes nothing in the original."""
import gc

import pytest

import core
from core.decision import Decision
from core.agents import RandomPlayer, ScriptedAgent, play
from core.prims.base import F_CHILDEXEC, _ret_read

from test_clone import _Recording, _rulebook_game

compiled = pytest.mark.skipif(core.uncompiled_reason() is not None,
                              reason="Game's destructor is compiled only (pure Python's collector frees the cycles)")


def _ev_links(g):
    return [(f, f.ev) for f in g.stack]


@compiled
@pytest.mark.parametrize("key,seed", [("identity", 1), ("identity_old", 2), ("zhanqi", 2)])
def test_a_dropped_clone_leaves_its_stack_to_reference_counting(key, seed):
    """At every decision of a game: a clone and its clone are dropped (unplayed: a played clone's
    pending decision names it, a cycle of its own). A running frame and its event frame name each
    other (ev, child): the game's destructor breaks those cycles, so at most decisions nothing
    of the dropped clones is left to the collector, and the original's frames keep their links.
    (Frames may still name each other through a slot — a damage's 扣减体力 names its cause, which
    names it as its child —: the collector frees those, at a few decisions in a game.)"""
    g = _rulebook_game(key, seed)
    a = RandomPlayer(seed)
    was = gc.isenabled()
    gc.disable()
    points = with_garbage = deep = 0
    try:
        for _ in range(150):
            d = g.step()
            if not isinstance(d, Decision):
                break
            gc.collect(0)   # what the original's own steps left (the clones are younger)
            links = _ev_links(g)
            deep = max(deep, sum(1 for _, ev in links if ev is not None))
            c = g.clone()
            cc = c.clone()
            del c, cc
            n = gc.collect(0)
            points += 1
            with_garbage += n > 0
            assert _ev_links(g) == links
            assert all(f.ev is ev for f, ev in links)
            g.answer(a.choose(g, d))
    finally:
        if was:
            gc.enable()
    assert deep >= 2   # the stacks held frames linked to their events: the test can fail
    assert with_garbage * 10 <= points, (with_garbage, points)


@pytest.mark.parametrize("key,seed,every", [("identity", 1, 97), ("identity_old", 2, 149), ("zhanqi", 2, 997)])
def test_a_clone_leaves_out_the_last_finished_frame_only_when_nobody_reads_it(key, seed, every):
    """Decision 0027: a clone copies g.ret (the frame that finished last, with the verdict chain
    it names) only while the running frame may read it (its last operation pushed a frame);
    else the clone's is None. Clones are taken between frame runs (not only at decisions, where
    the top frame never has pushed one), both cases occur, the original keeps its own, and each
    clone plays on like the original."""
    g = _rulebook_game(key, seed)
    rec = _Recording(RandomPlayer(seed))
    clones, steps, kept, left = [], 0, 0, 0
    while True:
        d = g.step(1)   # one frame run
        if d is None:
            steps += 1
            if steps % every == 0:
                ret = g.ret
                c = g.clone()
                assert g.ret is ret   # the original is not changed
                if g.stack[-1].flags & F_CHILDEXEC:
                    assert _ret_read(g) and c.ret is not None and c.ret is not ret
                    assert c.ret.prog == ret.prog and c.ret.id == ret.id
                    kept += 1
                else:
                    assert not _ret_read(g) and c.ret is None
                    left += ret is not None
                clones.append((len(rec.answers), c))
            continue
        if not isinstance(d, Decision):
            break
        g.answer(rec.choose(g, d))
    assert kept > 0 and left > 0, (kept, left)
    for k, c in clones:
        play(c, ScriptedAgent(rec.answers[k:]))
        assert c.log == g.log, (key, seed, k)
