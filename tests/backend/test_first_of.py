"""A card's 使用目标 that picks one role of a filtered group (compiler.emit.FIRST_OF, step 86a,
docs/decisions/0081): the emitter writes the filter as its runtime function that may stop at the
first legal target when only that is asked (tests/runtime/test_first_target.py holds the runtime
side to the whole group). Here: what the emitter writes, and where it does not."""
from compiler import emit, ir


def _call(name, *args):
    return ir.PrimCall(name, tuple(args))


ATTACK = _call("in_attack_range", _call("owner"), _call("alive_characters"))


def test_a_pick_of_one_in_attack_range_is_written_with_its_first_target_function():
    got = emit.targets_expr(_call("choose_one_character", ATTACK))
    assert got == ("Roles.choose_one_character(g, f, Roles.in_attack_range_one(g, f, "
                   "Roles.owner(g, f), Roles.alive_characters(g, f)))")


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
