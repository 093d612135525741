"""core/pgo.py: gcc's profile of training games, kept in pgo/ and used by every build whose
module's C, level and toolchain it was trained with (docs/decisions/0303) — end to end on a
small module (instrumented, trained, saved, compiled with it, moved, changed), and the
committed profile held to the built core."""
import json
import os
import shutil
import subprocess
import sys

import pytest

import core.build as build
from core import pgo

pytestmark = pytest.mark.skipif(pgo.toolchain() is None or shutil.which("nm") is None,
                                reason="needs gcc and binutils' nm")

# a branch the training never takes: with its counts gcc moves it out of line, into a part of
# its own that `nm` names "<function>.cold"; without counts it has no reason to (a Cython module
# built without a profile has no .cold part: the main core's engine had none before step 268)
SOURCE = '''import cython


@cython.ccall
def total(n: cython.int, rare: cython.int) -> cython.long:
    s: cython.long = 0
    i: cython.int
    for i in range(n):
        if i == rare:
            parts = [str(i), repr(s), hex(n), oct(i)]
            s += len("".join(parts)) * 3 + len(set(parts))
        else:
            s += i % 7
    return s
'''
LEVEL = "-O2"


@pytest.fixture(autouse=True)
def profile_on(monkeypatch):
    # these tests build their own modules with and without counts, whatever SGS_PROFILE says
    # for the project's build (a helper measuring with SGS_PROFILE=off runs them too)
    monkeypatch.setattr(pgo, "OFF", False)


def _package(root, name="pkg_pgo"):
    pkg = root / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "one.py").write_text(SOURCE, encoding="utf-8")
    return name


def _so(root, name):
    (so,) = (root / name).glob("one.*.so")
    return so


def _cold_parts(root, name):
    out = subprocess.run(["nm", str(_so(root, name))], capture_output=True, text=True, check=True)
    return [line.split()[-1] for line in out.stdout.splitlines() if ".cold" in line]


def _play(root, name, rare=-1):
    """The training: the module's function run in a process of its own (gcc's counts are
    written when it exits)."""
    code = f"import {name}.one as m; assert m.total(100000, {rare}) > 0"
    subprocess.run([sys.executable, "-c", code], cwd=root, check=True)


def _trained(root):
    """A module built, compiled instrumented, trained and compiled with its profile."""
    name = _package(root)
    jobs = [(name, "one", LEVEL)]
    assert build.build_modules(name, ["one"], opt=LEVEL, root=str(root)) == ["one"]
    assert _cold_parts(root, name) == []
    build.recompile(jobs, instrumented=True, root=str(root))
    assert build._stale(name, "one", str(root), LEVEL)   # instrumented: never left as built
    _play(root, name)
    assert pgo.save(jobs, str(root), "a test's") == [name + ".one"]
    build.recompile(jobs, root=str(root))
    return name, jobs


def test_a_profile_reaches_gcc_and_is_kept(tmp_path):
    root = tmp_path / "a"
    name, jobs = _trained(root)
    assert _cold_parts(root, name), "the never taken branch is out of line"
    manifest = json.loads((root / "pgo" / "manifest.json").read_text(encoding="utf-8"))
    entry = manifest["modules"][name + ".one"]
    assert manifest["toolchain"] == pgo.toolchain() and manifest["training"] == "a test's"
    assert entry["opt"] == LEVEL and entry["c"] == pgo.digest_file(root / name / "one.c")
    assert entry["profile"] == pgo.digest_file(root / "pgo" / (name + ".one.gcda"))
    assert build._read_stamp(name, "one", str(root))[1]["profile"] == entry["profile"]
    assert not build._stale(name, "one", str(root), LEVEL)
    assert build.profile_status(str(root)) == ([name + ".one"], [name + ".one"])
    assert build.profile_note(str(root)) == ""
    # the same training writes the same bytes (gcc's stamp seeded by the module's name)
    first = (root / "pgo" / (name + ".one.gcda")).read_bytes()
    build.recompile(jobs, instrumented=True, root=str(root))
    _play(root, name)
    pgo.save(jobs, str(root), "a test's")
    assert (root / "pgo" / (name + ".one.gcda")).read_bytes() == first
    # counts of another training: the module built with the old ones is stale
    build.recompile(jobs, root=str(root))
    assert not build._stale(name, "one", str(root), LEVEL)
    build.recompile(jobs, instrumented=True, root=str(root))
    _play(root, name, rare=5)
    pgo.save(jobs, str(root), "another")
    stamp = build._read_stamp(name, "one", str(root))
    build._write_stamp(name, "one", str(root), LEVEL, dict(stamp[1], profile=entry["profile"]))
    assert build._stale(name, "one", str(root), LEVEL)


def test_the_profile_moves_with_the_checkout_not_to_changed_code(tmp_path):
    name, _ = _trained(tmp_path / "a")
    moved = tmp_path / "elsewhere" / "b"
    shutil.copytree(tmp_path / "a", moved, ignore=shutil.ignore_patterns("*.so", "*.o", "opt"))
    assert build.build_modules(name, ["one"], opt=LEVEL, root=str(moved)) == ["one"]
    assert _cold_parts(moved, name), "the counts found from another folder"
    assert build.profile_status(str(moved))[1] == [name + ".one"]
    # the module's code changed: compiled without the counts (gcc would apply them to other
    # code), and the build says so; its counts are not left where gcc reads them
    src = moved / name / "one.py"
    src.write_text(SOURCE.replace("i % 7", "i % 5"), encoding="utf-8")
    assert build.build_modules(name, ["one"], opt=LEVEL, root=str(moved)) == ["one"]
    assert _cold_parts(moved, name) == []
    assert "profile" not in build._read_stamp(name, "one", str(moved))[1]
    assert not os.path.exists(pgo.aux_path(name, "one", str(moved)))
    assert build.profile_status(str(moved)) == ([name + ".one"], [])
    assert name + ".one" in build.profile_note(str(moved))
    assert not build._stale(name, "one", str(moved), LEVEL)   # and it stays built so


def test_counts_of_another_level_or_toolchain_are_not_used(tmp_path, monkeypatch):
    name, _ = _trained(tmp_path / "a")
    root = str(tmp_path / "a")
    c = pgo.digest_file(tmp_path / "a" / name / "one.c")
    assert pgo.fitting(name, "one", LEVEL, c, root) is not None
    assert pgo.fitting(name, "one", "-O1", c, root) is None
    assert pgo.fitting(name, "one", LEVEL, "0" * 64, root) is None
    assert pgo.fitting(name, "one", "-O0", c, root) is None
    assert pgo.fitting(name, "other", LEVEL, c, root) is None
    monkeypatch.setattr(pgo, "OFF", True)   # SGS_PROFILE=off
    assert pgo.fitting(name, "one", LEVEL, c, root) is None
    assert build._stale(name, "one", root, LEVEL)
    assert build.build_modules(name, ["one"], opt=LEVEL, root=root) == ["one"]
    assert _cold_parts(tmp_path / "a", name) == []
    assert build.profile_note(root) == "compiled without the profile (SGS_PROFILE=off)"
    monkeypatch.setattr(pgo, "OFF", False)   # on again: built with its counts again
    assert build.build_modules(name, ["one"], opt=LEVEL, root=root) == ["one"]
    assert _cold_parts(tmp_path / "a", name)
    other = "gcc (another) 99.1; CPython 3.11.7; Cython 3.3.1"
    monkeypatch.setattr(pgo, "toolchain", lambda: other)
    assert pgo.fitting(name, "one", LEVEL, c, root) is None
    assert build._stale(name, "one", root, LEVEL)   # built with counts it would not be now
    assert build.build_modules(name, ["one"], opt=LEVEL, root=root) == ["one"]
    assert _cold_parts(tmp_path / "a", name) == []
    assert "was trained with" in build.profile_note(root)


def test_no_profile_changes_nothing(tmp_path):
    # a root without pgo/: the build as before, its stamp the level, the C's digest and the
    # common flags' (core.build._cflags_digest)
    name = _package(tmp_path)
    assert build.build_modules(name, ["one"], opt=LEVEL, root=str(tmp_path)) == ["one"]
    opt, fields = build._read_stamp(name, "one", str(tmp_path))
    assert opt == LEVEL and set(fields) == {"c", "cflags"}
    assert not build._stale(name, "one", str(tmp_path), LEVEL)
    assert build.profile_status(str(tmp_path)) == ([], [])
    assert build.profile_note(str(tmp_path)) == ""


def test_the_committed_profile_fits_the_built_core():
    # pgo/ is trained on the committed sources, as generated/ is generated from the specs: a
    # change of the core's or the flows' C without `sgs build --pgo` leaves its modules
    # compiled without their counts (~1.5× slower games: docs/performance.md step 268)
    if pgo.manifest(build.ROOT).get("toolchain") != pgo.toolchain():
        pytest.skip("pgo/ was trained with another toolchain than this machine's")
    if os.environ.get("SGS_PROFILE") == "off":
        pytest.skip("SGS_PROFILE=off: the core is built without the profile")
    trained, used = build.profile_status()
    assert trained, "pgo/ holds no profile"
    assert len(trained) >= 30 and "core.engine" in trained and "generated.identity_flows" in trained
    assert sorted(set(trained) - set(used)) == [], "run `sgs build --pgo` and commit pgo/"


def test_the_units_of_skills_and_cards_train_no_profile():
    # their -Og (decision 0307): a rule author's unit, rebuilt at each change of its specs,
    # needs no `sgs build --pgo`; the flows units and the core do
    from compiler.build import generated_opt

    for unit in ("identity_cards", "identity_generals_standard", "zhanqi_modes", "identity"):
        assert not pgo.profiled(generated_opt(unit)), unit
    assert pgo.profiled(generated_opt("identity_flows"))
    assert pgo.profiled(build.OPT["engine"])
