"""One flows unit for both editions of 身份局 (docs/decisions/0068): the flows, terms and mode of
the files only one rulebook of a sharing reads make that rulebook's unit `edition`; the rest of
the flows make the unit `flows`, one text that both editions register (compiled once)."""
from __future__ import annotations

import re

from compiler.build import GENERATED, edition_paths, generate_all, generated_opt
from compiler.project import display_path, rulebook_files
from compiler.rulebooks import RULEBOOKS, by_key

# a program's header in a unit: its name and the spec file it was lowered from
HEADER = re.compile(r"^# ---- (\S+ .+?)  \((specs/[^:]+):\d+:\d+\)$", re.M)


def _units():
    outputs, _ = generate_all()
    return {o.path.stem: o.text for o in outputs if o.path.parent == GENERATED}


def _programs(text):
    return [(name, path) for name, path in HEADER.findall(text)]


def test_an_editions_own_files_are_those_the_other_does_not_read():
    files = {rb.key: {display_path(p) for p in rulebook_files(rb)} for rb in RULEBOOKS}
    for key, other in (("identity", "identity_old"), ("identity_old", "identity")):
        own = edition_paths(by_key(key))
        assert own == files[key] - files[other]
        # the turn, death, deduct-HP and lose-max-HP flows, and the mode
        assert {p.rsplit("/", 1)[1] for p in own} >= {"回合.sgs", "死亡.sgs", "扣减体力.sgs",
                                                       "减体力上限.sgs", "身份局.sgs"}
    assert edition_paths(by_key("zhanqi")) == frozenset()   # it shares with nobody


def test_both_editions_register_one_flows_unit_and_each_its_own_edition_unit():
    units = _units()
    for key in ("identity", "identity_old"):
        index = units[key]
        assert "from . import identity_flows as _flows" in index
        assert f"from . import {key}_edition as _edition" in index
        assert f"{key}_modes" not in units and f"{key}_modes" not in index
    assert "identity_old_flows" not in units
    # the shared unit holds no program of either edition's own files; each edition unit holds
    # exactly the programs of its own files (its flows, terms and mode)
    own = {key: edition_paths(by_key(key)) for key in ("identity", "identity_old")}
    shared = _programs(units["identity_flows"])
    assert shared and not [p for p in shared if p[1] in own["identity"] | own["identity_old"]]
    for key in ("identity", "identity_old"):
        programs = _programs(units[f"{key}_edition"])
        assert programs and all(path in own[key] for _, path in programs), programs
        assert any(name.startswith("模式 ") for name, _ in programs)
    # 战棋 keeps its flows and modes units
    assert {"zhanqi_flows", "zhanqi_modes"} <= set(units) and "zhanqi_edition" not in units


def test_an_edition_unit_is_compiled_as_a_flows_unit():
    # its turn and death flows run in every game: at -O1, like the flows (decision 0031), with
    # the flows' flags (step 116a: gcc's jump threader)
    assert generated_opt("identity_edition") == generated_opt("identity_flows")
    assert generated_opt("identity_old_edition") == generated_opt("identity_flows")
    assert generated_opt("identity_flows").split()[0] == "-O1"
    assert generated_opt("identity_cards").split()[0] == "-Og"   # step 280, decision 0307
