"""A new game grants every seat the hidden skills every character has (core.prims.games.new_game,
step 210c): their list is made once a game, and each seat has each of them once."""
from core import prims as P
from core.prims import games as G, status as Status

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_every_seat_has_every_hidden_skill_once_and_the_list_is_made_once(identity, monkeypatch):  # noqa: F811
    made = []
    real = Status.everyones_skills
    monkeypatch.setattr(Status, "everyones_skills", lambda t: made.append(t) or real(t))
    for n in (2, 5, 8):
        del made[:]
        g = P.new_game(identity, n, seed=n, deck=DECK, log_level=0)
        assert len(made) == 1
        sids = real(made[0])
        assert len(sids) > 1
        for p in range(n):
            assert [g.players[p].has[s] for s in sids] == [1] * len(sids)
            assert all(g.has_skill(p, s) for s in sids)
    rs = G._game_rules(identity)
    assert real(rs.sgs) == sids   # (the registered tables' answer: the same at every game)
