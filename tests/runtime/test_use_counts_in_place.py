"""Step 224a: use.py's _count_use adds a use's counters in place (_add_one), the work of
Game.add_count: a clone's shared scope is made its own before the write, and each counter
leaving 0 is listed for its scope's reset. Checked on seeded games, compiled and pure."""
import pytest

from tests.runtime.seeded_games import identity_game, run_python

SCRIPT = identity_game(3) + r"""
from core.agents import RandomPlayer
from core.decision import Decision
a = RandomPlayer(3)
bad, clones, uses = [], 0, 0
while g.turn_no < 9:
    d = g.step()
    if not isinstance(d, Decision):
        break
    if g.turn_no >= 2 and clones < 60:
        before = [bytes(x) for x in g.cnt]
        c = g.clone()
        b = RandomPlayer(clones)
        for _ in range(25):
            e = c.step()
            if not isinstance(e, Decision):
                break
            c.answer(b.choose(c, e))
        if [bytes(x) for x in g.cnt] != before:
            bad.append("the clone wrote its original's counters")
        for sc in range(4):
            listed = set(c.cnt_touched[sc])
            for i, v in enumerate(c.cnt[sc]):
                if v and i not in listed:
                    bad.append("counter %d of scope %d not listed for its reset" % (i, sc))
        uses += sum(1 for v in c.cnt[1] if v) + sum(1 for v in c.cnt[0] if v)
        clones += 1
    g.answer(a.choose(g, d))
print(clones, uses > 0, sorted(set(bad))[:5])
"""


@pytest.mark.parametrize("pure", [False, True])
def test_clone_uses_count_in_place(pure):
    out = run_python(SCRIPT, pure=pure).split()
    assert out[0] != "0" and out[1] == "True", out
    assert out[2:] == ["[]"], out
