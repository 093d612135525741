"""Game.modval (core.held._modval; compiled, each modifier read borrowed, and a skill's modifier's
seats' players and their tables read in place by _counts_at: docs/performance.md, step 172a) held
to the glossary's formula written out (seeded_games.MODVAL_WRITTEN) in the engine as built. The
bundled rulebooks' modifiers are all rules' (no skill's), so a skill's modifier is added to the
game's ruleset for the test (and taken out after): it counts once for each seat holding the skill
while the seat is alive and the skill not 无效 — granted to one seat, then two, made 无效 at one,
that seat dead, the skill revoked."""
from seeded_games import MODVAL_WRITTEN

from core import engine as E
from core import prims as P
from core.ruleset import Modifier

from test_games import DECK, identity  # noqa: F401  (the fixture)

_written = {"E": E}
exec(MODVAL_WRITTEN, _written)
modval_written = _written["modval_written"]


def test_a_skills_modifier_counts_at_each_living_holder_whose_skill_is_valid(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    kind = 3   # 额定摸牌数 (draw count): no kept answer (distances and ranges are kept)
    sid = next(s.id for s in g.rs.skills if not any(pl.has[s.id] for pl in g.players))
    mods = g.rs.mods[kind]
    m = Modifier(kind, E.M_DELTA, lambda g, owner, a, b: 10 + owner, sid)
    mods.append(m)
    try:
        def drawn(q):
            got = g.modval(kind, q, -1, 2)
            assert got == modval_written(g, kind, q, -1, 2)
            return got

        base = drawn(0)
        g.grant_skill(1, sid)
        assert drawn(0) == base + 11
        g.grant_skill(3, sid)
        assert drawn(0) == base + 11 + 13
        g.invalidate_skill(1, sid)
        assert drawn(0) == base + 13
        g.invalidate_skill(1, sid, False)
        g.set_alive(3, False)
        assert drawn(0) == base + 11
        g.set_alive(3, True)
        g.revoke_skill(1, sid)
        g.revoke_skill(3, sid)
        assert drawn(0) == base
    finally:
        mods.remove(m)
