"""Step 94a of docs/performance.md: a rulebook's card kinds and use limits (status.kinds:
t.kinds, t.use_limits) are made by its first game and kept for its next ones
(query_answers.kinds_kept, by the tables' card_status dictionary, which a rulebook's games share).

* games of two rulebooks alternated in one process play exactly as each rulebook's games alone
  (the logs and results), compiled and pure: a game never reads another rulebook's kinds;
* a rulebook's second game reads the first one's kinds and use limits (the same objects), a game
  of another rulebook others, and they are those made afresh for the game's tables."""
import pytest

from seeded_games import run_python

SCRIPT = r"""
import sys
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import base as B, query_answers as QA, status as Status
order = sys.argv[1].split(",")
out, tables = [], {}
for key in order:
    M, P = S.load_engine(key)
    rb = by_key(key)
    seed = 1000 + len(tables.get(key, ()))   # the rulebook's first game, its second …
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=1)
    res = g.run_random(seed)
    out.append(key + ":" + g.log_text() + repr(res))
    tables.setdefault(key, []).append(B._T(g))
bad = []
for key, ts in tables.items():
    for t in ts:
        if t.kinds is not ts[0].kinds or t.use_limits is not ts[0].use_limits:
            bad.append((key, "not shared"))
    for other, us in tables.items():
        if other != key and us[0].kinds is ts[0].kinds:
            bad.append((key, other))
# made afresh: the kept entries dropped, a new game's kinds computed for its own tables
fresh = {}
QA.KINDS_KEPT.clear()
for key in tables:
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=1, mode=rb.mode, deck=rb.deck, log_level=0)
    if Status.kinds(g) != tables[key][0].kinds or B._T(g).use_limits != tables[key][0].use_limits:
        bad.append((key, "not as made afresh"))
out.append(repr(bad))
sys.stdout.write("\n\x00\n".join(out))
"""


@pytest.mark.parametrize("pure", [False, True], ids=["built", "pure"])
def test_two_rulebooks_alternated_play_as_each_alone(pure):
    mixed = run_python(SCRIPT, "identity,zhanqi,identity,zhanqi", pure=pure).split("\n\x00\n")
    alone = (run_python(SCRIPT, "identity,identity", pure=pure).split("\n\x00\n")[:2]
             + run_python(SCRIPT, "zhanqi,zhanqi", pure=pure).split("\n\x00\n")[:2])
    assert mixed[-1] == "[]"
    assert len(mixed) == 5
    assert [mixed[0], mixed[2], mixed[1], mixed[3]] == alone
