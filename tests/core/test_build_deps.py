"""What a module's freshness follows (core.build._dependencies, docs/decisions/0192): its .py, its
.pxd and every .pxd they cimport, transitively, by each spelling of a cimport. Read on a tiny
package in a temporary folder, and held to what Cython itself reads when it compiles each module
of the repository (the ground truth: a .pxd read and not followed would leave a stale extension,
a wrong layout, after an edit)."""
import os
import sys

import pytest

from core import build

SPELLINGS = {   # a source's one cimport -> the .pxd it must depend on (pkg/<name>.pxd)
    "from cython.cimports.pkg.pure import x\n": "pure",
    "if cython.compiled:\n    from cython.cimports.pkg import (  # a comment (with a paren)\n"
    "        one as One,\n        two as Two)\n": "two",
    "import cython.cimports.pkg.bare_pure as B\n": "bare_pure",
    "from pkg.classic cimport x, y\n": "classic",
    "from pkg cimport listed as L, other\n": "listed",
    "cimport pkg.dotted\n": "dotted",
    "cimport cython, pkg.second as S\n": "second",
    "from . cimport rel\n": "rel",
    "from .relmod cimport x\n": "relmod",
    "from ..pkg.uprel cimport x\n": "uprel",
    "from pkg.cont \\\n    cimport x\n": "cont",
    'include "inc.pxi"\n': "inc.pxi",
}
NAMES = sorted(set(SPELLINGS.values()) | {"one", "unrelated"})


def _package(root):
    """pkg/ with a .pxd for each of NAMES (inc.pxi as it is)."""
    pkg = root / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for name in NAMES:
        (pkg / (name if "." in name else name + ".pxd")).write_text("\n", encoding="utf-8")
    return pkg


def _deps(root, mod="m"):
    """The files pkg.<mod> depends on, by name (m.py for pkg/m.py)."""
    return sorted(os.path.relpath(p, root / "pkg") for p in build._dependencies("pkg", mod, str(root)))


@pytest.mark.parametrize("source", list(SPELLINGS), ids=list(SPELLINGS.values()))
def test_each_spelling_of_a_cimport_is_followed(tmp_path, source):
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text(source, encoding="utf-8")
    want = SPELLINGS[source]
    want = want if "." in want else want + ".pxd"
    got = _deps(tmp_path)
    assert want in got
    assert "unrelated.pxd" not in got


def test_a_relative_cimport_is_read_from_the_importers_package(tmp_path):
    # from pkg/sub/m.py: `..` is pkg (no pkg/sub/up.pxd nor <root>/up.pxd to find it by instead)
    pkg = _package(tmp_path)
    (pkg / "sub").mkdir()
    (pkg / "sub" / "m.py").write_text("from .. cimport one\nfrom ..pure cimport x\n"
                                      "from .near cimport y\n", encoding="utf-8")
    (pkg / "sub" / "near.pxd").write_text("\n", encoding="utf-8")
    assert _deps(tmp_path, "sub.m") == ["one.pxd", "pure.pxd", "sub/m.py", "sub/near.pxd"]


def test_the_modules_packages_pxd_count(tmp_path):
    pkg = _package(tmp_path)
    (pkg / "sub").mkdir()
    (pkg / "sub" / "m.py").write_text("\n", encoding="utf-8")
    (pkg / "__init__.pxd").write_text("\n", encoding="utf-8")
    (pkg / "sub" / "__init__.pxd").write_text("\n", encoding="utf-8")
    assert _deps(tmp_path, "sub.m") == ["__init__.pxd", "sub/__init__.pxd", "sub/m.py"]


def test_a_plain_import_is_no_cimport(tmp_path):
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text("from pkg import pure, one\nimport pkg.dotted\n"
                              "from pkg.classic import x\n", encoding="utf-8")
    assert _deps(tmp_path) == ["m.py"]


def test_the_pxd_files_of_the_pxd_files_are_followed_to_the_end(tmp_path):
    # m.py -> m.pxd -> a.pxd -> b.pxd -> c.pxd (-> a.pxd: a cycle, as the engine's have)
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text("x = 1\n", encoding="utf-8")
    (pkg / "m.pxd").write_text("from pkg.a cimport A\n", encoding="utf-8")
    (pkg / "a.pxd").write_text("cimport pkg.b\n", encoding="utf-8")
    (pkg / "b.pxd").write_text("from .c cimport C\n", encoding="utf-8")
    (pkg / "c.pxd").write_text("from cython.cimports.pkg.a import A\n", encoding="utf-8")
    assert _deps(tmp_path) == ["a.pxd", "b.pxd", "c.pxd", "m.pxd", "m.py"]


def _built(root, mod="m", at=1000):
    """An extension for pkg.<mod> (built at time ``at``), every file of pkg/ older."""
    ext = build._ext_path("pkg", mod, str(root))
    with open(ext, "wb"):
        pass
    for f in (root / "pkg").iterdir():
        os.utime(f, (at - 10, at - 10))
    os.utime(ext, (at, at))
    return ext


def test_a_module_is_stale_after_a_pxd_it_reaches_and_only_then(tmp_path):
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text("from cython.cimports.pkg.a import A\n", encoding="utf-8")
    (pkg / "a.pxd").write_text("from pkg.b cimport B\n", encoding="utf-8")
    (pkg / "b.pxd").write_text("\n", encoding="utf-8")
    _built(tmp_path)
    assert not build._stale("pkg", "m", str(tmp_path))
    os.utime(pkg / "unrelated.pxd", (2000, 2000))   # a .pxd m does not reach
    assert not build._stale("pkg", "m", str(tmp_path))
    os.utime(pkg / "b.pxd", (2000, 2000))           # one it reaches through a.pxd
    assert build._stale("pkg", "m", str(tmp_path))


def test_the_rest_of_staleness_stays(tmp_path):
    # no extension; an optimisation level not recorded, or another
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text("\n", encoding="utf-8")
    assert build._stale("pkg", "m", str(tmp_path))
    _built(tmp_path)
    assert not build._stale("pkg", "m", str(tmp_path))
    assert build._stale("pkg", "m", str(tmp_path), "-O1")
    stamp = build._opt_stamp("pkg", "m", str(tmp_path))
    os.makedirs(os.path.dirname(stamp))
    with open(stamp, "w", encoding="utf-8") as f:
        f.write("-O1")   # a stamp from before the common flags were recorded
    assert build._stale("pkg", "m", str(tmp_path), "-O1")
    with open(stamp, "w", encoding="utf-8") as f:
        f.write("-O1\ncflags " + build._cflags_digest())
    assert not build._stale("pkg", "m", str(tmp_path), "-O1")
    assert build._stale("pkg", "m", str(tmp_path), "-O2")
    os.utime(pkg / "m.py", (2000, 2000))
    assert build._stale("pkg", "m", str(tmp_path), "-O1")


def test_what_is_read_once_is_read_again_when_it_changes(tmp_path):
    # _direct keeps each file's cimports while the file and the folders looked in are unchanged
    pkg = _package(tmp_path)
    (pkg / "m.py").write_text("from pkg.a cimport A\n", encoding="utf-8")
    (pkg / "a.pxd").write_text("\n", encoding="utf-8")
    assert _deps(tmp_path) == ["a.pxd", "m.py"]
    (pkg / "a.pxd").write_text("from pkg.one cimport x\n", encoding="utf-8")   # an edit
    assert _deps(tmp_path) == ["a.pxd", "m.py", "one.pxd"]
    # a .pxd made where a cimport already looked (m.pxd, a package's __init__.pxd)
    (pkg / "m.pxd").write_text("from pkg.sub.inner cimport y\n", encoding="utf-8")
    assert _deps(tmp_path) == ["a.pxd", "m.pxd", "m.py", "one.pxd"]
    (pkg / "sub").mkdir()
    (pkg / "sub" / "inner.pxd").write_text("\n", encoding="utf-8")
    assert _deps(tmp_path) == ["a.pxd", "m.pxd", "m.py", "one.pxd", "sub/inner.pxd"]
    (pkg / "sub" / "__init__.pxd").write_text("\n", encoding="utf-8")
    assert "sub/__init__.pxd" in _deps(tmp_path)


# --- the ground truth: what Cython reads compiling each module of the repository ---

def _cython_reads(pkg, m, out):
    """The files of the repository Cython reads compiling ``pkg.<m>`` (a fresh context, as the
    build's; its C written to folder ``out``): every .pxd it processes and file it includes."""
    from Cython.Compiler.Main import Context, compile_single

    read = set()

    class Recording(Context):
        def process_pxd(self, source_desc, scope, module_name):
            read.add(os.path.abspath(source_desc.filename))
            return super().process_pxd(source_desc, scope, module_name)

        def find_include_file(self, *args, **kwargs):
            path = super().find_include_file(*args, **kwargs)
            if path:
                read.add(os.path.abspath(path))
            return path

    options = build._options(pkg, m)
    options.output_file = os.path.join(out, pkg + "." + m + ".c")
    context = Recording.from_options(options)
    result = compile_single(build._src_path(pkg, m, ""), options, pkg + "." + m, context=context)
    assert not result.num_errors, (pkg, m)
    # the repository's (not Cython's own, cpython/*.pxd, which a venv in the checkout holds)
    import Cython

    cython = os.path.dirname(os.path.abspath(Cython.__file__)) + os.sep
    return {p for p in read if p.startswith(build.ROOT + os.sep) and not p.startswith(cython)}


def _generated():
    folder = os.path.join(build.ROOT, "generated")
    return sorted(f[:-3] for f in os.listdir(folder) if f.endswith(".py") and f != "__init__.py")


# a few cheap modules (~1-3 s of Cython each) by default: a module of the engine's cycle of .pxd
# files (dispatch), a room that cimports rooms by a parenthesised `as` list (regarded), rng (its own
# .pxd only) and a generated unit (the core's and the rooms' .pxd files); every module with -m soak
# (~5 min: the engine, flow and the large units are the dear ones)
SOME = [("core", "dispatch"), ("core", "prims.regarded"), ("core", "rng"),
        ("generated", "zhanqi_generals_zhanqi")]


def _all():
    return [("core", m) for m in build.MODULES] + [("generated", m) for m in _generated()]


@pytest.fixture
def deep():
    """Python's recursion limit as the build sets it for Cython (the large units' finally
    clauses, core.build._RECURSION_LIMIT), restored after."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, build._RECURSION_LIMIT))
    yield
    sys.setrecursionlimit(limit)


@pytest.mark.parametrize("modules", [SOME, pytest.param(_all(), marks=pytest.mark.soak)],
                         ids=["some", "every"])
def test_every_pxd_cython_reads_is_a_dependency(tmp_path, monkeypatch, deep, modules):
    monkeypatch.chdir(build.ROOT)   # as the build runs Cython (_cythonize_job)
    monkeypatch.syspath_prepend(build.ROOT)   # where a unit's context finds the core's .pxd files
    missed = {}
    for pkg, m in modules:
        read = _cython_reads(pkg, m, str(tmp_path))
        own = build._src_path(pkg, m, build.ROOT, ".pxd")
        assert (own in read) == os.path.exists(own), (pkg, m)   # the recording records
        deps = set(build._dependencies(pkg, m))
        if read - deps:
            missed[pkg + "." + m] = sorted(os.path.relpath(p, build.ROOT) for p in read - deps)
    assert not missed
