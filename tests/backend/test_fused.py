"""The fused calls of generated code (compiler.emit.FUSED, docs/decisions/0037): a primitive
applied to a value and to another primitive's call is written as one runtime function, which
answers as the two calls did, on every kind of value (tests/runtime/test_values_eq.py checks the
runtime side). Here: what the emitter writes."""
from compiler import emit, ir


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


def test_eq_against_a_roles_equipment_zone_is_one_call():
    got = emit.expr(_call("eq", _call("move_origin", ir.SlotRef(6, "牌")), _call("zone_equip", ir.SlotRef(9, "角色"))))
    assert got == "Values.eq_equip_zone(g, f, Zones.move_origin(g, f, s[6]), s[9])"


def test_every_fused_function_is_a_typed_runtime_function():
    for (outer, inner), fused in emit.FUSED.items():
        assert emit.prim_ref(fused) == f"{emit.room_alias(emit._TYPED[fused])}.{fused}"


def test_other_shapes_are_written_as_they_are():
    # the inner call first, another inner call, or an inner call with other arguments
    assert "eq_equip_zone" not in emit.expr(_call("eq", _call("zone_equip", ir.SlotRef(9, "角色")), ir.SlotRef(6, "牌")))
    assert emit.expr(_call("eq", ir.SlotRef(6, "牌"), _call("zone_hand", ir.SlotRef(9, "角色")))) == \
        "Values.eq(g, f, s[6], Zones.zone_hand(g, f, s[9]))"


def test_eq_against_a_constant_zone_is_one_call_with_its_kind():
    # 弃牌堆 and 处理区 are constant zones (kind, -1): eq of one and a value, in either order, is
    # the runtime's eq_zone_kind with the kind written as an int (FUSED_CONST)
    discard, process = emit._consts()["zone_discard"], emit._consts()["zone_processing"]
    got = emit.expr(_call("eq", ir.SlotRef(6, "区域"), _call("zone_discard")))
    assert got == f"Values.eq_zone_kind(g, f, s[6], {discard[0]})"
    got = emit.expr(_call("eq", _call("zone_processing"), _call("zone_owner", ir.SlotRef(6, "区域"))))
    assert got == f"Values.eq_zone_kind(g, f, P.zone_owner(g, f, s[6]), {process[0]})"
    assert emit.prim_ref("eq_zone_kind") == "Values.eq_zone_kind"


def test_a_moved_cards_zone_against_a_constant_zone_is_one_call_of_the_card():
    # …and when the value is a moved card's 原区域 or 去向 (FUSED_KIND), one call of the card and
    # the kind, in either order (step 77: the move flow asks them of each card moved)
    discard, process = emit._consts()["zone_discard"], emit._consts()["zone_processing"]
    got = emit.expr(_call("eq", _call("move_destination", ir.SlotRef(6, "牌")), _call("zone_discard")))
    assert got == f"move_destination_kind_is_in(g, f, s[6], {discard[0]})"
    got = emit.expr(_call("eq", _call("zone_processing"), _call("move_origin", ir.SlotRef(6, "牌"))))
    assert got == f"move_origin_kind_is_in(g, f, s[6], {process[0]})"
    # against another value, the zone is read and compared by eq
    got = emit.expr(_call("eq", _call("move_origin", ir.SlotRef(6, "牌")), ir.SlotRef(7, "区域")))
    assert got == "Values.eq(g, f, Zones.move_origin(g, f, s[6]), s[7])"
    for inner, fused in emit.FUSED_KIND.items():
        # asked in place (movedkind.pxd, step 167a), the room's function uncompiled
        assert emit.prim_ref(fused) == f"{fused}_in" and emit.INLINED[fused] == "movedkind"
        assert emit._TYPED[fused] == emit._TYPED[inner]   # the room of the zone's reader


def test_eq_against_other_constants_is_eq():
    # a constant that is no zone (a bool, a suit) is compared by eq, written in place
    assert emit.expr(_call("eq", ir.SlotRef(6, "X"), _call("bool_true"))) == "Values.eq(g, f, s[6], True)"
    assert emit.expr(_call("eq", ir.SlotRef(6, "X"), _call("suit_heart"))).startswith("Values.eq(g, f, s[6], ")


def test_not_is_written_in_place():
    assert emit.expr(_call("not", _call("is_judge_zone", ir.SlotRef(6, "区域")))) == \
        "(not Zones.is_judge_zone(g, f, s[6]))"


def test_eq_of_a_count_of_cards_and_a_constant_int_is_one_call():
    # 此次移动的牌的张数为0 (the move flow, at each move): eq of count_cards and an int, in either
    # order, is the runtime's eq_count with the int written in place (FUSED_COUNT)
    # (asked in place since step 213b: cardcount.pxd's eq_count_in, values.eq_count uncompiled)
    got = emit.expr(_call("eq", _call("count_cards", _call("moving_cards")), ir.Const(0)))
    assert got == "eq_count_in(g, f, moving_cards_in(g, f), 0)"
    got = emit.expr(_call("eq", ir.Const(2), _call("count_cards", ir.SlotRef(3, "牌组"))))
    assert got == "eq_count_in(g, f, s[3], 2)"
    for (outer, inner), fused in emit.FUSED_COUNT.items():
        assert emit.prim_ref(fused) == f"{fused}_in" and emit._TYPED[fused] == "values"


def test_a_count_against_what_is_no_plain_int_is_eq():
    # a bool, a quantifier or a negative int (eq's membership), an int past a small one, a slot:
    # eq of the count, as written before
    for n in (ir.Const(True), ir.Const(-1), ir.Const(1 << 30), ir.SlotRef(4, "数")):
        got = emit.expr(_call("eq", _call("count_cards", ir.SlotRef(3, "牌组")), n))
        assert got.startswith("Values.eq(g, f, count_cards_in(g, f, s[3]), "), got
