"""A new game's first grants, pure and as built (step 234): the skills that need each skill
(Ruleset.needed_by, core.held._needers) made once on a rulebook's registered rules, whose copies
every game shares it with, and equal to its definition; and a skill's holders going from none to
some leaving the held lists' tables as they are when they are empty (core.held._skill_changed),
a table that keeps a list made new and empty."""
from seeded_games import identity_game, run_python

CHECK = identity_game(1, start=False) + r"""
from core.prims import games as G
rs = g.rs
h = P.new_game(M, rb.players, seed=2, mode=rb.mode, deck=rb.deck, log_level=0, start=False)
fresh = [tuple(s.id for s in rs.skills if s.needs == i) for i in range(len(rs.skills))]
print(rs.needed_by is h.rs.needed_by, rs.needed_by is G._RULES[M].needed_by,
      list(rs.needed_by) == fresh, any(fresh))
# a skill nobody has, granted with both tables empty: the same objects stay
free = [s.id for s in rs.skills if g.holders[s.id] == 0]
g.held_lists = {}
g.held_by_kind = []
lists, byk = g.held_lists, g.held_by_kind
g.grant_skill(0, free[0])
print(g.held_lists is lists, g.held_by_kind is byk)
# with a list kept in each: both made new and empty (the lists' ids lack the new holder's)
g.held_skills("key", [free[1]])
g.held_skills(0, [free[1]])
lists, byk = g.held_lists, g.held_by_kind
g.grant_skill(0, free[1])
print(g.held_lists is lists, g.held_lists == {}, g.held_by_kind is byk, g.held_by_kind == [])
"""


def test_needers_shared_and_empty_tables_kept():
    for pure in (True, False):
        lines = run_python(CHECK, pure=pure).split()
        assert lines == ["True"] * 6 + ["False", "True", "False", "True"], (pure, lines)
