"""flow._fire's read of Tables.flow_rule_at (docs/performance.md "Step 209"): compiled, with
pushinline.pxd's table_at when the array is there (one unsigned compare, no exception value),
else fast.pxd's _by_prog_at, which raises as base._by_prog does (the reference, pure). Pure and as
built: a timing past the array's end has no flow rule (the timing fired, counted and appended, no
card rule run), and tables without the array raise TypeError at a timing."""
import array

import pytest

from core import prims as P
from core.prims import base as B, flow as Flow

from test_games import DECK, identity  # noqa: F401  (the fixture)


@pytest.fixture()
def game(identity):  # noqa: F811
    return P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)


def _event(g):
    f = g.new_frame(B._T(g).ev_move, 0, None)
    f.slots = [None] * 8
    return f


def test_a_timing_past_the_flow_rules_end_has_none(game):
    g = game
    t = B._T(g)
    kept = t.flow_rule_at
    # a timing some card's flow rules name, nobody hearing it: the rule's test reads the array
    tm = sorted(t.flow_rule_timings)[0]
    g.listen[tm] = 0   # (this game's own array)
    f = _event(g)
    try:
        for short in (array.array("i"), kept[:tm]):
            t.flow_rule_at = short
            n = g.n_timings
            assert Flow.fire(g, f, tm, None) == 0   # (no card of the event: no rule either way)
            assert g.n_timings == n + 1 and list(f.timings)[-1] == tm and f.timing == tm
    finally:
        t.flow_rule_at = kept


def test_tables_without_flow_rules_raise_at_a_timing(game):
    g = game
    t = B._T(g)
    kept = t.flow_rule_at
    f = _event(g)
    try:
        t.flow_rule_at = None
        with pytest.raises(TypeError):
            Flow.fire(g, f, sorted(t.flow_rule_timings)[0], None)
    finally:
        t.flow_rule_at = kept
