"""use._began's report counts (Status._stats: uses and plays by card name id, C int arrays; step
118d: the item added to in place, engine._ai_add after a tested index, where the array's item was
read and written as Python ints). The rules never read them, so the games' fingerprint does not
hold them: held here to a tally of _began's own calls (pure: _began wrapped), and the engine as
built to the pure one's counts, over two seeded games."""
import json

from seeded_games import run_python

DIRECT = r"""
import collections, json, sys
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.prims import base as B, status as Status, use as Use
pure = Use.__file__.endswith('.py')
tally = collections.Counter()
if pure:   # the independent tally: each use or play of a card of a name id (the pure room)
    began = Use._began

    def counted(g, who, c, used):
        n = B._rec(g, c)[B.V_NAME]
        if isinstance(n, int) and n >= 0:
            tally["used" if used else "played", g.rs.card_names[n]] += 1
        return began(g, who, c, used)

    Use._began = counted
mod, P = S.load_engine("identity")
rb = by_key("identity")
out = []
for seed in (1000, 1001):
    g = P.new_game(mod, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
    g.run_random(seed)
    st = Status.stats(g)
    out.append({k: st[k] for k in ("used", "played")})
    if pure:
        want = {"used": {}, "played": {}}
        for (k, name), v in tally.items():
            want[k][name] = v
        if want != out[-1]:
            print("DIFFERS", want, out[-1], file=sys.stderr)
            sys.exit(1)
        tally.clear()
print(json.dumps(out, ensure_ascii=False, sort_keys=True))
"""


def test_the_report_counts_each_use_and_play_once():
    got = {}
    for pure in (True, False):
        got[pure] = json.loads(run_python(DIRECT, pure=pure).strip().split("\n")[-1])
    assert got[True] == got[False]
    assert all(sum(s["used"].values()) > 20 and s["played"] for s in got[True])
