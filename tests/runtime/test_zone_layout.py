"""A new game's zone tables (core.clone.init_game, step 230d): zbase, zone_kind, zone_owner,
zone_at, zkind_at and zkinds, which nothing writes, are the last game's when its layout (zone kinds
and player count) is the same, made again otherwise; each game's zones are its own lists, its
deck in zone 0."""
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def _layout(rs, n):
    zbase, kind, owner = [], [], []
    for k, per in enumerate(rs.zone_per_player[:len(rs.zone_names)]):
        zbase.append(len(kind))
        for p in (range(n) if per else (-1,)):
            kind.append(k)
            owner.append(p)
    zkinds = []
    for k, per in enumerate(rs.zone_per_player[:len(rs.zone_names)]):
        zkinds += [zbase[k], 1 if per else 0]
    return zbase, kind, owner, [(k, o) for k, o in zip(kind, owner)], kind, zkinds


def test_each_game_has_its_layouts_tables_and_its_own_zones(identity):  # noqa: F811
    games = []
    for n in (5, 4, 5, 5, 8, 2, 4):
        g = P.new_game(identity, n, seed=n, deck=DECK, log_level=0, start=False)
        games.append(g)
        zbase, kind, owner, at, kinds, zkinds = _layout(g.rs, n)
        assert (g.zbase, g.zone_kind, g.zone_owner, g.zone_at) == (zbase, kind, owner, at)
        assert (g.zkind_at.tolist(), g.zkinds.tolist()) == (kinds, zkinds)
        assert [g.where_kind(c) for c in range(len(g.cards))] == [g.zone_kind[g.card_zone[c]]
                                                               for c in range(len(g.cards))]
        # the zones: one list each, this game's own
        assert len(g.zones) == len(kind) and len({id(z) for z in g.zones}) == len(kind)
        assert sorted(g.zones[0]) == list(range(len(g.cards)))
        assert all(not z for z in g.zones[1:])
        for h in games[:-1]:
            assert all(z is not y for z, y in zip(g.zones, h.zones))
        if len(games) > 1 and games[-2].n == n:   # the last game's layout: its tables
            assert g.zone_at is games[-2].zone_at and g.zkinds is games[-2].zkinds


def test_the_draw_pile_starts_in_deck_order_whatever_the_decks_size(identity):  # noqa: F811
    # zone 0's first order (card i at place i) is copied from one kept for the last deck size
    full = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0, shuffle=False, start=False)
    nc = len(full.cards)
    cards = list(full.rs.sgs.decks[DECK])
    for size in (nc, 10, 10, nc, 37):
        g = P.new_game(identity, 5, seed=1, deck=cards[:size], log_level=0, shuffle=False,
                       start=False)
        assert type(g.zones[0]) is list and g.zones[0] == list(range(size))
        g.zones[0].pop()   # its own list: the next game's is whole
