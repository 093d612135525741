"""zones._pick_src: the cards a card Pick chooses among, rebuilt from a role's cards by the
Pick's source (its kind a C int, zones.SRC_*, and the filter's value). Each primitive's Pick
chooses among its owner's cards that pass its filter, from the hand only or from the hand and the
equipment, in zone order, and its source rebuilds the same for another role (owned_by). The
sources are taken from the Picks, since the kinds are C ints compiled. Compiled when `sgs build`
ran, else pure."""
from core import engine as E
from core import prims as P
from core.prims import base as B, cards as Cards, zones as Z

from test_games import DECK, identity  # noqa: F401  (the fixture)

RED, BLACK = B.COLOR_BASE + 1, B.COLOR_BASE   # colours as the primitives take them


def _game(identity):  # noqa: F811
    """Role 1 holds 12 cards of the deck's first (7 spades, 5 clubs), a weapon and an armour and
    a judge card; role 2 holds the next 8 cards (clubs); nobody else holds any."""
    g = P.new_game(identity, 3, seed=1, deck=DECK, mode=None, hand=0, shuffle=False)
    f = B._frame0(0, None)
    equip = [c for c in range(len(g.cards)) if Cards.card_is(g, f, c, "装备")]
    others = [c for c in range(len(g.cards)) if c not in equip]
    g.move(tuple(others[:12]), E.Z_HAND, 1)
    g.move((equip[0],), E.Z_WEAPON, 1)
    g.move((equip[1],), E.Z_ARMOR, 1)
    g.move(tuple(others[12:20]), E.Z_HAND, 2)
    g.move((others[20],), E.Z_JUDGE, 1)
    return g


def _colour(g, c):
    return Cards.phys_color(g, c) + B.COLOR_BASE


def _picks_and_their_cards(g, p, suit, name):
    """Each choice primitive's Pick made for role p (of the suit and the card name given, where
    it takes one), with the cards it must choose among."""
    f = B._frame0(p, None)
    hand = tuple(g.zone_cards(E.Z_HAND, p))
    own = hand + tuple([c for z in E.EQUIP_ZONES for c in g.zone_cards(z, p)])
    suits = [Cards.phys_suit(g, c) for c in hand]
    return [
        (Z.choose_cards(g, f, 1), own),
        (Z.choose_hand_cards(g, f, 1), hand),
        (Z.choose_cards_in_areas(g, f, 1), own + tuple(g.zone_cards(E.Z_JUDGE, p))),
        (Z.choose_cards_of(g, f, 1, RED), tuple([c for c in own if _colour(g, c) == RED])),
        (Z.choose_hand_cards_of(g, f, 1, BLACK), tuple([c for c in hand if _colour(g, c) == BLACK])),
        (Z.choose_hand_cards_of(g, f, 1, suit), tuple([c for c in hand if Cards.phys_suit(g, c) == suit])),
        (Z.choose_hand_cards_not_of(g, f, 1, BLACK), tuple([c for c in hand if _colour(g, c) != BLACK])),
        (Z.choose_cards_of_category(g, f, 1, "装备"), own[len(hand):]),
        (Z.choose_cards_of_category(g, f, 1, "基本"),
         tuple([c for c in own if Cards.card_is(g, f, c, "基本")])),
        (Z.choose_hand_cards_of_category(g, f, 1, "基本"),
         tuple([c for c in hand if Cards.card_is(g, f, c, "基本")])),
        (Z.choose_named_cards(g, f, 1, name), tuple([c for c in own if g.card_name(c) == name])),
        (Z.choose_named_cards_either(g, f, 1, name, name),
         tuple([c for c in own if g.card_name(c) == name])),
        (Z.choose_cards_of_colour_categories(g, f, 1, BLACK, "装备", RED, "装备"), own[len(hand):]),
        (Z.choose_hand_cards_same_suit(g, f, 6),
         tuple([c for c in hand if suits.count(Cards.phys_suit(g, c)) >= 6])),
    ]


def _first_card(g, p):
    c = g.zone_cards(E.Z_HAND, p)[0]
    return Cards.phys_suit(g, c), g.card_name(c)


def test_each_pick_chooses_among_the_cards_its_filter_keeps(identity):  # noqa: F811
    g = _game(identity)
    for p in (1, 2):
        for pick, cards in _picks_and_their_cards(g, p, *_first_card(g, p)):
            assert pick.group == cards, (p, pick.src)
            assert Z._pick_src(g, pick.src, p) == cards, (p, pick.src)
    assert Z._pick_src(g, None, 1) == Z.choose_cards(g, B._frame0(1, None), 1).group
    # the filters found cards and left some out (the comparisons above compared something)
    picks = [pick.group for pick, _ in _picks_and_their_cards(g, 1, *_first_card(g, 1))]
    assert picks[3] and picks[4] and g.zone_cards(E.Z_JUDGE, 1) and picks[7] and picks[9]
    assert picks[-1] and picks[-1] != picks[1]   # 7 spades of the 12 hand cards
    assert len({pick.src for pick, _ in _picks_and_their_cards(g, 1, *_first_card(g, 1))}) == 14


def test_a_pick_rebuilt_from_another_role_s_cards(identity):  # noqa: F811
    g = _game(identity)
    f = B._frame0(1, None)
    values = _first_card(g, 1)   # role 1's suit and card name, for both roles' picks
    for (pick, _), (_, theirs) in zip(_picks_and_their_cards(g, 1, *values),
                                      _picks_and_their_cards(g, 2, *values)):
        assert Z.owned_by(g, f, 2, pick).group == theirs, pick.src
