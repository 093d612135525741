"""An event's first timing (flow._fire, docs/performance.md step 116b): compiled, _fire tests the
event's id in place and calls _first_timing only for a damage's or a recovery's event (~180 of
the six games' ~5,100 events), where it was called at every event's first timing. A damage's
first timing still notes a transfer announced before it (health.note_damage_start: 令下一个伤害为
转移的伤害), a move's does not; its later timings do not either. Pure and as built."""
from core import prims as P
from core.prims import health as H

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _quiet(g):
    t = P._T(g)
    return [i for i in range(len(g.rs.timing_names))
            if g.listen[i] == 0 and not t.flow_rule_at[i] and i != t.idle]


def test_a_damages_first_timing_notes_the_transfer_announced(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    t = P._T(g)
    a, b = _quiet(g)[:2]
    damage = t.events["伤害"]
    host = g.new_frame(t.ev_move, 0, None)
    P.mark_next_damage_transferred(g, host, True)
    move = g.new_frame(t.ev_move, 0, None)
    assert P.fire(g, move, a, 0) == 0   # a move's first timing: the mark stays
    assert not H.is_transferred(g, move)
    first = g.new_frame(damage, 0, None)
    assert P.fire(g, first, a, 0) == 0   # the damage's first timing takes it
    assert H.is_transferred(g, first)
    assert P.fire(g, first, b, 0) == 0
    second = g.new_frame(damage, 0, None)
    assert P.fire(g, second, a, 0) == 0   # the next damage: none announced
    assert not H.is_transferred(g, second)
    P.mark_next_damage_transferred(g, host, True)
    assert P.fire(g, second, b, 0) == 0   # a later timing of an event: not its first
    assert not H.is_transferred(g, second)
    third = g.new_frame(damage, 0, None)
    assert P.fire(g, third, b, 0) == 0
    assert H.is_transferred(g, third)
