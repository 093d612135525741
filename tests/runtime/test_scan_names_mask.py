"""Step 190 of docs/performance.md, the usability scan's room.

190a: usable._scan_begin reads the hand's names from the seat's
Player.hand_bits (the names below 64 it holds a card of, kept by Game._put) when they cover the
timing's masks (_names_counted), not from the hand's cards.

The scan state against its definition (the marks from the hand's cards), pure and as built, is
tests/runtime/test_scan_state.py's; here, pure (the room's code as the build compiles it), the
mask of a names' bit set: each name's methods, the names at or past the masks' length ignored
(a seat's bits may hold names the timing's tables do not list), and the test of coverage."""
from seeded_games import DECISIONS, run_both, run_python

NAMES = r"""
from core.prims import usable as U
import core.engine as E
# four methods, with a pair and a reading each (_scan_at checks their shape: step 245a)
M4, P4, R4 = [(0, 0, None)] * 4, [(0, 0)] * 4, [None] * 4
# a timing of 4 methods over 3 name ids: name 0 → methods 0, 2; name 1 → none; name 2 → 3
at = U._scan_at(M4, [(0, 2), (), (3,)], U._masks_of([(0, 2), (), (3,)], 4), P4, R4)
got = [U._names_mask(bits, at) for bits in (0, 0b1, 0b10, 0b101, 0b111, 1 << 5 | 0b100, 1 << 63)]
pl = E.Player.__new__(E.Player)
pl.hand_names = [0] * 3
covered = U._names_counted(pl, at)
pl.hand_names = [0] * 2   # a table shorter than the masks': its seat's bits do not cover them
short = U._names_counted(pl, at)
wide = U._scan_at(M4, [()] * 65, U._masks_of([()] * 65, 4), P4, R4)
pl.hand_names = [0] * 65
print(got, covered, short, U._names_counted(pl, wide))
"""


def test_a_names_mask_is_the_or_of_its_names_masks_pure():
    assert run_python(NAMES, pure=True).strip() == "[0, 5, 0, 13, 13, 8, 0] True False False"


# 190b: usable._has_equipment reads each equipment zone's list in place (zonelist.pxd's
# zone_cards_fast compiled, zones._zone_cards pure) where it called Game.zone_cards
EQUIPMENT = DECISIONS + r"""
from core.codes import EQUIP_ZONES
from core.prims import usable as U
asks = held = 0
bad = []
for seed, n, g in decisions("identity", (1, 2), 2):
    for p in range(g.n):
        want = any(g.zone_cards(z, p) for z in EQUIP_ZONES)
        asks += 1
        held += want
        if bool(U._has_equipment(g, p)) != want:
            bad.append((seed, n, p, want))
print(asks > 500, held > 100, bad[:3])
"""


def test_has_equipment_reads_the_equipment_zones_pure_and_as_built():
    assert run_both(EQUIPMENT) == "True True []"
