"""The move flow's helpers with typed fast paths (docs/performance.md, step 20) answer as their
plain code did, on the values they meet: `cards._cards_phys` on a tuple of physical card ids
(the tuple itself), with virtual cards, negatives, bools or a list among them (read item by
item), and `zones._card_at`, the index of a card in a move's list of cards each followed by its
origin or its destination (step 72c: a flat list, where a list of pairs made a tuple a card).
Compiled when `sgs build` ran, else pure."""
import pytest

from core import engine as E
from core import prims as P
from core.prims import cards as Cards, zones as Zones

from test_games import DECK, identity  # noqa: F401  (the fixture)


def test_physical_ids_are_their_own_physical_cards(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    ids = (3, 0, 7)
    assert Cards._cards_phys(g, ids) is ids
    assert Cards._cards_phys(g, ()) == ()


def test_other_card_values_are_read_item_by_item(identity):  # noqa: F811
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    v = Cards._new_vcard(g, g.card_name(5), (5, 6))
    assert v >= P.VBASE
    assert Cards._cards_phys(g, (3, v, 7)) == (3, 5, 6, 7)   # a virtual card: its cards
    assert Cards._cards_phys(g, (3, -1, 7)) == (3, 7)        # no card
    assert Cards._cards_phys(g, (3, None)) == (3,)
    kept = Cards._cards_phys(g, (True, 2))                   # an int, as isinstance reads it
    assert kept == (1, 2) and type(kept[0]) is bool
    listed = [4, 2]
    got = Cards._cards_phys(g, listed)
    assert got == (4, 2) and type(got) is tuple
    assert Cards._cards_phys(g, 9) == (9,)
    assert Cards._cards_phys(g, v) == (5, 6)


def test_a_cards_entry_is_its_first_one():
    origins = [3, (1, -1), 300, None, 3, (3, 0)]
    assert Zones._card_at(origins, 3) == 0
    # found though its value is None (a destination recorded as None is not "no destination")
    assert Zones._card_at(origins, 300) == 2
    assert Zones._card_at(origins, int("300")) == 2   # equal, not the same object
    assert Zones._card_at(origins, 2 ** 70) == -1
    assert Zones._card_at([2 ** 70, "x"], 2 ** 70) == 0
    assert Zones._card_at(origins, 4) == -1
    assert Zones._card_at([4, (3, 0)], (3, 0)) == -1   # a value is no card
    assert Zones._card_at([4, (1, -1), 5], 5) == -1   # a card without its value (none such)
    assert Zones._card_at(None, 3) == -1              # no move, or nothing recorded
    assert Zones._card_at(tuple(origins), 3) == -1    # not a move's list


def test_a_new_virtual_cards_record(identity):  # noqa: F811
    """cards._new_vcard writes the record at once in base's V_* order (docs/performance.md,
    step 23i): each field where base's index says, the lists () and the choices the shared empty
    mapping until written (docs/decisions/0118, 0156)."""
    from core.prims import base as B
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    v = Cards._new_vcard(g, g.card_name(5), (5,), 2)
    w = Cards._new_vcard(g, g.card_name(5), (5, 6))
    r, q = B._rec(g, v), B._rec(g, w)
    assert len(r) == B.NV
    assert (r[B.V_NAME], r[B.V_CARDS], r[B.V_USER]) == (g.card_name(5), (5,), 2)
    assert (r[B.V_SUIT], r[B.V_POINT]) == (Cards.phys_suit(g, 5), g.card_point(5))
    assert (q[B.V_USER], q[B.V_SUIT], q[B.V_POINT]) == (P.NONE, E.S_NONE, 0)
    assert (r[B.V_METHOD], r[B.V_ALIVE], r[B.V_TPLUS], r[B.V_DMG], r[B.V_ALLHAND]) == (0, True, 0, 0, -1)
    assert r[B.V_NODIST] is None and r[B.V_SRC] is None and r[B.V_WITH] == {}
    assert r[B.V_WITH] is q[B.V_WITH] is Cards._NO_WITH and type(r[B.V_WITH]) is not dict
    for k in (getattr(B, n) for n in LIST_FIELDS):   # () until a writer makes the list (docs/decisions/0118)
        assert r[k] == () and type(r[k]) is tuple


def test_the_choices_are_made_at_their_first_write(identity):  # noqa: F811
    """同时选择's choices (V_WITH, docs/decisions/0156): in_use._set_with makes the record's own
    dict at the first write, over the shared empty mapping, and writes the next choices into it;
    another record's stay the shared mapping, still empty; a frozen record refuses the write."""
    from core.prims import base as B, in_use as St
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(B._T(g).ev_move, 4)
    f.x = [None] * B.NX
    v = Cards._new_vcard(g, g.card_name(5), (5,), 2)
    w = Cards._new_vcard(g, g.card_name(6), (6,), 2)
    St._set_with(g, f, True, [3], v, 1)
    d = B._rec(g, v)[B.V_WITH]
    St._set_with(g, f, True, [], v, 4)
    assert type(d) is dict and d == {1: 3, 4: P.NONE} and B._rec(g, v)[B.V_WITH] is d
    assert B._rec(g, w)[B.V_WITH] is Cards._NO_WITH and len(Cards._NO_WITH) == 0
    fr = Cards._frozen(B._rec(g, v))
    assert dict(fr[B.V_WITH]) == d and fr[B.V_WITH] is not d
    assert Cards._frozen(B._rec(g, w))[B.V_WITH] is Cards._NO_WITH
    B._Sw(g, B.S_VC)[w - P.VBASE] = Cards._frozen(B._rec(g, w))
    with pytest.raises(TypeError):
        St._set_with(g, f, True, [3], w, 1)
    assert len(Cards._NO_WITH) == 0


LIST_FIELDS = ("V_TARGETS", "V_INEFF", "V_COUNTERED", "V_HITS", "V_EXTRA", "V_NORESP", "V_IGNORE")


def test_a_records_list_fields_are_made_at_their_first_write(identity):  # noqa: F811
    """A new record's list fields hold () (cards._new_vcard, docs/decisions/0118); the writers
    make the field a list of the record's own at the first write (resolving._list_field) and
    append to that list after: another record, holding () too, is left as it was; a frozen
    record's field is a tuple a write cannot change."""
    from core.prims import base as B, resolving as Resolving
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = E.Frame(0, 0)
    v = Cards._new_vcard(g, g.card_name(5), (5,), 2)
    w = Cards._new_vcard(g, g.card_name(5), (6,), 2)
    r, q = B._rec(g, v), B._rec(g, w)
    Resolving.ineffective_to(g, f, False, v, 3)
    Resolving.cannot_respond_with(g, f, False, 1, 7, v)
    first = r[B.V_INEFF]
    assert type(first) is list and first == [3] and r[B.V_NORESP] == [(1, 7)]
    Resolving.ineffective_to(g, f, False, v, 1)
    Resolving.ineffective_to(g, f, False, v, 3)   # already there: not twice
    Resolving.cannot_be_responded(g, f, False, v, 8)
    assert r[B.V_INEFF] is first and first == [3, 1]
    assert r[B.V_NORESP] == [(1, 7), (P.ANY, 8)]
    assert Resolving.is_ineffective(g, f, v, 1) and not Resolving.is_ineffective(g, f, w, 1)
    for k in LIST_FIELDS:
        assert q[getattr(B, k)] == ()
    listed = [4]
    r[B.V_HITS] = listed   # a list already: written as it is
    assert Resolving._list_field(r, B.V_HITS) is listed
    made = Resolving._list_field(q, B.V_EXTRA)
    assert made == [] and q[B.V_EXTRA] is made
    frozen = Cards._frozen(r)
    assert frozen[B.V_INEFF] == (3, 1) and frozen[B.V_COUNTERED] == ()
    try:
        Resolving._list_field(frozen, B.V_COUNTERED)
    except TypeError:
        pass
    else:
        raise AssertionError("a frozen record was written")


def test_a_records_fields_read_live_and_frozen(identity):  # noqa: F811
    """The rooms read a virtual card's fields through base._field (compiled: fast._field_fast, a
    live record's list item by a C index, step 47): a live record (a list) and the same record
    frozen (a Frozen tuple, as vanish_virtual_card leaves it) answer alike, and as the record's
    items say. Compiled when `sgs build` ran, else pure."""
    from core.prims import base as B, resolving as Resolving
    g = P.new_game(identity, 5, seed=1, deck=DECK)
    f = g.stack[-1] if g.stack else None
    v = Cards._new_vcard(g, g.card_name(5), (5, 6), 2)
    B._rec(g, v)[B.V_TARGETS] = [3, 1]

    def readings():
        return (Cards._card_name_any(g, v), Cards.suit(g, f, v), Cards.point_of(g, f, v),
                Cards._cards_phys(g, (v,)), Resolving.target_list(g, f, v),
                Resolving.targets_empty(g, f, v), Resolving.target_count(g, f, v),
                Resolving.has_physical(g, f, v), Resolving.countered(g, f, v))

    live = readings()
    r = B._rec(g, v)
    assert type(r) is list
    assert live == (r[B.V_NAME], r[B.V_SUIT], r[B.V_POINT], (5, 6), (3, 1), False, 2, True, False)
    B._Sw(g, B.S_VC)[v - P.VBASE] = Cards._frozen(r)
    assert type(B._rec(g, v)) is Cards.Frozen
    assert readings() == live
    assert B._field(r, B.V_CARDS) == (5, 6) and B._field(B._rec(g, v), B.V_TARGETS) == (3, 1)



NEW_CTX = r"""
import core
from core.prims import use as Use
print(repr(Use._new_ctx(2, (1, 3), 300, True, "ev")), repr(Use._new_ctx()))
a, b = Use._new_ctx(), Use._new_ctx()
print(a is not b and type(a) is list)
if not core.compiled():   # the C_* indices are C constants when compiled
    c = Use._new_ctx(2, (1, 3), 300, True, "ev")
    print(len(c) == Use.NC, [c[Use.C_METHOD], c[Use.C_RESTRICT], c[Use.C_CARD], c[Use.C_STARTED],
                             c[Use.C_DECLARED], c[Use.C_EV], c[Use.C_INIT], c[Use.C_SKILL],
                             c[Use.C_REC], c[Use.C_TARGETS]])
"""


def test_a_new_use_context():
    """use._new_ctx makes the context at once in the C_* order (step 47): each field where its
    index says (read by name in pure mode, where the indices are attributes), the defaults where
    no argument gives one, a new list each time; as built, the same lists."""
    from seeded_games import run_python
    pure = run_python(NEW_CTX, pure=True).strip().splitlines()
    built = run_python(NEW_CTX, pure=False).strip().splitlines()
    assert pure[0] == "[2, (1, 3), 300, True, True, 'ev', False, None, None, None] " \
                      "[0, None, None, False, False, None, False, None, None, None]", pure
    assert pure[1] == "True" and pure[2] == "True [2, (1, 3), 300, True, True, 'ev', False, None, None, None]"
    assert built == pure[:2]
