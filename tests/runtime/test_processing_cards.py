"""Step 131f of docs/performance.md: use.cards_moved_to_processing_by (the 处理区's cards that
entered it while an event ran) reads the zone's list, each card's entry and the frame's id in
place and makes its answer only for a card found (a tuple grown by each, step 161b); held to its
former form (the reference below), pure and as built, for every frame on the stack at every
decision of seeded random-player games of the three rulebooks and of a clone at every fifth (its
shared tables are base.Shared tuples, not lists), answers with cards, with several and empty ones
all met, and an event that is no Frame (its id an attribute) answered as the reference answers
it."""
from seeded_games import DECISIONS, run_both

PROC = DECISIONS + r"""
from core.engine import Z_PROCESS
from core.prims import base as B, use as U


def reference(g, ev):
    if ev is None:
        return ()
    eid = ev.id
    proc = B._S(g, B.S_PROC, len(g.cards))
    out = []
    for c in g.zone_cards(Z_PROCESS):
        ids = proc[c]
        if ids is None:
            continue
        for i in range(len(ids)):
            if ids[i] == eid:
                out.append(c)
                break
    return tuple(out)


class Event:   # not a Frame: its id read as an attribute
    def __init__(self, id):
        self.id = id


seen = {"found": 0, "none": 0, "clone": 0, "many": 0}
bad = []
for key, seeds in (("identity", range(1, 4)), ("identity_old", range(1, 2)), ("zhanqi", range(1, 2))):
    for seed, n, g in decisions(key, seeds, 1):
        for h in (g, g.clone()) if n % 5 == 0 else (g,):
            for fr in list(h.stack) + [None]:
                want = reference(h, fr)
                got = U.cards_moved_to_processing_by(h, None, fr)
                seen["found" if want else "none"] += 1
                seen["many"] += len(want) > 1   # the answer's tuple grown past one card (step 161b)
                seen["clone"] += h is not g
                if type(got) is not tuple or got != want:
                    bad.append((key, seed, n, fr and fr.id, got, want))
                if fr is not None:
                    other = U.cards_moved_to_processing_by(h, None, Event(fr.id))
                    if other != want:
                        bad.append((key, seed, n, fr.id, "event", other, want))
print(games, seen["found"] > 100, seen["none"] > 1000, seen["clone"] > 500, seen["many"] > 0,
      bad[:3])
"""


def test_the_processing_cards_of_an_event_are_the_references_pure_and_as_built():
    assert run_both(PROC) == "5 True True True True []"
