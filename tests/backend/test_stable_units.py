"""Stable generated units (docs/decisions/0014): a unit names what it refers to by name, so
adding a pack of generals — with a term of its own — rewrites that pack's unit and the index,
and leaves every other unit byte for byte as `sgs build` wrote it."""
from __future__ import annotations

import difflib
from pathlib import Path

from compiler.build import edition_paths
from compiler.rulebooks import DEFAULT
from compiler.emit import render_units
from compiler.lower import Lowerer, pack_unit
from compiler.project import REPO, load_project

GENERATED = REPO / "generated"
MODULE_NAME = DEFAULT.key

PACK = """\
用语 〔甲：角色〕摸两张牌再弃一张牌
  甲摸两张牌。
  甲弃置一张手牌。
武将 试将 魏 男 4
  〖试技〗你受到伤害后，你可摸两张牌再弃一张牌。
  〖试技二〗出牌阶段限一次，你可弃置一张牌▶你摸一张牌。
"""


def units_of(paths=None) -> dict[str, str]:
    proj = load_project(paths, rulebook=DEFAULT)
    assert proj.errors == [], proj.errors
    return render_units(Lowerer(proj.checker, MODULE_NAME, "0" * 16, edition_paths(DEFAULT)).run())


def test_the_units_are_what_sgs_build_wrote():
    for name, text in units_of().items():
        if name != MODULE_NAME:   # the index carries the specs' hash
            assert (GENERATED / f"{name}.py").read_text(encoding="utf-8") == text, name


def test_adding_a_pack_rewrites_only_its_unit(tmp_path):
    pack = tmp_path / "试包"
    pack.mkdir()
    (pack / "魏.sgs").write_text(PACK, encoding="utf-8")
    before = units_of()
    after = units_of([pack])
    new = f"{MODULE_NAME}_{pack_unit(str(pack / '魏.sgs'))}"
    assert new == f"{MODULE_NAME}_generals_u8bd5u5305"
    assert set(after) == set(before) | {new}
    changed = sorted(n for n in before if before[n] != after[n])
    # the pack's term is a program of the flows unit (the terms' unit); the index lists the unit
    assert changed == [MODULE_NAME, f"{MODULE_NAME}_flows"], changed
    assert "试技" in after[new] and "def link(rs, table: Ids):" in after[new]
    # the flows unit only gained the term's program (and its docstring counts one more)
    diff = list(difflib.unified_diff(before[f"{MODULE_NAME}_flows"].splitlines(),
                                     after[f"{MODULE_NAME}_flows"].splitlines(), n=0, lineterm=""))
    removed = [line for line in diff if line.startswith("-") and not line.startswith("---")]
    added = [line for line in diff if line.startswith("+") and not line.startswith("+++")]
    assert len(removed) == 1 and removed[0].startswith('-"""Unit flows: '), removed
    # (50 lines: the function's head, its instructions — the next states copied after its
    # suspensions among them, decision 0084 —, the finally clause of its error path)
    assert len(added) < 56 and any("摸两张牌再弃一张牌" in line for line in added)


def test_a_pack_without_new_terms_touches_no_other_unit(tmp_path):
    pack = tmp_path / "包二"
    pack.mkdir()
    (pack / "蜀.sgs").write_text("武将 试将二 蜀 女 3\n  〖试技三〗你受到伤害后，你可摸一张牌。\n", encoding="utf-8")
    before, after = units_of(), units_of([pack])
    assert sorted(n for n in before if before[n] != after[n]) == [MODULE_NAME]


def test_a_skill_declared_alone_in_a_pack_is_in_its_unit(tmp_path):
    # 山's 〖急袭〗 (only gained, by 〖凿险〗): the pack's unit holds it, not the cards unit
    pack = tmp_path / "包三"
    pack.mkdir()
    (pack / "蜀.sgs").write_text("武将 试将三 蜀 男 4\n  〖试技四〗觉醒技，准备阶段开始时，你获得〖试技五〗。\n"
                                 "技能 〖试技五〗你受到伤害后，你可摸一张牌。\n", encoding="utf-8")
    before, after = units_of(), units_of([pack])
    assert sorted(n for n in before if before[n] != after[n]) == [MODULE_NAME]
    assert "试技五" in after[f"{MODULE_NAME}_{pack_unit(str(pack / '蜀.sgs'))}"]


def test_the_engine_with_a_new_pack_registers_and_plays(tmp_path):
    from compiler.build import import_package
    from core import prims as P

    pack = tmp_path / "试包"
    pack.mkdir()
    (pack / "魏.sgs").write_text(PACK, encoding="utf-8")
    units = units_of([pack])
    mod = import_package(units, tmp_path / "pkg", "stable_units_t", MODULE_NAME)
    g = P.new_game(mod, 4, seed=3, generals=["试将", None, None, None])
    assert any(s.name == "试技" for s in g.rs.skills)
    assert mod.GENERALS[-1][0] == "试将"
    g.run_random(3)


def test_build_removes_a_unit_no_longer_generated(tmp_path):
    # a pack removed or renamed: its unit (and its C source and extension) goes, and
    # `sgs build --check` calls generated/ stale until it has
    from compiler.build import Output, stale, write

    index = tmp_path / f"{MODULE_NAME}.py"
    kept, gone = tmp_path / f"{MODULE_NAME}_flows.py", tmp_path / f"{MODULE_NAME}_generals_old.py"
    for p in (index, kept, gone, gone.with_suffix(".c"), tmp_path / f"{MODULE_NAME}_generals_old.cpython-311-x86_64-linux-gnu.so",
              tmp_path / "notes_generals_x.py"):
        p.write_text("x = 1\n", encoding="utf-8")
    outputs = [Output(index, "x = 1\n"), Output(kept, "x = 1\n")]
    assert stale(outputs) == [gone]
    assert write(outputs) == [gone]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([index.name, kept.name, "notes_generals_x.py"])
    assert stale(outputs) == []


def test_a_rulebook_registers_the_units_it_shares_and_writes_each_once():
    # docs/decisions/0025: identity_old shares identity's units where their texts are the same
    from compiler.build import GENERATED, generate, generate_all
    from compiler.rulebooks import by_key

    outputs, _ = generate_all()
    paths = [o.path for o in outputs]
    assert len(paths) == len(set(paths))
    units = {o.path.stem: o.text for o in outputs if o.path.parent == GENERATED}
    old = units["identity_old"]
    assert "from . import identity_cards as _cards" in old
    assert "identity_old_cards" not in units
    # the flows both editions read are one unit; each edition's own flows and mode are its
    # edition unit (docs/decisions/0068)
    assert "from . import identity_flows as _flows" in old
    assert "from . import identity_old_edition as _edition" in old
    assert "identity_old_flows" not in units and "identity_old_modes" not in units
    # built alone, the old edition writes the units it registers from identity as well (never
    # importing a stale one), with the same texts
    alone, _ = generate(by_key("identity_old"))
    alone = {o.path.stem: o.text for o in alone if o.path.parent == GENERATED}
    assert alone["identity_cards"] == units["identity_cards"] and alone["identity_old"] == old
    assert "identity" not in alone
