"""Step 58 of docs/performance.md: a change of a player's skills forgets the dispatcher's caches
of its skill's timings only (core.held._skill_changed) and, when the skill's holders go between none
and some, the held lists of the timings of the skills that need it (Skill.needs). A needing skill
at a timing of its own, which the needed skill does not listen at: its held list is forgotten
when somebody gains the needed skill, and kept otherwise."""
from core import engine as E
from core.ruleset import Ruleset


def test_a_needed_skill_gained_makes_the_needing_skill_at_its_own_timing_a_candidate():
    rs = Ruleset()
    t_a, t_b = rs.timing("a"), rs.timing("b")
    a = rs.skill("A", t_a, lambda g, f: E.DONE)
    b = rs.skill("B", t_b, lambda g, f: E.DONE)
    rs.skills[b].needs = a
    g = E.Game(rs, 2)
    g.grant_skill(0, b)
    f = g.new_frame(0, -1, None, 0)
    f.a = t_b
    assert g._candidates(f, 0) is None     # nobody holds A: B is no candidate
    assert g.held[t_b] == []
    g.grant_skill(1, a)                    # A's holders from none to some
    assert g.held[t_b] is None             # B's timing's list forgotten, not only A's
    assert [s.id for s in g._candidates(f, 0)] == [b]
    g.grant_skill(0, a)                    # A's holders were some already: B's list kept
    assert [s.id for s in g.held[t_b]] == [b]
    g.revoke_skill(1, a)
    g.revoke_skill(0, a)                   # from some to none
    assert g.held[t_b] is None
    assert g._candidates(f, 0) is None


def test_candidates_of_a_seat_that_does_not_exist_is_an_error():
    """core.dispatch.candidates reads g.players[p] unchecked (compiled): Game._candidates, the
    method a caller outside the engine calls, checks p first (step 101)."""
    import pytest
    rs = Ruleset()
    t_a = rs.timing("a")
    rs.skill("A", t_a, lambda g, f: E.DONE)
    g = E.Game(rs, 2)
    g.grant_skill(1, 0)
    f = g.new_frame(0, -1, None, 0)
    f.a = t_a
    assert [s.id for s in g._candidates(f, 1)] == [0]
    for p in (-1, 2, 1000):
        with pytest.raises(E.EngineError):
            g._candidates(f, p)
