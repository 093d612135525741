"""Games.gain_skill (docs/performance.md, step 217): a skill that grants the other characters an
action (〖黄天〗: its hidden 〖黄天·授〗) gives every character the hidden skill the first time
somebody gains it; a skill that grants none (the ids of the grants then neither listed nor
sorted) is the seat's alone."""
import generated.identity as M
from core import prims as P


def _game():
    return P.new_game(M, 5, seed=3, deck="标准版加军争", log_level=0, start=False)


def test_a_skill_that_grants_nothing_is_gained_alone():
    g = _game()
    rs = g.rs
    assert P._T(g).granted   # the rules have grants: the test below is the one of their values
    sid = rs.ids[("skill", "制衡")]
    assert all(v[0] != sid for v in P._T(g).granted.values())
    holders = list(g.holders)
    P.gain_skill(g, 2, sid)
    assert g.players[2].has[sid] == 1
    assert [h for i, h in enumerate(g.holders) if i != sid] == \
        [h for i, h in enumerate(holders) if i != sid] and g.holders[sid] == holders[sid] + 1


def test_a_granting_skill_gives_every_character_its_hidden_skill_once():
    g = _game()
    rs = g.rs
    huangtian = rs.ids[("skill", "黄天")]
    hidden = rs.ids[("skill", "黄天·授")]
    assert P._T(g).granted[hidden][0] == huangtian and g.holders[hidden] == 0
    P.gain_skill(g, 1, huangtian)
    assert [pl.has[hidden] for pl in g.players] == [1] * g.n and g.holders[hidden] == g.n
    P.gain_skill(g, 3, huangtian)   # once given, it stays: not given twice
    assert [pl.has[hidden] for pl in g.players] == [1] * g.n
