"""Step 240a of docs/performance.md: a usability scan of at most 64 methods (``wide`` False) keeps
its marks as bits only, the marked methods (``bits``) and those of them marked M_CONVERT
(``cbits``); _scan_from reads a method's mark from them, and a finished state keeps no bit
(_scan_keep), where a byte was written for each mark and zeroed again by a memset.

Pure and as built, at every third decision of a seeded game, at every timing and living seat:
the marks the bits say (``marks()``) are those of their definition (the hand's names, then the
names the seat's conversion skills can produce: test_scan_setup's), what the scan answers is the
scan written out with those marks (seeded_games.SCAN_FROM_WRITTEN: a method marked M_CONVERT
asks _can_convert, one marked M_HAND does not), and a state finished and taken again has no
mark and no bit."""
from seeded_games import DECISIONS, SCAN_FROM_WRITTEN, run_python

MARK_BITS = DECISIONS + r"""
from core.prims import base as B, cards as Cards, limits as Limits, targets as Targets
from core.prims import usable as U
""" + SCAN_FROM_WRITTEN + r"""


M_SKIP, M_HAND, M_CONVERT = 0, 1, 2   # usable's marks (C ints of the room when compiled)


def defined_marks(g, p, tid):
    hand = {g.card_name(c) for c in g.zone_cards(E.Z_HAND, p)}
    conv = [e for e in U._convert_skills(g) if g.has_skill(p, e[1].id)]
    out = []
    for name, mi, cond in B._T(g).use_methods[tid]:
        if name in hand:
            out.append(M_HAND)
        elif any(nm is None or name in nm for _tid, _sk, nm in conv):
            out.append(M_CONVERT)
        else:
            out.append(M_SKIP)
    return bytes(out)


class Defined:
    # a scan state's fields with the marks of their definition (scan_from_written reads these)
    def __init__(self, sc, marks):
        self.subj, self.noresp, self.conv, self.at = sc.subj, sc.noresp, sc.conv, sc.at
        self._marks = marks

    def marks(self):
        return self._marks


bad = []
setups = converts = 0
for seed, n, g in decisions("identity", (1,), 3):
    t = B._T(g)
    for tid in sorted(t.use_methods):
        for p in range(g.n):
            if not g.players[p].alive:
                continue
            sc = U._scan_begin(g, p, None, tid)
            if sc is None:
                continue
            setups += 1
            want = defined_marks(g, p, tid)
            converts += M_CONVERT in want
            if sc.wide or sc.cbits & ~sc.bits or sc.marks() != want:
                bad.append(("marks", seed, n, tid, p, sc.wide, sc.bits, sc.cbits, list(want)))
            written = scan_from_written(g, p, None, tid, Defined(sc, want), 0)
            U._scan_done(sc)
            if (sc.bits, sc.cbits, sc.wide, sc.marks()) != (0, 0, False, bytes(sc.n)):
                bad.append(("kept", seed, n, tid, p, sc.bits, sc.cbits, sc.wide))
            got = U._usable(g, p, None, tid)
            if got != written:
                bad.append(("usable", seed, n, tid, p, got, written))
print(games, setups > 300, converts > 20, bad[:3])
"""


def test_the_scans_marks_as_bits_answer_as_their_definition_pure_and_as_built():
    for pure in (True, False):
        assert run_python(MARK_BITS, pure=pure).strip() == "1 True True []", pure
