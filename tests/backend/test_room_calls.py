"""The primitives generated code calls often are C calls through their room, not P.<name>
lookups (a module attribute read by name and a Python call at each call: docs/performance.md
"Step 82"). The emitter names a primitive through its room when the room's .pxd declares it
cpdef (compiler.emit.prim_ref); the generated units, rebuilt from that, name none of these by P."""
import re

from compiler import emit
from tests.runtime.seeded_games import ROOT

# by room: the primitives the six games of `sgs bench --what instructions` called through P ten
# times or more before step 82 (and the ones step 82a made cpdef for their typed reads)
CALLED_OFTEN = {
    "values": ["exists"],
    "roles": ["characters_with_equipment_of_category", "male_characters", "draw_count_set",
              "set_chained", "all_dead", "current_player", "remove_every_mark", "generals_of",
              "choose_n_characters", "other_players", "characters_with_role", "last_chosen",
              "first_chosen", "characters_with_roles", "dying_characters"],
    "health": ["killer_of", "not_recovered_thus_this_phase", "damage_nature_is", "damage_card",
               "damage_value", "next_use_damage_base_plus"],
    "judgement": ["set_judge_card", "fix_judge_result"],
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
