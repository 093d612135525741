"""values.eq's fast paths (two ints, two tuples: the move flow's zones) answer as its general
path does, on every kind of value a slot holds (docs/ir.md, "Value representation"): seats,
quantifiers, card ids, numbers, bools, zones of every kind, the whole 装备区, other tuples,
card names, virtual cards, choices still to be made. Compiled when `sgs build` ran (the C fast
paths), else pure."""
import itertools

import pytest

from core import engine as E
from core import prims as P
from core.prims import values as Values

from test_games import DECK, identity  # noqa: F401  (the fixture)

ZK = P.ZK_EQUIP
KINDS = (E.Z_DRAW, E.Z_DISCARD, E.Z_PROCESS, E.Z_HAND, *E.EQUIP_ZONES, E.Z_JUDGE, E.Z_GENERAL, ZK)


def _values():
    # around values._small's bounds (a C long below 2**30 in magnitude, -2**40 its "no small int")
    ints = [P.OTHER, P.ANY, P.NONE, 0, 1, 2, 4, 7, 255, 256, 300, 2 ** 70, -(2 ** 70), ZK,
            2 ** 30 - 1, 2 ** 30, -(2 ** 30), -(2 ** 30) - 1, -(2 ** 40)]
    zones = [(k, p) for k in KINDS for p in (-1, 0, 2)]
    vc = E.VCard("杀", (3,))
    tuples = [(), (1,), (1, 2, 3), (ZK, 1, 2), ("杀", 1), (vc, 1), (1, 2 ** 70), (ZK, 2 ** 70),
              (True, 2), (1.0, 2), (E.Z_WEAPON, 2.0), (2, 0), (0, 2),
              (E.Z_WEAPON, 2 ** 30), (ZK, 2 ** 30), (2 ** 30, 2), (E.Z_HAND, True), (ZK, -(2 ** 40))]
    picks = [P.Pick("players", (0, 2)), P.Pick("cards", (3, 5), 1, 2), P.Pick("players", ())]
    return ints + [True, False, 1.0, 2.5] + zones + tuples + [None, "杀", "红桃", vc, [0, 2], (0, 2)] + picks


def test_eq_fast_paths_answer_as_the_general_path(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    vals = _values()
    for owner in (0, 2):
        f = E.Frame(0, 0)
        f.owner = owner
        for a, b in itertools.product(vals, repeat=2):
            fast, general = Values.eq(g, f, a, b), Values._eq_general(g, f, a, b)
            assert fast == general and type(fast) is type(general), (a, b, owner, fast, general)


def test_eq_reads_the_whole_equipment_zone_as_each_of_its_slots(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(0, 0)
    f.owner = 1
    assert Values.eq(g, f, (E.Z_WEAPON, 2), (ZK, 2)) is True
    assert Values.eq(g, f, (ZK, 2), (E.Z_HORSE_DEF, 2)) is True
    assert Values.eq(g, f, (E.Z_WEAPON, 2), (ZK, 3)) is False
    assert Values.eq(g, f, (E.Z_HAND, 2), (ZK, 2)) is False
    assert Values.eq(g, f, 3, P.OTHER) is True and Values.eq(g, f, 1, P.OTHER) is False
    assert Values.eq(g, f, P.NONE, P.ANY) is False


def test_eq_against_an_equipment_zone_answers_as_eq_with_the_zone_made(identity):  # noqa: F811
    """values.eq_equip_zone(z, who): what generated code calls for eq(z, 〔who〕的装备区)
    (compiler.emit.FUSED)."""
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    vals = _values()
    f = E.Frame(0, 0)
    f.owner = 2
    for z, who in itertools.product(vals, repeat=2):
        fused, made = Values.eq_equip_zone(g, f, z, who), Values.eq(g, f, z, (ZK, who))
        assert fused == made and type(fused) is type(made), (z, who, fused, made)


def test_eq_against_a_constant_zone_answers_as_eq_with_the_zone_made(identity):  # noqa: F811
    """values.eq_zone_kind(z, kind): what generated code calls for eq(z, (kind, -1)) — 弃牌堆,
    处理区 … (compiler.emit.FUSED_CONST); every kind, the equipment's too (those fall back to eq)."""
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(0, 0)
    f.owner = 2
    for z, kind in itertools.product(_values(), KINDS):
        fused, made = Values.eq_zone_kind(g, f, z, kind), Values.eq(g, f, z, (kind, -1))
        assert fused == made and type(fused) is type(made), (z, kind, fused, made)


def test_eq_of_a_count_and_a_constant_answers_as_eq_with_the_count_made(identity):  # noqa: F811
    """values.eq_count(cs, n): what generated code calls for eq(〔cs〕的张数, n), n a constant int
    (compiler.emit.FUSED_COUNT; the move flow's 此次移动的牌的张数为0): a tuple's length, anything
    else counted by cards.count_cards and compared by eq."""
    from core.prims import cards as Cards
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(0, 0)
    f.owner = 2
    for cs, n in itertools.product(_values(), (0, 1, 2, 3, 2 ** 30 - 1)):
        try:
            made = Values.eq(g, f, Cards.count_cards(g, f, cs), n)
        except TypeError:   # no count of cards (a float, a bool): eq_count raises as well
            with pytest.raises(TypeError):
                Values.eq_count(g, f, cs, n)
            continue
        fused = Values.eq_count(g, f, cs, n)
        assert fused is bool(made), (cs, n, fused, made)
    assert Values.eq_count(g, f, (), 0) is True and Values.eq_count(g, f, (4, 5), 2) is True
    assert Values.eq_count(g, f, (4, 5), 1) is False
