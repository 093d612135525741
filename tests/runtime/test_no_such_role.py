"""A role read of a role that does not exist (NONE, −1: 来源 of a damage without a source) is a
spec error naming the spec line, compiled and pure — never a silent read of the last seat
(Python's index −1); a read guarded by 若来源存在 works."""
from pathlib import Path

import pytest

from core import prims as P

from test_prims import deck, hand, make

FIXTURE = Path(__file__).resolve().parent / "nobody.sgs"
UNGUARDED = "nobody.sgs:32:14"   # 〖读源〗…，你可摸来源的体力值张牌 (the draw)


@pytest.fixture(scope="module")
def nobody(tmp_path_factory, spec_compiler):
    return spec_compiler(FIXTURE, tmp_path_factory.mktemp("gen"), "gen_nobody")


def _offered(g, skill):
    d = g.step()
    assert d is not None and d.options == [g.rs.id_of("skill", skill)], d
    return d


def test_reading_the_hp_of_no_source_is_a_spec_error_naming_its_line(nobody):
    g = make(nobody, [None, "无源者"], deck(*["黑桃"] * 8), {})
    P.run_event(g, "伤害", (P.NONE, 1, 1))   # a damage without a source
    d = _offered(g, "读源")
    with pytest.raises(P.SpecRuntimeError) as ei:
        g.answer(d.options[0])
        g.step()
    msg = str(ei.value)
    assert msg.split(": ")[0].endswith(UNGUARDED), msg
    assert "NoSuchRole" in msg and "no such role (-1)" in msg and "若有来源" in msg, msg


# each read of 来源 that has no role at a damage without a source, and the line it is on:
# a distance (距离), a draw count (额定摸牌数), damage to it, a skill given to it
READS = [("距源", "nobody.sgs:39:14"), ("数源", "nobody.sgs:41:14"),
         ("伤源", "nobody.sgs:43:14"), ("授源", "nobody.sgs:45:14")]


@pytest.mark.parametrize("skill,line", READS)
def test_every_read_of_no_role_is_a_spec_error_naming_its_line(nobody, skill, line):
    g = make(nobody, [None, skill + "者"], deck(*["黑桃"] * 8), {})
    P.run_event(g, "伤害", (P.NONE, 1, 1))
    hp = [p.hp for p in g.players]
    with pytest.raises(P.SpecRuntimeError) as ei:
        d = g.step()
        if d is not None and d.options == [g.rs.id_of("skill", skill)]:
            g.answer(d.options[0])   # an optional skill: used
            g.step()
    msg = str(ei.value)
    assert msg.split(": ")[0].endswith(line) and "no such role (-1)" in msg, msg
    # nothing read or changed the last seat (Python's index −1)
    assert [p.hp for p in g.players] == hp
    assert not g.has_skill(g.n - 1, g.rs.id_of("skill", "读源"))


def test_a_guarded_read_reads_a_source_that_exists(nobody):
    g = make(nobody, ["守源者", "守源者"], deck(*["黑桃"] * 8), {})
    P.run_event(g, "伤害", (0, 1, 1))   # 来源 seat 0, 4 HP
    d = _offered(g, "守源")
    g.answer(d.options[0])
    g.step()
    assert len(hand(g, 1)) == 1 + 4   # the event's own draw (健康), then 来源's 4 HP


def test_a_guarded_read_is_skipped_without_a_source(nobody):
    g = make(nobody, [None, "守源者"], deck(*["黑桃"] * 8), {})
    P.run_event(g, "伤害", (P.NONE, 1, 1))
    r = g.step()   # 若来源存在 is false: 〖守源〗 is not offered, and nothing is read
    assert r.reason == "flow ended" and len(hand(g, 1)) == 1, r   # the event's own draw only


def test_compiled_unit_reports_its_spec_line(tmp_path):
    """The same reads through a compiled generated unit (C programs, C conditions)."""
    import importlib
    import sys

    import core
    if not core.compiled():
        pytest.skip("a compiled generated unit needs the compiled core (not SGS_PURE=1)")
    from compiler.build import write_package
    from compiler.emit import render_units
    from compiler.lower import Lowerer
    from compiler.project import load_project
    from core.build import build_modules

    proj = load_project([FIXTURE], with_bundled=False)
    units = render_units(Lowerer(proj.checker, "nb", "test").run())
    pkg = "pkg_compiled_nobody"
    write_package(units, tmp_path, pkg)
    assert sorted(build_modules(pkg, sorted(units), opt="-O0", root=str(tmp_path))) == sorted(units)
    sys.path.insert(0, str(tmp_path))
    try:
        mod = importlib.import_module(f"{pkg}.nb")
        g = make(mod, [None, "无源者"], deck(*["黑桃"] * 8), {})
        assert not [u for u in units if importlib.import_module(f"{pkg}.{u}").__file__.endswith(".py")]
        P.run_event(g, "伤害", (P.NONE, 1, 1))
        d = _offered(g, "读源")
        with pytest.raises(P.SpecRuntimeError) as ei:
            g.answer(d.options[0])
            g.step()
        g2 = make(mod, [None, "守源者"], deck(*["黑桃"] * 8), {})
        P.run_event(g2, "伤害", (P.NONE, 1, 1))
        r = g2.step()
    finally:
        sys.path.remove(str(tmp_path))
    msg = str(ei.value)
    assert msg.split(": ")[0].endswith(UNGUARDED) and "no such role (-1)" in msg, msg
    assert r.reason == "flow ended" and len(hand(g2, 1)) == 1, r
