"""games.set_general gives a seat its general's HP and every skill of it (their ids read from the
ruleset's table, step 223c, as Ruleset.id_of answers them)."""
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_each_seat_has_its_generals_skills(identity):  # noqa: F811
    g0 = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    order = g0.rs.sgs.general_order
    for first in (0, 5, 10):
        names = order[first:first + 5]
        g = P.new_game(identity, 5, seed=first, deck=DECK, log_level=0, generals=names)
        t = g.rs.sgs
        for p, name in enumerate(names):
            faction, sex, hp, lord, skills = t.generals[name]
            pl = g.players[p]
            assert (order[pl.general], pl.maxhp, pl.hp) == (name, hp, hp)
            assert skills and all(g.has_skill(p, g.rs.id_of("skill", s)) for s in skills)
