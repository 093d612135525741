"""A zone's index (Game.zone_id, and the zone_cards, move, move_one and shuffle_zone that compute
it in C since step 54: engine._zone_index) held to its definition, pure and as built, for every
rulebook, every zone kind and every owner from -1 to the last seat: the zones of the kinds
before it (one each, or one per player), plus the owner for a kind each player has. A kind
outside the ruleset's is an EngineError, never a read outside the table. The rooms' zone lists
(zones and moves: compiled, Game.zone_cards in place, core/prims/zonelist.pxd) are held to the
same lists through the primitives that read them (cards_in_zone, own_cards)."""
from seeded_games import run_python

DIRECT = r"""
import core.engine as E
from compiler import simulate as S
from compiler.rulebooks import by_key
print(not E.__file__.endswith('.py'))   # compiled: the extension module
for key in ("identity", "identity_old", "zhanqi"):
    M, P = S.load_engine(key)
    rb = by_key(key)
    g = P.new_game(M, rb.players, seed=5, mode=rb.mode, deck=rb.deck, log_level=0)
    pp = g.rs.zone_per_player
    # a card in every zone but the first (the draw pile, which holds the rest)
    for kind in range(1, len(pp)):
        for owner in (range(g.n) if pp[kind] else (-1,)):
            g.move_one(g.zones[0][-1], kind, owner)
    checked = wrong = 0
    for kind in range(len(pp)):
        first = sum(g.n if pp[j] else 1 for j in range(kind))
        for owner in range(-1, g.n):
            want = first + (owner if pp[kind] else 0)
            got = g.zone_id(kind, owner)
            same = got == want and g.zone_cards(kind, owner) is g.zones[want]
            if owner == -1:
                same = same and g.zone_id(kind) == want and g.zone_cards(kind) is g.zones[want]
            # the rooms' zone list (zonelist.pxd compiled), through a primitive that reads it
            same = same and P.cards_in_zone(g, None, (kind, owner)) == tuple(g.zones[want]) \
                and len(g.zones[want]) == (1 if kind else len(g.cards) - len(g.zones) + 1)
            checked += 1
            wrong += not same
    for p in range(g.n):
        mine = [c for k in [E.Z_HAND] + list(E.EQUIP_ZONES) for c in g.zones[g.zone_id(k, p)]]
        checked += 1
        wrong += P.own_cards(g, None, p) != tuple(mine) or len(mine) != 1 + len(E.EQUIP_ZONES)
    raised = 0
    for kind in (-1, len(pp), len(pp) + 7):
        for call in (lambda: g.zone_id(kind, 0), lambda: g.zone_cards(kind, 0),
                     lambda: P.cards_in_zone(g, None, (kind, 0)),
                     lambda: g.move_one(0, kind, 0), lambda: g.move((0,), kind, 0),
                     lambda: g.shuffle_zone(kind, 0)):
            try:
                call()
            except E.EngineError:
                raised += 1
    print(key, checked, wrong, raised)
"""


def test_zone_index_is_its_definition():
    for pure in (True, False):
        lines = run_python(DIRECT, pure=pure).split("\n")
        assert lines[0] == str(not pure)
        results = [l.split() for l in lines[1:] if l]
        assert [r[0] for r in results] == ["identity", "identity_old", "zhanqi"], lines
        for key, checked, wrong, raised in results:
            assert int(checked) > 50, results
            assert wrong == "0", results
            assert raised == "18", results
