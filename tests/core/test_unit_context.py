"""The generated units' Cython in a worker's shared context (core.build._shared_context, decisions
0070 and 0075): the core's .pxd files every unit reads are read once per worker, and each unit is
cythonized in a forked child of that context. Its C must be byte for byte what a fresh context
writes, whatever units the worker cythonized before (session 18 saw `zhanqi_modes.c` differ by
~1.3 kB between two builds: the worker's context was kept from one unit to the next, and a unit's
C imported the core's C functions earlier units had used). Each test cythonizes a copy of the
core's sources and of generated/ both ways."""
import gc
import glob
import os
import shutil

import pytest

import core.build as build

GENERATED = os.path.join(build.ROOT, "generated")
UNITS_SHARED = frozenset({"units"})


def _cimports_core(path):
    with open(path, encoding="utf-8") as f:
        return "from cython.cimports.core." in f.read()


# every generated module that cimports the core (the index modules cimport nothing)
UNITS = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(GENERATED, "*.py"))
               if _cimports_core(p))


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """A copy of the core's sources (.py, .pxd and the .pxi files a .pxd includes) and of
    generated/'s modules."""
    root = str(tmp_path_factory.mktemp("unit_context"))
    paths = glob.glob(os.path.join(build.ROOT, "core", "**", "*.py"), recursive=True) + \
        glob.glob(os.path.join(build.ROOT, "core", "**", "*.pxd"), recursive=True) + \
        glob.glob(os.path.join(build.ROOT, "core", "**", "*.pxi"), recursive=True) + \
        glob.glob(os.path.join(GENERATED, "*.py"))
    for path in paths:
        copy = os.path.join(root, os.path.relpath(path, build.ROOT))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copy(path, copy)
    return root


@pytest.fixture
def in_root(root, monkeypatch):
    """The copy as the current directory (as _cythonize_job runs Cython), a build's contexts
    apart, the forked compilations counted, and the collector unfrozen after (the shared
    context freezes it)."""
    monkeypatch.chdir(root)
    monkeypatch.setattr(build, "_contexts", {})
    forked = []
    compile_forked = build._compile_forked

    def counted(pkg, m, context):
        kept = compile_forked(pkg, m, context)
        forked.append((m, kept))
        return kept

    monkeypatch.setattr(build, "_compile_forked", counted)
    yield forked
    gc.unfreeze()


_fresh = {}


def _c(m):
    with open(build._src_path("generated", m, "", ".c"), "rb") as f:
        return f.read()


def fresh_c(m):
    """The C of generated module ``m`` from a fresh context."""
    from Cython.Compiler.Main import Context

    if m not in _fresh:
        build._compile("generated", m, Context.from_options(build._options("generated", m)))
        _fresh[m] = _c(m)
    return _fresh[m]


def shared_c(m):
    """The C of ``m`` as a build that shares the units' context writes it."""
    build._cythonize_job(("generated", m, "-O0"), True, os.getcwd(), UNITS_SHARED)
    return _c(m)


def test_the_units_are_found():
    assert {"identity_flows", "identity_cards", "zhanqi_modes"} <= set(UNITS)
    assert not {"__init__", "identity", "identity_old", "zhanqi"} & set(UNITS)


# small units of both rulebooks, zhanqi_modes last: it reads base.pxd through flow.pxd, where the
# others name base themselves, and it is the unit whose C differed between two builds
SOME = ["identity_generals_u706b", "zhanqi_generals_zhanqi", "zhanqi_modes"]


@pytest.mark.parametrize("units", [SOME, pytest.param(UNITS, marks=pytest.mark.soak)],
                         ids=["some", "every"])
def test_a_unit_cythonized_in_the_shared_context_is_what_a_fresh_context_writes(in_root, units):
    shared = {m: shared_c(m) for m in units}
    # each in the shared context's child, which kept its C
    assert in_root == [(m, True) for m in units]
    for m, text in shared.items():
        assert text == fresh_c(m), m


def test_the_shared_context_is_made_without_the_root_on_sys_path(in_root, monkeypatch):
    # the `sgs` script of an editable install runs with no root (nor "") on sys.path, as pytest
    # runs with it: the context must still read the core's .pxd files (session 20's CI builds
    # warned "'core/engine.pxd' not found" and cythonized every unit fresh)
    import sys

    root = os.getcwd()
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".")
                                      and os.path.abspath(p) not in (root, build.ROOT)])
    assert shared_c("zhanqi_generals_zhanqi") == fresh_c("zhanqi_generals_zhanqi")
    assert in_root == [("zhanqi_generals_zhanqi", True)]
    assert sys.path[0] != root   # the preload gave the path back


def test_a_units_c_does_not_depend_on_the_units_cythonized_before(in_root, monkeypatch):
    # zhanqi_modes first in its worker, then after two units that call core functions it does not
    alone = shared_c("zhanqi_modes")
    monkeypatch.setattr(build, "_contexts", {})
    shared_c("identity_generals_u706b")
    shared_c("zhanqi_generals_zhanqi")
    assert shared_c("zhanqi_modes") == alone


def test_an_index_module_and_an_unshared_build_get_a_fresh_context(in_root):
    # a rulebook's index module cimports nothing: no child, no shared context read for it
    build._cythonize_job(("generated", "zhanqi", "-O0"), True, os.getcwd(), UNITS_SHARED)
    assert in_root == [] and build._contexts == {}
    assert _c("zhanqi") == fresh_c("zhanqi")
    # a build with too few units to share (one general's pack edited)
    assert build._sharing([("generated", "zhanqi_modes", "-O0")], 2) == frozenset()
    build._cythonize_job(("generated", "zhanqi_modes", "-O0"), True, os.getcwd(), frozenset())
    assert in_root == [] and _c("zhanqi_modes") == fresh_c("zhanqi_modes")


def test_a_unit_that_names_a_pxd_otherwise_than_the_context_read_it_gets_a_fresh_context(
        in_root, monkeypatch):
    # a unit cimports the rooms by a relative name (`from cython.cimports.core.prims import flow`),
    # which a fresh context writes in the C's comments ("flow.pxd"): a context that read flow.pxd
    # by its full name ("core/prims/flow.pxd") does not keep the unit's C
    monkeypatch.setitem(build._SHARED_PXD, "units", ("core.engine", "core.prims.flow"))
    assert shared_c("zhanqi_generals_zhanqi") == fresh_c("zhanqi_generals_zhanqi")
    assert in_root == [("zhanqi_generals_zhanqi", False)]


def test_a_build_shares_a_kinds_context_from_enough_modules_per_worker():
    core = [("core", "prims.values", "-O1")] * (build._SHARE_FROM["core"] * 2)
    units = [("generated", "zhanqi_modes", "-O0")] * (build._SHARE_FROM["units"] * 2)
    assert build._sharing(core + units, 2) == frozenset({"core", "units"})
    assert build._sharing(core[1:] + units, 2) == frozenset({"units"})
    assert build._sharing(core + units[1:], 2) == frozenset({"core"})
    # a test's package of units shares the units' context
    assert build._kind("pkg_units") == "units"
