"""A card's 使用目标 that picks one role of a filtered group (compiler.emit.FIRST_OF, step 86a,
docs/decisions/0081): the emitter writes the filter as its runtime function that may stop at the
first legal target when only that is asked (tests/runtime/test_first_target.py holds the runtime
side to the whole group); and a 使用目标 whose outermost role filter applies to a pick of one
(compiler.emit.FIRST_OF_FILTER, step 131a, docs/decisions/0109): that filter written as its
function that may answer its first legal role, only the outermost. Here: what the emitter writes,
and where it does not."""
from compiler import emit, ir


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


ATTACK = _call("in_attack_range", _call("owner"), _call("alive_characters"))


def test_a_pick_of_one_in_attack_range_is_written_with_its_first_target_function():
    got = emit.targets_expr(_call("choose_one_character", ATTACK))
    # (the owner to its object parameter borrowed: compiler.emit.owner_ref)
    assert got == ("Roles.choose_one_character(g, f, Roles.in_attack_range_one(g, f, "
                   "cython.cast(object, _intbox(f.owner)), Roles.alive_characters(g, f)))")


def test_other_shapes_and_other_readings_are_written_as_they_are():
    # a pick of more than one (its lo may need more legal targets than the first), the filter
    # alone, and the same pick outside a 使用目标 (expr: a skill's condition or program)
    for e in (_call("choose_between_n_characters", ir.Const(1), ir.Const(2), ATTACK), ATTACK,
              _call("choose_one_character", _call("alive_characters"))):
        assert emit.targets_expr(e) == emit.expr(e)
        assert "_one(" not in emit.targets_expr(e)
    assert "in_attack_range_one" not in emit.expr(_call("choose_one_character", ATTACK))


def test_every_first_target_function_is_a_typed_runtime_function_of_its_filters_room():
    for (pick, inner), fn in emit.FIRST_OF.items():
        assert emit.prim_ref(fn) == f"{emit.room_alias(emit._TYPED[fn])}.{fn}"
        assert emit._TYPED[fn] == emit._TYPED[inner]


OTHER_ONE = _call("choose_one_character", ir.Const(-3))
CARDS = _call("characters_with_cards_in_areas", OTHER_ONE)


def test_the_outermost_filter_of_a_pick_of_one_is_written_with_its_first_target_function():
    # 【过河拆桥】: the filter of the pick itself
    assert emit.targets_expr(CARDS) == ("Roles.characters_with_cards_in_areas_one(g, f, "
                                        "Roles.choose_one_character(g, f, -3))")
    # 【顺手牵羊】: the outer filter only; the inner one reads its whole group (cut to its first
    # role, it could hide the role at distance 1)
    got = emit.targets_expr(_call("at_distance", _call("owner"), ir.Const(1), CARDS))
    assert got == ("Roles.at_distance_one(g, f, cython.cast(object, _intbox(f.owner)), 1, "
                   "Roles.characters_with_cards_in_areas(g, f, Roles.choose_one_character(g, f, -3)))")
    # 【借刀杀人】: the filter's other arguments as expr writes them
    e = _call("characters_with_equipment_of_category", ir.Const("武器"), OTHER_ONE)
    assert emit.targets_expr(e) == "Roles.characters_with_equipment_of_category_one" + emit.expr(e)[
        len("Roles.characters_with_equipment_of_category"):]


def test_a_filter_of_anything_but_a_pick_of_one_is_written_as_it_is():
    # a filter of a group (a card aimed at all of them), of a pick of one or two, of a pick under
    # a filter the table does not know, and the same filters outside a 使用目标
    for e in (_call("characters_with_cards_in_areas", _call("alive_characters")),
              _call("characters_with_hand",
                    _call("choose_between_n_characters", ir.Const(1), ir.Const(2), ATTACK)),
              _call("characters_with_hand", _call("wounded_characters", OTHER_ONE))):
        assert emit.targets_expr(e) == emit.expr(e)
        assert "_one(" not in emit.targets_expr(e)
    assert "_one(" not in emit.expr(_call("at_distance", _call("owner"), ir.Const(1), CARDS))


def test_every_outermost_filter_function_is_a_typed_runtime_function_of_its_filters_room():
    for name, fn in emit.FIRST_OF_FILTER.items():
        assert emit.prim_ref(fn) == f"{emit.room_alias(emit._TYPED[fn])}.{fn}"
        assert emit._TYPED[fn] == emit._TYPED[name]
