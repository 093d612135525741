"""An event frame counts the timings it fires (flow.fire: the pairs [timing, count] of its
scratch, X_TCOUNT), the first one as the others, though its list is made only after that
first timing's set-up (_first_timing); timing_count reads them."""
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_an_event_frame_counts_each_timing_it_fires(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    # timings nobody listens to and no card rule names: fire pushes nothing for them
    quiet = [i for i in range(len(g.rs.timing_names))
             if g.listen[i] == 0 and not t.flow_rule_at[i] and i != t.idle]
    a, b, c = quiet[:3]
    f = g.new_frame(t.ev_move, 0, None)   # a 移动 event frame, not on the stack
    assert P.timing_count(g, f, a) == 0
    stack = list(g.stack)
    for timing in (a, b, a, a):
        assert P.fire(g, f, timing, 0) == 0
    assert g.stack == stack
    assert [P.timing_count(g, f, x) for x in (a, b, c)] == [3, 1, 0]
