"""Step 196 (issue 15): a frame's pop reads the stack's size once (engine._pop_frame: the root
state forgotten when the root frame leaves, and only then), and a new game's C int tables are
zeroed arrays made by array.clone (engine._ints, compiled), and its cards Cards made without their
type's call (clone.init_game)."""
import array

from core import prims as P
from core.engine import Card, Player
from core.prims import games as G

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_the_root_state_is_forgotten_when_the_last_frame_pops_and_only_then(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK, log_level=0)
    s = P._state(g)
    assert s is not None and g.root_state is s
    t = P._T(g)
    base = len(g.stack)
    assert base >= 1
    pushed = [g.push(t.ev_move, 0) for _ in range(2)]
    popped = g.popped
    for f in reversed(pushed):   # frames above the root leave: its state stays
        g._pop(f)
        assert g.ret is f and g.root_state is s
    assert g.popped == popped + 2 and len(g.stack) == base
    while len(g.stack) > 1:
        f = g.stack[len(g.stack) - 1]
        g._pop(f)
        assert g.root_state is s
    root = g.stack[0]
    g._pop(root)   # the root frame leaves: its state with it
    assert not g.stack and g.ret is root and g.root_state is None


def _dirty(sizes):
    """Arrays of the sizes given, full of non-zero ints, made and freed: their memory is what
    the next arrays of those sizes are likely to be given."""
    for n in sizes:
        a = array.array("i", [-7]) * n
        del a


def test_a_new_games_int_tables_are_zeroed_arrays_of_their_own(identity):  # noqa: F811
    sizes = (0, 1, 3, 64, 300, 2500)
    for n in sizes:
        _dirty([n] * 4)
        p = Player(0, n, n, n)
        tables = (p.has, p.invalid, p.marks, p.hand_names)
        for a in tables:
            assert type(a) is array.array and a.typecode == "i"
            assert len(a) == n and a.tolist() == [0] * n
        assert len({id(a) for a in tables}) == 4
    g = P.new_game(identity, 5, seed=2, deck=DECK, log_level=0)
    gs = [g.card_zone, g.listen, g.holders, g.skill_uses, g.zshared] + list(g.cnt)
    for pl in g.players:
        gs += [pl.has, pl.invalid, pl.marks]
    assert len({id(a) for a in gs}) == len(gs)
    for a in gs:
        assert type(a) is array.array and a.typecode == "i"
    assert len(g.card_zone) == len(g.cards) and len(g.holders) == g.nskills
    assert all(len(c) == g.n * g.K for c in g.cnt) and not any(g.zshared)
    for pl in g.players:   # (the set-up has granted skills: has and holders are written)
        assert len(pl.has) == g.nskills and len(pl.invalid) == g.nskills
        assert not any(pl.invalid)
    # appended to as any array (a scope's touched counters start empty)
    for c in g.cnt_touched:
        assert type(c) is array.array and c.typecode == "i"
        c.append(5)
        assert c.tolist()[-1] == 5


def test_a_new_games_cards_are_its_decks_cards_by_id(identity):  # noqa: F811
    rs = G._game_rules(identity)
    deck = G._deck_cards(rs, rs.sgs, DECK)
    g = P.new_game(identity, 5, seed=3, deck=DECK, log_level=0)
    assert len(g.cards) == len(deck) > 100
    for i, (card, c) in enumerate(zip(g.cards, deck)):
        assert type(card) is Card
        assert (card.id, card.name, card.suit, card.point) == (i, c[0], c[1], c[2])
    assert len({c.suit for c in g.cards}) == 4 and len({c.point for c in g.cards}) == 13
    assert g.clone().cards is g.cards   # (immutable: a clone shares them, as before)
