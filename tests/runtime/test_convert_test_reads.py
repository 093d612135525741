"""Step 219c of docs/performance.md: what usable._can_convert reads before a conversion skill's
condition, held to its definitions, pure and as built: the 需要使用牌 event's id kept with the
events table it was read from (usable._need_cid) is that table's, games of two rulebooks (their ids
differ) asked in turn; _has_equipment (the equipment zones as one range of kinds, each list's
length read in C) answers whether a zone of EQUIP_ZONES holds a card of the seat, at every third
decision of seeded games of the three rulebooks, some seats with and some without; and compiled,
a dead _Needed keeps its memory for the next (its freelist)."""
import sys

import pytest

import core
from seeded_games import DECISIONS, TWO_RULEBOOKS, run_both

CID = TWO_RULEBOOKS + r"""
from core.prims import base as B, usable as U
got, want = [], []
for g in games + games[::-1] + games:
    got.append(U.need_cid(g))
    want.append(B._T(g).events.get("需要使用牌"))
print(got == want, len(set(want)) == 2)
"""

EQUIPPED = DECISIONS + r"""
from core.engine import EQUIP_ZONES
from core.prims import usable as U

rows, held, bad = 0, 0, []
for key, seeds in (("identity", (1, 2)), ("identity_old", (1,)), ("zhanqi", (1,))):
    for seed, n, g in decisions(key, seeds, 3):
        for p in range(g.n):
            want = any(len(g.zone_cards(z, p)) for z in EQUIP_ZONES)
            got = U._has_equipment(g, p)
            rows += 1
            held += want
            if got != want:
                bad.append((key, seed, n, p, got, want))
print(rows > 1000, 100 < held < rows - 100, bad[:3])
"""


def test_the_need_events_id_is_its_tables_and_has_equipment_its_zones_pure_and_as_built():
    for code, want in ((CID, "True True"), (EQUIPPED, "True True []")):
        assert run_both(code) == want


@pytest.mark.skipif(not core.compiled(), reason="a freelist is a compiled type's")
def test_dead_needed_records_keep_their_memory_for_the_next():
    from core.prims import usable as U
    held = [U._Needed.__new__(U._Needed) for _ in range(40)]   # empties the freelist (8 at most)
    dying = [U._Needed.__new__(U._Needed) for _ in range(8)]
    before = sys.getallocatedblocks()
    del dying   # 8 die: without a freelist, ~8 blocks fewer
    kept = before - sys.getallocatedblocks()
    assert kept < 4, kept
    assert len(held) == 40
