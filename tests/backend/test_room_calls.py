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
    "status": ["cards_used_by", "needs_n_to_cancel", "target_characters",
               "needs_n_to_play_each_time", "duel_opponents", "need_play_each_time",
               "uses_all_hand_cards"],
    "flow": ["set_ask_order", "set_stop_after_response", "timing_had_response",
             "invalidate_triggers_except", "restore_triggers"],
    "moves": ["give", "trigger_move_two", "draw_same_amount"],
    "games": ["dead_character", "record_killed", "leave_game"],
    "cards": ["point_of"],
    "targets": ["next_legal_target"],
}


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
