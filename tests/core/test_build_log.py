"""`SGS_BUILD_LOG`: a build writes one line per module it builds, its Cython and C compiler
times and its C file's size (docs/performance.md measures the full build from these lines)."""
import importlib
import sys

from core.build import build_modules


def test_build_log_has_a_line_per_module(tmp_path, monkeypatch):
    pkg = tmp_path / "pkg_build_log"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "one.py").write_text("def answer():\n    return 42\n", encoding="utf-8")
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
    pkg = tmp_path / "pkg_build_opt"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "one.py").write_text("def answer():\n    return 42\n", encoding="utf-8")
    root = str(tmp_path)
    assert build_modules("pkg_build_opt", ["one"], opt="-O0", root=root) == ["one"]
    assert build_modules("pkg_build_opt", ["one"], opt="-O0", root=root) == []
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == ["one"]
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == []
    # a module whose level was never recorded (built before the levels were) is rebuilt
    (tmp_path / "build" / "opt" / "pkg_build_opt.one").unlink()
    assert build_modules("pkg_build_opt", ["one"], opt="-O1", root=root) == ["one"]
