"""Game.held_skills keeps, per key, the skills of a list that somebody has: the kept list is
dropped when a skill's holders go from none to some or back (grant_skill, revoke_skill), and a
clone starts without one; it never answers a list another key asked. A status query's kind, a
small int key, keeps its list by index (Game.held_by_kind), under the same rules."""
import pytest

from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


@pytest.mark.parametrize("key, other", [("k", "other"), (5, 0), (1, 40)])
def test_held_skills_follow_the_holders(identity, key, other):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    nobody = [sid for sid in range(len(g.rs.skills)) if g.holders[sid] == 0]
    some = [sid for sid in range(len(g.rs.skills)) if g.holders[sid] > 0]
    a, b = nobody[:2]
    sids = (a, b, some[0])
    assert g.held_skills(key, sids) == [some[0]]
    assert g.held_skills(key, sids) is g.held_skills(key, sids)   # kept
    assert g.held_skills(other, (a,)) == []                       # its own key
    g.grant_skill(3, a)
    assert g.held_skills(key, sids) == [a, some[0]]
    assert g.held_skills(other, (a,)) == [a]
    c = g.clone()
    g.revoke_skill(3, a)
    assert g.held_skills(key, sids) == [some[0]]
    assert c.held_skills(key, sids) == [a, some[0]]   # the clone still has it
    g.grant_skill(2, b)
    g.grant_skill(4, b)   # a second holder: no change between none and some
    assert g.held_skills(key, sids) == [b, some[0]]
    g.revoke_skill(2, b)
    assert g.held_skills(key, sids) == [b, some[0]]   # 4 still has it
