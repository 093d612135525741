"""use.cards_moved_to_processing_by compares frame ids as C ints (step 41): at every decision
of seeded random-player games of the three rulebooks, for every frame on the stack, it answers
its definition — the 处理区's cards, in order, whose S_PROC entry (the ids of the frames running
when the card entered) holds the frame's id. Run compiled (the C loop) and pure (the
reference).

Those entries are arrays of C ints (step 72, decision 0074): moves._frame_ids, which makes them,
answers at each decision, for no frame, each frame of the stack and a value not on it, the ids
of the stack's frames from the bottom to that frame (all of them when it is none of the stack's)
as an array.array('i'), and every entry of the 处理区's cards is one."""
import pytest

from seeded_games import play_script, run_python

WATCH = r"""
import array
import collections
import core.engine as E
from core.decision import Decision
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer
from core.prims import moves as Moves, use as Use
from core.prims.base import S_PROC, _st

seen = collections.Counter()
bad = []


def check_ids(g):
    for last in [None, object()] + list(g.stack):
        want = []
        for fr in g.stack:
            want.append(fr.id)
            if fr is last:
                break
        got = Moves._frame_ids(g, last)
        seen["ids"] += 1
        if (type(got) is not array.array or got.typecode != "i" or list(got) != want) and \
                len(bad) < 5:
            bad.append(("ids", type(got).__name__, list(got), want))


def check(g):
    check_ids(g)
    proc = _st(g)[S_PROC]
    if proc is None:   # nothing entered the 处理区 yet (reading it would create the table)
        return
    zone = g.zone_cards(E.Z_PROCESS)
    for c in zone:
        e = proc[c]
        seen["entries"] += e is not None
        if e is not None and (type(e) is not array.array or e.typecode != "i") and len(bad) < 5:
            bad.append(("entry", c, e))
    for fr in g.stack:
        want = tuple([c for c in zone if proc[c] is not None and fr.id in proc[c]])
        got = Use.cards_moved_to_processing_by(g, fr, fr)
        seen["calls"] += 1
        seen["found"] += len(want) > 0
        if got != want and len(bad) < 5:
            bad.append((fr.id, got, want))


def play(g, a):
    while True:
        r = g.step()
        if not isinstance(r, Decision):
            return r
        check(g)
        g.answer(a.choose(g, r))
""" + play_script(3, 1, 1) + r"""
print(games, E.__file__.endswith(".so"), seen["calls"], seen["found"], seen["ids"],
      seen["entries"])
for x in bad:
    print("DIFFERS", *x)
"""


@pytest.mark.parametrize("pure", [False, True])
def test_cards_moved_to_processing_by_answers_its_definition(pure):
    out = run_python(WATCH, pure=pure).strip().splitlines()
    games, compiled, calls, found, ids, entries = out[0].split()
    assert out[1:] == []
    assert int(games) == 5
    assert compiled == str(not pure)
    # the check ran, and on frames that moved cards into the 处理区 (a card in use, a judgement)
    assert int(calls) > 1000 and int(found) > 100
    assert int(ids) > 1000 and int(entries) > 100
