"""Specs are untrusted input: a spec's paths, names and texts never become executable code.

Issue 17's exploit: two folders whose names are ``a⏎#''';<python>⏎'''`` and
``b⏎                #'''#``, each with a one-term .sgs. The path written into the generated
code's comments broke out of them, and `sgs check` imported that code for the rulings. Every
payload below would create a file (PWNED…) in the working folder if it ran; the tests assert
that none does, that every generated unit still compiles and imports, and that the texts come
back unchanged from the generated literals (the escaping loses nothing).
"""
from __future__ import annotations

import dataclasses
import importlib
import os
import sys
import tempfile
from pathlib import Path

import pytest

from compiler import ir
from compiler.build import write_package
from compiler.emit import render_units, where_table
from compiler.escape import py_text, shown
from compiler.lower import Lowerer, spec_hash
from compiler.project import load_project

FIXTURE = Path(__file__).resolve().parents[1] / "frontend" / "vocab_fixture.sgs"
PAYLOAD = '__import__("os").mkdir("PWNED")'
# the issue's two folder names (the payload's double quotes make repr() pick single quotes
# and escape them, which is what let the string opened in one comment run to the next)
EXPLOIT = ["a\n#''';" + PAYLOAD + "\n'''", "b\n                #'''#"]
# every kind of character that ends a line, a comment or a literal somewhere, or that a
# template engine, a C compiler or a terminal reads
HOSTILE = [
    "\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x00", "'", '"',
    "'''", '"""', "\\", "\\n", "\\\n", "{{ 1 }}", "{% raw %}", "{#", "#", "*/", "/*", "??/",
    "\x1b[31m", "\x1b]0;title\x07", "\u202e", "\ufeff", "\udcff", "\U0001F600",
    "x\n" + PAYLOAD + "\n#", "x\r" + PAYLOAD + "\r#", "x\u2028" + PAYLOAD,
    "x\n    " + PAYLOAD, "');" + PAYLOAD + "#", '");' + PAYLOAD + "#", "\\');" + PAYLOAD + "#",
    "'''\n" + PAYLOAD + "\n'''", '"""\n' + PAYLOAD + '\n"""',
]


def fresh_import(directory: Path, package: str, units: dict[str, str]):
    """Write and import every unit of the package (a module executes when imported); then
    no payload may have run, whether the import succeeded or not."""
    write_package(units, directory, package)
    sys.path.insert(0, str(directory))
    try:
        importlib.invalidate_caches()
        return {name: importlib.import_module(f"{package}.{name}") for name in sorted(units)}
    finally:
        sys.path.remove(str(directory))
        assert not Path("PWNED").exists(), "a spec's text ran as code"


def hostile_folders(root: Path, names: list[str]):
    root.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        d = root / name
        d.mkdir()
        (d / "t.sgs").write_text(f"用语 〔甲：角色〕测试摸牌{'甲乙丙丁戊己庚辛'[i]}\n  甲摸两张牌。\n",
                                 encoding="utf-8")


def lowered(paths, bundled=False):
    proj = load_project(paths, with_bundled=bundled)
    assert proj.errors == [], [str(d.span) + d.message for d in proj.errors]
    sources = {p: s.text for p, s in proj.sources.items()}
    return Lowerer(proj.checker, "identity", spec_hash(sources)).run()


def test_the_issue_exploit_does_not_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    hostile_folders(tmp_path / "specs", EXPLOIT)
    module = lowered([FIXTURE, tmp_path / "specs"])
    wheres = [i.where for p in module.programs for i in p.code if "#'''" in i.where]
    assert wheres, "the hostile paths reach the generated code"
    mods = fresh_import(tmp_path / "out", "hostile_exploit", render_units(module))
    assert not (tmp_path / "PWNED").exists()
    # the literals give the paths back unchanged
    flows = mods["identity_flows"]
    got = {w for p in module.programs for w in getattr(flows, where_table(p.name), ())}
    assert set(wheres) <= got


@pytest.mark.parametrize("k", range(len(HOSTILE)))
def test_hostile_folder_names(tmp_path, monkeypatch, k):
    """A folder named with each hostile text (those a file name can hold: no NUL, no /)."""
    name = "d" + HOSTILE[k] + "z"
    if "\x00" in name or "/" in name:
        name = name.replace("\x00", "0").replace("/", "_")
    monkeypatch.chdir(tmp_path)
    try:
        hostile_folders(tmp_path / "specs", [name])
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses the name")
    module = lowered([FIXTURE, tmp_path / "specs"])
    fresh_import(tmp_path / "out", f"hostile_folder_{k}", render_units(module))
    assert not (tmp_path / "PWNED").exists()


def test_sgs_check_of_the_exploit_folders(tmp_path, monkeypatch, capsys):
    """The issue's reproduction as a user runs it: `sgs check PARENT`, which builds the engine
    from the specs and imports it to run the rulings."""
    from compiler.cli import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))   # the rulings' engine
    (tmp_path / "tmp").mkdir()
    hostile_folders(tmp_path / "specs", EXPLOIT)
    status = main(["check", "--warnings", "specs"])
    out = capsys.readouterr()
    assert not (tmp_path / "PWNED").exists()
    assert status == 0, out
    # the unused terms' warnings name the hostile paths, escaped: one line each
    warned = [line for line in out.out.splitlines() if "warning[SGS402]" in line]
    assert len(warned) == 2, out.out
    assert all(r"\n#'''" in line or r"\n                #'''#" in line for line in warned), out.out


def test_non_utf8_file_name(tmp_path, monkeypatch):
    """A file name that is not UTF-8 (bytes 0xff 0xfe): read, hashed, emitted, imported."""
    monkeypatch.chdir(tmp_path)
    raw = os.fsencode(str(tmp_path / "specs")) + b"/bad\xff\xfe\n" + PAYLOAD.encode() + b"\n#"
    try:
        os.makedirs(raw)
    except OSError:
        pytest.skip("this file system refuses non-UTF-8 names")
    (Path(os.fsdecode(raw)) / "t.sgs").write_text("用语 〔甲：角色〕测试摸牌甲\n  甲摸两张牌。\n",
                                                   encoding="utf-8")
    module = lowered([FIXTURE, tmp_path / "specs"])
    fresh_import(tmp_path / "out", "hostile_bytes", render_units(module))
    assert not (tmp_path / "PWNED").exists()


def hostile_module(module: ir.Module) -> ir.Module:
    """The module with every text the specs gave it replaced by a hostile one (distinct, so
    that the tables stay one entry per name)."""
    n = iter(range(10 ** 6))

    def bad():
        i = next(n)
        return f"{HOSTILE[i % len(HOSTILE)]}·{i}"

    def instr(ins):
        return dataclasses.replace(ins, where=bad())

    progs = [dataclasses.replace(p, name=bad(), where=bad(), code=[instr(i) for i in p.code])
             for p in module.programs]
    skills = [dataclasses.replace(s, name=bad(), owner=bad(), where=bad(), tags=[bad() for _ in s.tags])
              for s in module.skills]
    cards = [dataclasses.replace(c, name=bad(), type=bad(), subtype=bad(), where=bad(),
                                 skills=[bad() for _ in c.skills]) for c in module.cards]
    generals = [dataclasses.replace(g, name=bad(), faction=bad(), sex=bad(), skills=[bad() for _ in g.skills])
                for g in module.generals]
    decks = [dataclasses.replace(d, name=bad(), cards=[dataclasses.replace(c, suit=bad()) for c in d.cards])
             for d in module.decks]
    events = {bad(): pid for _, pid in sorted(module.events.items())}
    # 战棋's tables of the index (docs/board.md): a flow's role and a map's name
    event_roles = {name: bad() for name in list(events)[:2]}
    maps = [(bad(), 2, 1, (0, 1))]
    return dataclasses.replace(module, programs=progs, skills=skills, cards=cards, generals=generals,
                               decks=decks, timings=[bad() for _ in module.timings],
                               marks=[bad() for _ in module.marks], events=events,
                               event_params={name: [(bad(), bad())] for name in events},
                               event_roles=event_roles, maps=maps)


def test_hostile_names_everywhere(tmp_path, monkeypatch):
    """Every name, path and text of the IR hostile at once: the units compile and import,
    nothing runs, and the tables give the texts back unchanged."""
    monkeypatch.chdir(tmp_path)
    p = tmp_path / "t.sgs"
    p.write_text("武将 测试 魏 男 4\n  〖刚烈〗你受到伤害后，你可判定▶若结果不为红桃▷来源选择一项："
                 "1.弃置两张手牌；2.受到你造成的1点伤害。\n", encoding="utf-8")
    module = hostile_module(lowered([FIXTURE, p]))
    units = render_units(module)
    for text in units.values():
        text.encode("utf-8")   # no lone surrogate reaches the file
        assert "\x00" not in text and "\r" not in text and "\u2028" not in text
    mods = fresh_import(tmp_path / "out", "hostile_names", units)
    assert not (tmp_path / "PWNED").exists()
    main = mods["identity"]
    assert list(main.TIMINGS) == module.timings
    assert list(main.MARKS) == module.marks
    assert [g[0] for g in main.GENERALS] == [g.name for g in module.generals]
    assert [e[0] for e in main.EVENTS] == sorted(module.events)
    assert list(main.EVENT_ROLES) == sorted(module.event_roles.items())
    assert list(main.MAPS) == module.maps
    for prog in module.programs:
        unit = mods[f"identity_{prog.unit}"]
        assert list(getattr(unit, where_table(prog.name))) == [i.where for i in prog.code]


def test_a_template_cannot_print_raw_text():
    """The templates' only way to print a text is the escaping filters: a raw string is an
    error at render time, not code."""
    from compiler.emit import environment

    env = environment()
    with pytest.raises(TypeError):
        env.from_string("# {{ name }}").render(name="x\nimport os")
    assert env.from_string("# {{ name|comment }}").render(name="x\nimport os") == "# x\\nimport os"


def test_py_text_round_trips():
    for s in HOSTILE + ["", "普通的名字", "【杀】", "〖刚烈〗"]:
        lit = "'" + py_text(s) + "'"
        assert eval(lit) == s   # noqa: S307 — the test checks the literal is exactly s
        assert all(c.isprintable() for c in py_text(s))
    assert py_text("specs/identity/flows/伤害.sgs:3:1") == "specs/identity/flows/伤害.sgs:3:1"


def test_terminal_text_has_no_control_characters():
    for s in HOSTILE:
        out = shown(s)
        assert all(c.isprintable() or c in "\t" for c in out), repr(out)
    assert shown("〖刚烈〗 ♠A【决斗】") == "〖刚烈〗 ♠A【决斗】"
    assert shown("\x1b[2J") == "\\x1b[2J"
