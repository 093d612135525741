"""The core's Cython in a worker's shared context (core.build._shared_context, decision 0070): the
.pxd files every core module reads are read once, and each module is cythonized in a forked
child of that context. Its C must be byte for byte what a fresh context (what `cythonize` does)
writes. Each test cythonizes a copy of the core's sources (.py and .pxd) both ways."""
import gc
import glob
import os
import shutil
import warnings

import pytest

import core.build as build

CORE = os.path.join(build.ROOT, "core")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    """A copy of the core's sources (.py, .pxd and the .pxi files a .pxd includes)."""
    root = str(tmp_path_factory.mktemp("shared_context"))
    for path in glob.glob(os.path.join(CORE, "**", "*.py"), recursive=True) + \
            glob.glob(os.path.join(CORE, "**", "*.pxd"), recursive=True) + \
            glob.glob(os.path.join(CORE, "**", "*.pxi"), recursive=True):
        copy = os.path.join(root, os.path.relpath(path, build.ROOT))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copy(path, copy)
    return root


@pytest.fixture
def in_root(root, monkeypatch):
    """The copy as the current directory (as _cythonize_job runs Cython), a build's contexts
    apart, and the collector unfrozen after (the shared context freezes it)."""
    monkeypatch.chdir(root)
    monkeypatch.setattr(build, "_contexts", {})
    yield root
    gc.unfreeze()


_fresh = {}
# the kinds a build shares contexts for: here the core's
CORE_SHARED = frozenset({"core"})


def _c(root, m):
    with open(build._src_path("core", m, root, ".c"), "rb") as f:
        return f.read()


def fresh_c(root, m):
    """The C of core module ``m`` from a fresh context."""
    from Cython.Compiler.Main import Context

    if m not in _fresh:
        build._compile("core", m, Context.from_options(build._options("core", m)))
        _fresh[m] = _c(root, m)
    return _fresh[m]


def shared_c(root, m):
    """The C of ``m`` cythonized in the shared context's child, which must take it."""
    context = build._shared_context(root)
    assert context is not None
    assert build._compile_forked("core", m, context), m
    return _c(root, m)


# the engine (where the shared .pxd files start), a module of the engine's cycle of .pxd files
# that enters it elsewhere (ruleset), one that reads one more (held), a room that reads 14 rooms'
# .pxd files besides (flow) and one whose .pxd is read by no other module (values)
CHEAP = ["engine", "ruleset", "held", "prims.flow", "prims.values"]
# the modules whose C the child does not keep (below)
FRESH = {"rng", "spares"}


@pytest.mark.parametrize("modules", [CHEAP, pytest.param(build.MODULES, marks=pytest.mark.soak)],
                         ids=["some", "every"])
def test_a_module_cythonized_in_the_shared_context_is_what_a_fresh_context_writes(in_root, modules):
    shared = {m: shared_c(in_root, m) for m in modules if m not in FRESH}
    for m, text in shared.items():
        assert text == fresh_c(in_root, m), m


def test_a_module_that_reads_fewer_pxd_files_gets_a_fresh_context(in_root, monkeypatch):
    # rng reads its own .pxd only: the child does not keep its C, and _cythonize_job writes the
    # fresh context's
    context = build._shared_context(in_root)
    assert not build._compile_forked("core", "rng", context)
    build._cythonize_job(("core", "rng", "-O2"), True, in_root, CORE_SHARED)
    assert _c(in_root, "rng") == fresh_c(in_root, "rng")
    # spares asks for cpython/object.pxd by its full name first, which the context read by the
    # relative name CPython's other .pxd files give it (`from .object cimport`): a fresh context
    # describes a file in the C by the name first asked (the comments of its inline code: none in
    # today's C), so the child does not keep its C either
    assert not build._compile_forked("core", "spares", context)
    build._cythonize_job(("core", "spares", "-O2"), True, in_root, CORE_SHARED)
    assert _c(in_root, "spares") == fresh_c(in_root, "spares")
    # a context holding more than a module reads would change its C (functions the others' inline
    # code marked used): values reads 45 .pxd files of flow's 57
    monkeypatch.setitem(build._SHARED_PXD, "core", ("core.prims.flow",))
    monkeypatch.setattr(build, "_contexts", {})
    context = build._shared_context(in_root)
    assert not build._compile_forked("core", "prims.values", context)
    build._cythonize_job(("core", "prims.values", "-O1"), True, in_root, CORE_SHARED)
    assert _c(in_root, "prims.values") == fresh_c(in_root, "prims.values")


def test_without_the_shared_context_each_module_is_read_fresh_with_a_warning(in_root, monkeypatch):
    from Cython.Compiler.Main import Context

    # a Cython that reads .pxd files by another way than Context.process_pxd
    monkeypatch.setattr(build._shared_context_class(), "process_pxd", Context.process_pxd)
    with pytest.warns(UserWarning, match="otherwise than expected"):
        assert build._shared_context(in_root) is None
    # a platform without fork
    monkeypatch.setattr(build, "_contexts", {})
    monkeypatch.delattr(os, "fork")
    with pytest.warns(UserWarning, match="no os.fork"):
        build._cythonize_job(("core", "held", "-O2"), True, in_root, CORE_SHARED)
    assert _c(in_root, "held") == fresh_c(in_root, "held")
    with warnings.catch_warnings():
        warnings.simplefilter("error")   # once per build: the next module warns no more
        build._cythonize_job(("core", "checks", "-O1"), True, in_root, CORE_SHARED)
    assert _c(in_root, "checks") == fresh_c(in_root, "checks")


@pytest.mark.parametrize("m", ["ruleset", "prims.flow"])
def test_the_shared_context_records_the_pxd_files_in_a_fresh_contexts_order(in_root, m):
    # Context.pxds' order is the order of their inline code in the C: each .pxd after those it
    # cimports, as the module first asks for it (the C of today's modules does not show an
    # order's change: their inline code comes from few files)
    from Cython.Compiler.Main import Context

    fresh = Context.from_options(build._options("core", m))
    build._compile("core", m, fresh)
    shared = build._shared_context_class().from_options(build._options("core"))
    assert shared.preload(build._SHARED_PXD["core"]) is None
    build._compile("core", m, shared)   # in this process: a context used for one module
    assert list(shared.pxds) == list(fresh.pxds)
