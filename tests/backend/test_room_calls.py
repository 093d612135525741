"""The primitives generated code calls often are C calls through their room, not P.<name>
lookups (a module attribute read by name and a Python call at each call: docs/performance.md
"Step 82"). The emitter names a primitive through its room when the room's .pxd declares it
cpdef (compiler.emit.prim_ref); the generated units, rebuilt from that, name none of these by P."""
import re

from compiler import emit
from tests.runtime.seeded_games import ROOT

# by room: the primitives the six games of `sgs bench --what instructions` called through P ten
# times or more before step 82 (and the ones step 82a made cpdef for their typed reads), and
# before step 83
CALLED_OFTEN = {
    "values": ["exists"],
    "roles": ["characters_with_equipment_of_category", "male_characters", "draw_count_set",
              "set_chained", "all_dead", "current_player", "remove_every_mark", "generals_of",
              "choose_n_characters", "other_players", "characters_with_role", "last_chosen",
              "first_chosen", "characters_with_roles", "dying_characters"],
    "health": ["killer_of", "not_recovered_thus_this_phase", "damage_nature_is", "damage_card",
               "damage_value", "next_use_damage_base_plus"],
    "judgement": ["set_judge_card", "fix_judge_result"],
    # step 83: the other rooms' primitives called through P ten times or more after step 82
    # (identity_mode's four _noop aliases of every turn and damage, and two of its set-up's, are
    # functions of their own for it)
    "identity_mode": ["open_turn_window", "close_turn_window", "record_caused_damage",
                      "record_received_damage", "reveal_identity", "confirm_gender_faction",
                      "choose_general", "random_generals", "set_initial_max_hp", "printed_hp",
                      "set_initial_hp", "initial_max_hp", "starting_hand", "lord_player",
                      "has_declared_general"],
    "resolving": ["this_named_card", "first_target_role", "not_converted", "counter",
                  "virtual_card_same_name", "ineffective_to"],
    "use": ["given_thus_this_phase", "did_not_play_needed", "start_default_play", "record_played",
            "outside_skill_use", "play_card", "first_not_played", "other_of_pair", "use_card"],
    "zones": ["revealed_cards", "card_in_zone", "choose_cards_in_areas", "choose_named_cards",
              "choose_among", "show_cards", "cards_on_general"],
    "status": ["needs_n_to_cancel", "needs_n_to_play_each_time", "need_play_each_time"],
    # (moved from status with the virtual cards in use: session 38)
    "in_use": ["cards_used_by", "target_characters", "duel_opponents", "uses_all_hand_cards"],
    "flow": ["set_ask_order", "set_stop_after_response", "timing_had_response",
             "invalidate_triggers_except", "restore_triggers"],
    "moves": ["give", "trigger_move_two", "draw_same_amount"],
    "games": ["dead_character", "record_killed", "leave_game"],
    "cards": ["point_of"],
    "targets": ["next_legal_target"],
}
# step 98b: this step's rooms' primitives called through P three times or more after step 83
# (values' min too), and X选择一项's two, whose trailing values the units pass as one tuple
# (emit.PACKED)
CALLED_OFTEN_98 = {
    "values": ["min"],
    "decisions": ["choose_option", "_option_ok"],
    "cards": ["differ", "suit", "card_named"],
    "judgement": ["replace_judge_card"],
    "use": ["is_directed_legal_target_of", "ask_in_turn_to_play", "someone_played_thus",
            "need_use_on", "did_not_use_needed", "preselect_targets"],
    "resolving": ["target_count", "ignore_armour_during", "cannot_respond_with", "clear_suit",
                  "clear_point"],
    "zones": ["set_revealed_cards", "remaining_of", "choose_hand_cards_of_suit_of", "lost_cards",
              "equipment_of_category"],
    "health": ["is_chain_damage", "damage_caused_by_effect_of", "damage_target", "damage_plus"],
}
# step 272: Python defs the bench's own random-player games (`sgs bench --what games`' seeds)
# still reached through P at every move or use
CALLED_OFTEN_272 = {"zones": ["lost_hand_card"], "use": ["is_directed_legal_target"]}
# step 273: the primitives of its rooms the bench's 30 random-player games still called through
# P (〖离间〗's order check, 〖洛神〗's repeat, a virtual card's colour from its physical cards)
CALLED_OFTEN_273 = {
    "cards": ["_orders_exist", "color", "same_color"],
    "flow": ["repeat_skill"],
}
for _more in (CALLED_OFTEN_98, CALLED_OFTEN_272, CALLED_OFTEN_273):
    for _room, _names in _more.items():
        CALLED_OFTEN[_room] = CALLED_OFTEN.get(_room, []) + _names


def test_often_called_primitives_are_called_through_their_room():
    for room, names in CALLED_OFTEN.items():
        for name in names:
            assert emit.prim_ref(name) == f"{emit.room_alias(room)}.{name}", (room, name)


def test_generated_units_name_them_through_their_room():
    names = {n for ns in CALLED_OFTEN.values() for n in ns}
    units = sorted((ROOT / "generated").glob("*.py"))
    assert len(units) > 10
    for unit in units:
        named = set(re.findall(r"\bP\.(\w+)\(", unit.read_text(encoding="utf-8")))
        assert not named & names, (unit.name, sorted(named & names))


def test_packed_calls_pass_their_trailing_values_as_one_tuple():
    """choose_option's options' needs after (chooser, n, labels), _option_ok's values after
    (guard, k), the existence checks' values all: one tuple (a cpdef function has no *args)."""
    assert emit.call_args("choose_option", ["c", "2", "L", "a", "b"]) == ", c, 2, L, (a, b, )"
    assert emit.call_args("choose_option", ["c", "2", "L"]) == ", c, 2, L, ()"
    assert emit.call_args("_option_ok", ["True", "1", "x"]) == ", True, 1, (x, )"
    assert emit.call_args("_objects_exist", ["x", "y"]) == ", (x, y, )"
    assert emit.call_args("_orders_exist", ["G", "x", "y"]) == ", G, (x, y, )"
    assert emit.call_args("give", ["x", "y"]) == ", x, y"
    text = "".join(u.read_text(encoding="utf-8") for u in sorted((ROOT / "generated").glob("*.py")))
    calls = re.findall(r"Decisions\.choose_option\(g, f, (?:True|False), .*", text)
    assert len(calls) > 5
    assert "P._option_ok(" not in text and "Decisions._option_ok(g, f, True, 1, (" in text
