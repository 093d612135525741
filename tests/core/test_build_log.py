"""`SGS_BUILD_LOG`: a build writes one line per module it builds, its Cython and C compiler
times and its C file's size (docs/performance.md measures the full build from these lines)."""
import importlib
import shutil
import subprocess
import sys

import pytest

from core.build import build_modules
from machine_code import first_instructions   # tests/core (conftest puts it on the path)


ANSWER = "def answer():\n    return 42\n"


def _package(root, name, source=ANSWER):
    """A package ``name`` in ``root`` with one module, one.py, of ``source``."""
    pkg = root / name
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "one.py").write_text(source, encoding="utf-8")
    return pkg


def test_build_log_has_a_line_per_module(tmp_path, monkeypatch):
    pkg = _package(tmp_path, "pkg_build_log")
    log = tmp_path / "build.log"
    monkeypatch.setenv("SGS_BUILD_LOG", str(log))
    assert build_modules("pkg_build_log", ["one"], opt="-O0", root=str(tmp_path)) == ["one"]
    (line,) = log.read_text(encoding="utf-8").splitlines()
    name, opt, *fields = line.split()
    assert (name, opt) == ("pkg_build_log.one", "-O0")
    values = dict(f.split("=") for f in fields)
    assert sorted(values) == ["c_bytes", "cc_cpu", "cc_wall", "cython_cpu", "cython_wall"]
    assert int(values["c_bytes"]) == (pkg / "one.c").stat().st_size > 0
    assert float(values["cython_cpu"]) > 0 and float(values["cc_cpu"]) > 0
    # the extension it logged is the one that loads
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    mod = importlib.import_module("pkg_build_log.one")
    try:
        assert not mod.__file__.endswith(".py") and mod.answer() == 42
    finally:
        sys.modules.pop("pkg_build_log.one", None)
        sys.modules.pop("pkg_build_log", None)


def test_a_module_built_at_another_level_is_rebuilt(tmp_path):
    # the level a module was built at is part of its freshness: changing a module's level in
    # the build (compiler.build.generated_opt, core.build.OPT) rebuilds it once, then not again
    pkg = _package(tmp_path, "pkg_build_opt")
    root = str(tmp_path)
    assert build_modules("pkg_build_opt", ["one"], opt="-O0", root=root) == ["one"]
    assert build_modules("pkg_build_opt", ["one"], opt="-O0", root=root) == []
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == ["one"]
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == []
    # a module whose level was never recorded (built before the levels were) is rebuilt
    (tmp_path / "build" / "opt" / "pkg_build_opt.one").unlink()
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == ["one"]


def test_a_module_built_with_other_common_flags_is_rebuilt(tmp_path, monkeypatch):
    # the flags every module is compiled with besides its level (core.build._CFLAGS) are part
    # of its freshness too: a change of them (step 277's -fno-plt) rebuilds every module once
    from core import build

    pkg = _package(tmp_path, "pkg_build_cflags")
    root = str(tmp_path)
    assert build_modules("pkg_build_cflags", ["one"], opt="-O1", root=root) == ["one"]
    assert build_modules("pkg_build_cflags", ["one"], opt="-O1", root=root) == []
    monkeypatch.setattr(build, "_CFLAGS", build._CFLAGS + ["-fno-math-errno"])
    assert build_modules("pkg_build_cflags", ["one"], opt="-O1", root=root) == ["one"]
    assert build_modules("pkg_build_cflags", ["one"], opt="-O1", root=root) == []


def test_a_games_process_loads_no_openssl():
    # the build's modules are imported by every process that plays (core/__init__.py decides
    # compiled or pure by their staleness test): hashlib, which loads OpenSSL's library, is
    # imported only where a digest is made (core.build._cflags_digest, core.pgo.digest_file),
    # not at the import — at the import it was +3 MB of `sgs bench`'s peak memory (step 277)
    code = ("import sys\nfrom core import prims as P\nimport generated.identity as M\n"
            "from core.agents import RandomPlayer, play\n"
            "g = P.new_game(M, 5, seed=1, deck='标准版加军争', log_level=0)\n"
            "play(g, RandomPlayer(1))\nprint(sorted({'hashlib', '_hashlib'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout


@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs binutils' objdump")
def test_calls_into_libpython_read_their_address_in_place(tmp_path):
    # core.build._CFLAGS' -fno-plt (step 277): a module's call into libpython is `call *GOT`,
    # not a call of a PLT stub that jumps through the GOT (one jump and the stub's cache line
    # fewer a call)
    pkg = _package(tmp_path, "pkg_build_plt", "def answer(n):\n    return [n] * n\n")
    assert build_modules("pkg_build_plt", ["one"], opt="-O2", root=str(tmp_path)) == ["one"]
    (so,) = [str(p) for p in pkg.glob("one.*.so")]
    code = subprocess.run(["objdump", "-d", so], capture_output=True, text=True,
                          check=True).stdout
    calls = [line.split("\t")[-1] for line in code.splitlines() if "\tcall" in line]
    assert [c for c in calls if c.startswith("call   *0x") and "<PyList_New@" in c]
    assert not [c for c in calls if "<Py" in c and "@plt>" in c]


def test_a_level_with_gcc_flags_reaches_gcc_and_is_the_modules_stamp(tmp_path, monkeypatch):
    # core.build.OPT's level of a hot module is "-O2" and gcc's inline limits (steps 109 and 111,
    # decisions 0094 and 0095): each word is its own argument of gcc (one argument "-O2 --param=…"
    # is an error of gcc's), the whole is the stamp (a change of the flags rebuilds the module
    # once), and the build log writes it as one field
    from core.build import HOT_ENGINE, HOT_ROOMS, MODULES, O2_INLINE, OPT

    level = O2_INLINE
    assert level.split()[0] == "-O2" and "--param=inline-unit-growth=400" in level.split()
    hot = HOT_ENGINE + ["prims." + r for r in HOT_ROOMS]
    # a hot module's name that is no module (a room renamed, a typo) would leave it at -O1
    assert set(hot) <= set(MODULES)
    assert all(OPT[m] == level for m in hot)
    pkg = _package(tmp_path, "pkg_build_flags")
    root = str(tmp_path)
    log = tmp_path / "build.log"
    monkeypatch.setenv("SGS_BUILD_LOG", str(log))
    assert build_modules("pkg_build_flags", ["one"], opt="-O2", root=root) == ["one"]
    assert build_modules("pkg_build_flags", ["one"], opt=level, root=root) == ["one"]
    assert build_modules("pkg_build_flags", ["one"], opt=level, root=root) == []
    # the stamp's first line (the next: its C's digest, core/pgo.py)
    stamp = (tmp_path / "build" / "opt" / "pkg_build_flags.one").read_text(encoding="utf-8")
    assert stamp.splitlines()[0] == level
    name, opt, *fields = log.read_text(encoding="utf-8").splitlines()[-1].split()
    assert (name, opt.split(",")) == ("pkg_build_flags.one", level.split())
    assert sorted(f.split("=")[0] for f in fields) == [
        "c_bytes", "cc_cpu", "cc_wall", "cython_cpu", "cython_wall"]
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        assert importlib.import_module("pkg_build_flags.one").answer() == 42
    finally:
        sys.modules.pop("pkg_build_flags.one", None)
        sys.modules.pop("pkg_build_flags", None)


@pytest.mark.skipif(shutil.which("objdump") is None, reason="needs binutils' objdump")
def test_set_up_functions_at_O0_the_rest_at_the_modules_level(tmp_path, monkeypatch):
    # core.build._SETUP_AT_O0: the functions Cython marks CYTHON_SMALL_CODE (the module's
    # import) compile at -O0 in a module built at -O2 — gcc's -O0 frame, its argument kept on
    # the stack — while a function the module's callers run stays at the module's level; and the
    # module imports and answers as before
    pkg = _package(tmp_path, "pkg_build_setup",
                   'TABLE = {"a": 1, "b": 2}\nNAMES = ("x", "y", "z")\n\n\nclass Box:\n'
                   "    def __init__(self, v):\n        self.v = v\n\n\n"
                   "def answer(k):\n    return TABLE[k] + len(NAMES) + Box(39).v\n")
    assert build_modules("pkg_build_setup", ["one"], opt="-O2", root=str(tmp_path)) == ["one"]
    (so,) = [str(p) for p in pkg.glob("one.*.so")]
    setup = first_instructions(so, "__pyx_pymod_exec_one")
    assert setup[0] == ["push", "%rbp"] and setup[1] == ["mov", "%rsp,%rbp"]
    called = first_instructions(so, "__pyx_pw_15pkg_build_setup_3one_1answer")
    assert ["mov", "%rsp,%rbp"] not in called
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    try:
        assert importlib.import_module("pkg_build_setup.one").answer("b") == 44
    finally:
        sys.modules.pop("pkg_build_setup.one", None)
        sys.modules.pop("pkg_build_setup", None)


def test_jobs_given_later_join_the_build(tmp_path):
    # `sgs build` starts the core's jobs, then generates the units in its own process and adds
    # them (core.build.build_all's ``later``): they are built, stale ones only; None stops it
    from core.build import build_all

    pkg = tmp_path / "pkg_build_later"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for m in ("one", "two", "three"):
        (pkg / f"{m}.py").write_text(f"def name():\n    return {m!r}\n", encoding="utf-8")
    root = str(tmp_path)
    jobs = [("pkg_build_later", "one", "-O0"), ("pkg_build_later", "two", "-O0")]
    calls = []

    def later():
        text = "def name():\n    return 'three, written later'\n"
        if (pkg / "three.py").read_text(encoding="utf-8") != text:   # written when it changes
            (pkg / "three.py").write_text(text, encoding="utf-8")
        calls.append(1)
        return [("pkg_build_later", "three", "-O0"), ("pkg_build_later", "one", "-O0")]

    built = build_all(jobs, root=root, later=later)
    assert calls == [1] and sorted(built) == ["pkg_build_later." + m for m in ("one", "three", "two")]
    assert (pkg / "three.c").read_text(encoding="utf-8").count("three, written later") > 0
    # nothing stale: later's jobs are skipped too; later returning None builds no more
    assert build_all(jobs, root=root, later=later) == []
    (pkg / "two.py").write_text("def name():\n    return 'two again'\n", encoding="utf-8")
    assert build_all([], root=root, later=lambda: None) is None
    assert build_all([], root=root, later=lambda: [("pkg_build_later", "two", "-O0")]) == ["pkg_build_later.two"]


def test_the_macro_expansions_untracked_make_the_same_object_code(tmp_path, monkeypatch):
    # core.build._CFLAGS' -ftrack-macro-expansion=0 saves gcc's work for diagnostics' locations
    # only: a module's extension is byte for byte the one built without it, at -O0 and -O2
    import core.build as build

    source = ('TABLE = {"a": 1, "b": 2}\n\n\nclass Box:\n    def __init__(self, v):\n'
              "        self.v = v\n\n\ndef answer(k, n=3):\n"
              "    return [TABLE[k] + Box(i).v for i in range(n)]\n")
    untracked = "-ftrack-macro-expansion=0"
    assert untracked in build._CFLAGS
    built = {}
    for name, flags in (("with", build._CFLAGS), ("without", [f for f in build._CFLAGS if f != untracked])):
        monkeypatch.setattr(build, "_CFLAGS", flags)
        for opt in ("-O0", "-O2"):
            pkg = _package(tmp_path / name / opt, "pkg_build_macros", source)
            assert build.build_modules("pkg_build_macros", ["one"], opt=opt, root=str(pkg.parent)) == ["one"]
            (so,) = pkg.glob("one.*.so")
            built[name, opt] = so.read_bytes()
    assert built["with", "-O0"] == built["without", "-O0"]
    assert built["with", "-O2"] == built["without", "-O2"]
    assert built["with", "-O0"] != built["with", "-O2"]


def test_a_c_helper_given_another_pointer_type_fails_the_build(tmp_path, monkeypatch):
    # core.build._CFLAGS makes gcc's incompatible-pointer-types an error: a C helper taking
    # PyObject * that Cython is told takes a typed object gets the object's own struct pointer
    import core.build as cb

    strict = "-Werror=incompatible-pointer-types"
    flags = list(cb._CFLAGS)   # as built (build_probe patches the module's)
    assert strict in flags
    pxd = ("cdef class Box:\n    pass\n\n\ncdef extern from *:\n    \"\"\"\n"
           "    static int sgs_probe(PyObject *o) { return o != 0; }\n    \"\"\"\n"
           "    int sgs_probe({param})\n")
    source = "class Box:\n    pass\n\n\ndef answer():\n    return sgs_probe(Box())\n"

    def build_probe(name, param, flags):
        monkeypatch.setattr(cb, "_CFLAGS", flags)
        pkg = tmp_path / name / "pkg_build_pointers"
        pkg.mkdir(parents=True)
        (pkg / "__init__.py").write_text("", encoding="utf-8")
        (pkg / "one.pxd").write_text(pxd.replace("{param}", param), encoding="utf-8")
        (pkg / "one.py").write_text(source, encoding="utf-8")
        return cb.build_modules("pkg_build_pointers", ["one"], opt="-O0", root=str(pkg.parent))

    assert build_probe("object", "object o", flags) == ["one"]   # declared as its C takes it
    assert build_probe("lax", "Box o", [f for f in flags if f != strict]) == ["one"]   # a warning
    with pytest.raises(Exception, match="incompatible|exit status"):
        build_probe("strict", "Box o", flags)
