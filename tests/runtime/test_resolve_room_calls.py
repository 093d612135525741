"""Step 251 (issue 15): the card-resolving rooms' C calls play the games the pure rooms play.

targets.choose_targets tells its options' ("all", roles) from ("pick", group, lo, hi) by their
size, resolving._settlement_of (counter's walk for the current target's settlement) and
use._start_card (a use or play started in a need flow or by its pre flow) are C functions with
typed walks, and use._began tests a card's handle among the live ones by its value (_has_handle).
Seeded games of the current edition at log level 2 (every push, question and answer) are the same
pure and as built, and they hold the cases: target picks (选择目标) and counters (抵消) asked, pre
flows started (预使用)."""
from tests.runtime.seeded_games import identity_game, run_both

SCRIPT = identity_game(1, log_level=2, start=False) + r"""
import hashlib
from core.agents import RandomPlayer, play
for seed in (1, 2, 3):
    g = P.new_game(M, rb.players, seed=seed, mode=rb.mode, deck=rb.deck, log_level=2)
    play(g, RandomPlayer(seed))
    t = g.log_text()
    print(seed, hashlib.sha1(t.encode()).hexdigest(), t.count('"prompt":"选择目标"'),
          t.count("抵消"), t.count("预使用"), repr(g.result))
"""


def test_games_the_same_pure_and_built_with_picks_counters_and_pre_flows():
    rows = [line.split() for line in run_both(SCRIPT).splitlines()]
    assert len(rows) == 3
    assert sum(int(r[2]) for r in rows) > 0   # targets picked (choose_targets' "pick")
    assert sum(int(r[3]) for r in rows) > 0   # counters (counter's _settlement_of)
    assert sum(int(r[4]) for r in rows) > 0   # pre flows (_start_card's push)
