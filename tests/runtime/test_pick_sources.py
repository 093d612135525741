"""zones._pick_src: the cards a card Pick chooses among, rebuilt from a role's cards by the
Pick's source (zones.SRC_*: its kind as an int, compared in C, and the filter's value). Each kind
gives the role's cards that pass its filter, from the hand only or from the hand and the
equipment, in zone order; owned_by rebuilds a Pick from another role's cards the same way.
Compiled when `sgs build` ran, else pure."""
from core import engine as E
from core import prims as P
from core.prims import base as B, cards as Cards, zones as Z

from test_games import DECK, identity  # noqa: F401  (the fixture)

RED, BLACK = B.COLOR_BASE + 1, B.COLOR_BASE   # colours as the primitives take them


def _game(identity):  # noqa: F811
    """Role 1 holds the deck's first 12 cards and two equipment cards (a weapon and another),
    role 2 the next 8 cards; nobody else holds any."""
    g = P.new_game(identity, 3, seed=1, deck=DECK, mode=None, hand=0, shuffle=False)
    equip = [c for c in range(len(g.cards)) if Cards.card_is(g, B._PROBE, c, "装备")]
    others = [c for c in range(len(g.cards)) if c not in equip]
    g.move(tuple(others[:12]), E.Z_HAND, 1)
    g.move((equip[0],), E.Z_WEAPON, 1)
    g.move((equip[1],), E.Z_ARMOR, 1)
    g.move(tuple(others[12:20]), E.Z_HAND, 2)
    g.move((others[20],), E.Z_JUDGE, 1)
    return g


def _colour(g, c):
    return Cards.phys_color(g, c) + B.COLOR_BASE


def test_each_source_kind_filters_its_zones(identity):  # noqa: F811
    g = _game(identity)
    for p in (1, 2):
        hand = tuple(g.zone_cards(E.Z_HAND, p))
        own = hand + tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
        suits = [Cards.phys_suit(g, c) for c in hand]
        name = g.card_name(hand[0])
        expected = {
            None: own,
            (Z.SRC_OWN, None): own,
            (Z.SRC_HAND, None): hand,
            (Z.SRC_AREAS, None): own + tuple(g.zone_cards(E.Z_JUDGE, p)),
            (Z.SRC_COLOR, RED): tuple([c for c in own if _colour(g, c) == RED]),
            (Z.SRC_HAND_COLOR, RED): tuple([c for c in hand if _colour(g, c) == RED]),
            (Z.SRC_HAND_NOT_COLOR, RED): tuple([c for c in hand if _colour(g, c) != RED]),
            (Z.SRC_SUIT, suits[0]): tuple([c for c in hand if Cards.phys_suit(g, c) == suits[0]]),
            (Z.SRC_CAT, "装备"): own[len(hand):],
            (Z.SRC_HAND_CAT, "装备"): (),
            (Z.SRC_CAT, "基本"): tuple([c for c in own if Cards.card_is(g, B._PROBE, c, "基本")]),
            (Z.SRC_NAME, name): tuple([c for c in own if g.card_name(c) == name]),
            (Z.SRC_NAMES, (name, name)): tuple([c for c in own if g.card_name(c) == name]),
            (Z.SRC_COLOUR_CATS, ((BLACK, "装备"), (RED, "装备"))): own[len(hand):],
            (Z.SRC_HAND_SAME_SUIT, 6): tuple([c for c in hand if suits.count(Cards.phys_suit(g, c)) >= 6]),
        }
        for src, cards in expected.items():
            assert Z._pick_src(g, src, p) == cards, (p, src)
    # the filters found cards and left some out (the comparisons above compared something)
    assert Z._pick_src(g, (Z.SRC_COLOR, RED), 1) and Z._pick_src(g, (Z.SRC_COLOR, BLACK), 1)
    assert g.zone_cards(E.Z_JUDGE, 1) and Z._pick_src(g, (Z.SRC_HAND_SAME_SUIT, 6), 1)
    assert Z._pick_src(g, (Z.SRC_HAND_SAME_SUIT, 6), 1) != tuple(g.zone_cards(E.Z_HAND, 1))


def test_a_pick_rebuilt_from_another_role_s_cards(identity):  # noqa: F811
    g = _game(identity)
    f = B._frame0(1, None)
    for pick in (Z.choose_cards_of(g, f, 1, RED), Z.choose_cards_in_areas(g, f, 1),
                 Z.choose_cards(g, f, 1), Z.choose_hand_cards(g, f, 1),
                 Z.choose_hand_cards_same_suit(g, f, 2)):
        assert pick.group == Z._pick_src(g, pick.src, 1)
        assert Z.owned_by(g, f, 2, pick).group == Z._pick_src(g, pick.src, 2)
