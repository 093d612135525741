"""Step 159a of docs/performance.md: the dispatch's question (Game._dispatch) has as its options
its candidate skills' ids, which core/decision.py's options_of_skills writes — compiled, into a
dead question's kept options list (decision.pxd, step 157b) when there is one. Held to its
definition at every dispatch question of seeded random-player games of the three rulebooks, pure
and as built: the options are the ids of the skills Game._candidates finds for the asked seat
with the frame as it is, exact ints; a list an agent keeps (every fifth question's) is never a
later question's and never changes."""
from seeded_games import run_python

OPTIONS = r"""
import collections

import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
from core.agents import RandomPlayer

seen = collections.Counter()
bad = []
held = []   # (a question's options list an agent keeps, its items then)
for key, seeds in (("identity", (1, 2, 3)), ("identity_old", (1,)), ("zhanqi", (1,))):
    M, P = S.load_engine(key)
    rb = by_key(key)
    for seed in seeds:
        g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=0)
        a = RandomPlayer(seed)
        d = g.step()
        while d is not None and g.result is None:
            f = g.stack[len(g.stack) - 1]
            if f.prog == E.DISPATCH_PROG and f.pc == 1 and d.kind == 4:
                seen["asked"] += 1
                res = g._candidates(f, d.who)
                want = None if res is None else [s.id for s in res]
                del res
                if d.options != want or any(type(o) is not int for o in d.options):
                    bad.append(("options", key, seed, g.rs.timing_names[f.a], d.options, want))
                if any(d.options is h for h, _ in held):
                    bad.append(("a kept list asked again", key, seed, d.options))
                if seen["asked"] % 5 == 0:
                    held.append((d.options, list(d.options)))
            g.answer(a.choose(g, d))
            d = g.step()
        seen["games"] += g.result is not None
for h, items in held:
    if h != items:
        bad.append(("a kept list changed", items, h))
print(seen["games"], seen["asked"] > 300, len(held) > 60)
for x in bad[:5]:
    print("DIFFERS", *x)
"""


def test_dispatch_questions_options_are_the_candidates_ids_pure_and_as_built():
    for pure in (True, False):
        lines = run_python(OPTIONS, pure=pure).strip().splitlines()
        assert lines[0] == "5 True True", (pure, lines[:6])
        assert not lines[1:], (pure, "\n".join(lines[1:]))
