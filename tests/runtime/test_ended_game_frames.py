"""Step 203 (issue 15): step and run_pushed read the frame they run borrowed from the stack (no
reference taken and dropped at each run, compiled), so end_game, which empties the stack while
those frames run (their programs write pc after it returns), keeps the frames it pops until the
step that ends the game returns (engine._ENDED; docs/decisions/0182)."""
import core.engine as E
from core import prims as P

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_end_game_keeps_the_frames_it_pops_until_a_step_ends_a_game(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    while g.step(7) is None:   # a few runs in: frames above the root
        pass
    frames = list(g.stack)
    assert len(frames) >= 2
    del E._ENDED[:]
    assert g.end_game([0], "test") == 4
    assert not g.stack and g.result.winners == [0]
    # each frame popped kept (the same objects, in the order popped), its ev and child dropped
    assert len(E._ENDED) == len(frames)
    assert all(a is b for a, b in zip(E._ENDED, reversed(frames)))
    assert all(f.ev is None and f.child is None for f in E._ENDED)
    del frames
    # the next game ended by step lets them go, with its own, when that step returns
    h = P.new_game(identity, 5, seed=2, deck=DECK, log_level=0)
    h.run_random(2)
    assert h.result is not None and h.result.reason != "flow ended"
    assert E._ENDED == []


def test_a_game_ended_by_step_keeps_no_frame(identity):  # noqa: F811
    for seed in (1000, 1001):
        g = P.new_game(identity, 5, seed=seed, deck=DECK, log_level=0)
        g.run_random(seed)
        assert g.result is not None and not g.stack
        assert E._ENDED == []


def test_a_new_games_zones_and_their_tables(identity):  # noqa: F811
    """clone.init_game's zone tables, made by C loops (step 203b): zone_kind, zone_owner and zbase
    by zone kind, each player's zones after its kind's first; the deck holding every card in
    order, the other zones empty; zkind_at the zone_kind list as C ints; zone_at and zkinds."""
    import array
    for n, seed in ((5, 1), (8, 2), (2, 3)):
        g = P.new_game(identity, n, seed=seed, deck=DECK, log_level=0, start=False,
                       shuffle=False)
        per = g.rs.zone_per_player
        kinds, owners, base = [], [], []
        for k in range(len(g.rs.zone_names)):
            base.append(len(kinds))
            seats = range(n) if per[k] else [-1]
            kinds += [k] * len(seats)
            owners += list(seats)
        assert (g.zone_kind, g.zone_owner, g.zbase) == (kinds, owners, base)
        assert len(g.zones) == len(kinds) and len(g.players) == n
        assert g.zones[0] == list(range(len(g.cards))) and len(g.cards) > 100
        assert not any(g.zones[1:])
        assert type(g.zkind_at) is array.array and g.zkind_at.typecode == "i"
        assert g.zkind_at.tolist() == kinds
        assert g.zone_at == list(zip(kinds, owners))
        assert g.zkinds.tolist() == [v for k in range(len(base))
                                     for v in (base[k], 1 if per[k] else 0)]
        assert len(g.zshared) == len(kinds) and not any(g.zshared)
        assert all(len(c) == n * g.K for c in g.cnt)


def test_a_dead_games_cards_are_the_next_games_memory():
    """Compiled, Card has a freelist of 256 (step 203c): a game's cards, freed with it, are what
    the next game's cards take, no allocation each (sys.getallocatedblocks counts pymalloc's
    blocks: a freelist's object is none of them). Uncompiled, Card is a Python class: skipped."""
    import sys

    import pytest

    import core
    if not core.compiled():
        pytest.skip("a freelist is a compiled type's")
    dead = [E.Card(i, 0, 0, 1) for i in range(200)]
    del dead   # (into the freelist)
    before = sys.getallocatedblocks()
    cards = [E.Card(i, 1, 2, 3) for i in range(200)]
    grown = sys.getallocatedblocks() - before
    assert grown < 40, grown   # (the list's item array, not 200 cards)
    assert [(c.id, c.name, c.suit, c.point) for c in cards] == [(i, 1, 2, 3) for i in range(200)]
    # a freelist's card is as new: its ints zeroed, then __init__'s (or init_game's) written
    assert (E.Card.__new__(E.Card).id, E.Card.__new__(E.Card).point) == (0, 0)
