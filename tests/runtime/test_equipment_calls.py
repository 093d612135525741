"""The equipment a use needs and the directed target test as C calls (docs/performance.md "Step
272"): use.equipment_needed (usable's _Needed asks it) and is_directed_legal_target (the flows
unit's test of 【借刀杀人】's target) are cpdef, _needs_equipment and _fit_equipment C functions,
each equipment zone's list read in place (272c); moves.equipment_busy reads the skill's name as
a C field and the equipment zones as C ints (272d). The needed equipment's answers are held to
their definition by test_needed_equipment.py and test_usability_shortcuts.py; the directed test's
here, pure and as built."""
import re

from seeded_games import identity_game, room_c, run_both


def _body(c: str, name: str) -> str:
    """The C definition of function ``name`` (its first argument, the game, named)."""
    body = c.split("%s(struct __pyx_obj_4core_6engine_Game *__pyx_v_g" % name, 1)[1]
    return body.split("\n}\n", 1)[0]


def test_the_needed_equipment_is_a_c_call():
    use = room_c("use")
    body = _body(use, "__pyx_f_4core_5prims_3use_equipment_needed")
    assert "__pyx_f_4core_5prims_3use__needs_equipment(" in body
    assert "__sgs_zone_cards_fast(" in body and "zone_cards\"" not in body
    assert "__pyx_f_4core_5prims_3use_equipment_needed(" in room_c("usable")
    assert "__pyx_f_4core_5prims_3use__fit_equipment(" in use   # use_card's: no Python call
    assert "__pyx_gb_4core_5prims_3use" not in _body(
        use, "__pyx_f_4core_5prims_3use_is_directed_legal_target")   # no generator


def test_the_busy_equipment_reads_the_skill_and_zones_in_c():
    body = _body(room_c("moves"), "__pyx_f_4core_5prims_5moves_equipment_busy")
    assert "__pyx_n_u_name" not in body and "__pyx_n_u_EQUIP_ZONES" not in body
    assert re.search(r"\n  int __pyx_v_z;", body), "z is not a C int"


DIRECTED = identity_game(1) + r"""
from core.prims import targets as Targets, turns as Turns, use as Use
from core.agents import RandomPlayer
from core.decision import Decision
a = RandomPlayer(1)
names = [g.rs.id_of("card", n) for n in ("杀", "借刀杀人", "过河拆桥", "乐不思蜀", "桃")]
asked = yes = 0
bad = []
for k in range(60):   # the test at every fifth decision of the game
    d = g.step()
    if not isinstance(d, Decision):
        break
    if k % 5 == 0:
        f = g.stack[-1]
        ev = Turns.current_turn(g, f)
        for name in names:
            for who in (-1, 0, 2, g.n, None):
                for tgt in (-1, 1, 3, g.n, "1"):
                    got = Use.is_directed_legal_target(g, f, tgt, who, name)
                    want = (type(who) is int and 0 <= who < g.n and type(tgt) is int
                            and 0 <= tgt < g.n
                            and any([Targets._target_options(g, who, name, mi, ev, (tgt,), True)
                                     is not None
                                     for mi in range(len(Targets._methods(g, name)))]))
                    asked += 1
                    yes += want
                    if got != want:
                        bad.append((k, name, who, tgt, got, want))
    g.answer(a.choose(g, d))
print(asked, yes, bad[:5])
"""


def test_the_directed_legal_target_is_its_definition():
    asked, yes, bad = run_both(DIRECTED).split(" ", 2)
    assert bad == "[]"
    assert int(asked) > 500 and 0 < int(yes) < int(asked) // 2, (asked, yes)
