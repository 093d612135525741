"""Compiled, frames come from a freelist (engine.py's Frame: the directive is ignored in a .pxd,
where it was until decision 0033): a dead frame's memory is kept for the next frame, not given
back to the allocator. Since step 78 a dead frame is first kept alive, reset, for the next
Game.new_frame (core/spares.py, tests/core/test_frame_spares.py), and only the frames past those
reach the freelist. Pure Python has no freelist."""
import sys

import pytest

import core
from core import engine as E


@pytest.mark.skipif(not core.compiled(), reason="a freelist is a compiled type's")
def test_dead_frames_keep_their_memory_for_the_next():
    g = E.Game(E.Ruleset(), 2)
    held = [E.Frame(0, 0) for _ in range(100)]   # empties the freelist (64 at most)
    dying = [E.Frame(0, 0) for _ in range(20)]
    before = sys.getallocatedblocks()
    del dying   # 20 frames (and the list) die: without a freelist, ~20 blocks fewer
    kept = before - sys.getallocatedblocks()
    assert kept < 10, kept
    again = [g.new_frame(0, -1, None, 0) for _ in range(20)]   # the kept frames: no new block
    assert sys.getallocatedblocks() - (before - kept) < 10
    assert len(held) == 100 and len(again) == 20
