"""A frame's last child whose slots name the frame (an event's cause: 伤害 → its 扣减体力) is no
reference cycle once both are done (docs/performance.md step 130): compiled, Game._pop drops the
finished child's slots when the frame's child field is its only holder (a finished frame's
child is read after that only for its flags, scratch and own child); end_game drops the child
links of the frames it pops, and so does a game dropped mid-play (compiled: Game's dealloc).
Each case's child holds a watched object in its slots: its death without the collector shows
the cycle was never made (the collector is off meanwhile)."""
import gc
import weakref

import core
from core import engine as E
from toy import Toy


class _Held:
    """An item the child's slots hold beside the frame: seen through a weak reference."""


def _cause_game(then):
    """A game whose forced skill at 回合开始后 (seat 0) pushes a child whose slots hold the
    skill's frame and a watched object, the skill's frame naming the child in its field child;
    the child's program runs then(g, f). Returns the game and the watched object's reference."""
    t = Toy(nturns=1)
    held = [_Held()]
    ref = weakref.ref(held[0])
    child = t.rs.program("child", then, nslots=2)

    def cause(g, f):
        if f.pc == 0:
            f.pc = 1
            c = g.new_frame(child, f.owner, None, 0)
            c.slots = [f, held.pop()]
            g.push_frame(c)
            f.child = c
            return E.PUSH
        return E.DONE

    s = t.rs.skill("S", t.T_TURN_START, t.rs.program("cause", cause), forced=True)
    g = t.game(n=2)
    g.grant_skill(0, s)
    return g, ref


def _without_collector(run):
    gc.collect()
    gc.disable()
    try:
        return run()
    finally:
        gc.enable()


def test_a_finished_frames_child_naming_it_in_its_slots_makes_no_cycle():
    def run():
        g, ref = _cause_game(lambda g, f: E.DONE)
        assert isinstance(g.step(), E.GameResult)
        if core.compiled():
            assert ref() is None   # freed by reference counting: no cycle was left
        else:   # pure Python keeps the slots (the readable reference): the collector's cycle
            assert ref() is not None
            gc.collect()
            assert ref() is None
    _without_collector(run)


def test_end_game_drops_the_child_links_of_the_frames_it_pops():
    def run():
        g, ref = _cause_game(lambda g, f: g.end_game([0], "over"))   # both on the stack
        assert isinstance(g.step(), E.GameResult)
        assert ref() is None
        assert g.stack == []
    _without_collector(run)


def test_a_game_dropped_mid_play_drops_its_frames_child_links():
    def run():
        g, ref = _cause_game(lambda g, f: E.CONTINUE)   # run again and again: on the stack
        assert g.step(50) is None   # the budget spent, no decision pending (no Game cycle)
        assert ref() is not None
        del g
        if core.compiled():   # Game's dealloc (pure Python: the collector)
            assert ref() is None
        else:
            gc.collect()
            assert ref() is None
    _without_collector(run)


def test_a_finished_child_held_elsewhere_keeps_its_slots():
    def run():
        kept = []

        def keep(g, f):
            kept.append(f)
            return E.DONE
        g, ref = _cause_game(keep)
        assert isinstance(g.step(), E.GameResult)
        (c,) = kept
        assert c.slots is not None and len(c.slots) == 2 and c.slots[1] is ref()
        assert c.slots[0].child is c   # its frame, as it was
    _without_collector(run)
