"""Step 238c of docs/performance.md: games.gain_skill tests a gained skill against the ids of the
skills that grant a hidden one, kept with the tables' grants (games._granters: made again for
another dict of grants), where each gain walked the grants. A game's grants replaced by others
(its tables' own dict): the new granter gives its hidden skill to every character and the old one
gives none; then a game of the rules' own grants: the old one gives its hidden skill again and
the other gives none. Pure and as built."""
from seeded_games import run_python

SCRIPT = r"""
import generated.identity as M
from core import prims as P


def game():
    return P.new_game(M, 5, seed=3, deck="标准版加军争", log_level=0, start=False)


def given(g, hidden):
    return [pl.has[hidden] for pl in g.players]


g = game()
ids = g.rs.ids
huangtian, zhiheng = ids[("skill", "黄天")], ids[("skill", "制衡")]
ht_hidden, zb_hidden = ids[("skill", "黄天·授")], ids[("skill", "制霸·授")]
t = P._T(g)
out = []
P.gain_skill(g, 0, huangtian)   # the rules' grants read first (kept)
out.append(given(g, ht_hidden))
g = game()
t = P._T(g)
t.granted = {zb_hidden: (zhiheng, t.granted[zb_hidden][1])}   # this game's own grants
P.gain_skill(g, 1, huangtian)
out.append(given(g, ht_hidden))
P.gain_skill(g, 1, zhiheng)
out.append(given(g, zb_hidden))
g = game()   # the rules' grants again
P.gain_skill(g, 2, zhiheng)
out.append(given(g, zb_hidden))
P.gain_skill(g, 2, huangtian)
out.append(given(g, ht_hidden))
print(out)
"""


def test_a_gained_skill_grants_by_the_grants_of_its_game():
    want = str([[1] * 5, [0] * 5, [1] * 5, [0] * 5, [1] * 5])
    for pure in (True, False):
        assert run_python(SCRIPT, pure=pure).strip() == want, pure
