"""Compile small fixture specs through the real compiler path and import them."""
import importlib.util
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
_cache = {}


def compile_spec(path, tmpdir, name):
    """load_project -> Lowerer -> render_module -> a module imported from tmpdir."""
    from compiler.emit import render_module
    from compiler.lower import Lowerer
    from compiler.project import load_project

    key = (str(path), name)
    if key in _cache:
        return _cache[key]
    p = load_project([Path(path)], with_bundled=False)
    assert not p.errors, p.errors
    text = render_module(Lowerer(p.checker, name, "test").run())
    out = Path(tmpdir) / (name + ".py")
    out.write_text(text, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(name, out)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    _cache[key] = mod
    return mod


@pytest.fixture(scope="session")
def gangli(tmp_path_factory):
    return compile_spec(HERE / "gangli.sgs", tmp_path_factory.mktemp("gen"), "gen_gangli")


@pytest.fixture(scope="session")
def fanqi(tmp_path_factory):
    return compile_spec(HERE / "fanqi.sgs", tmp_path_factory.mktemp("gen"), "gen_fanqi")


def pytest_configure(config):
    """Like tests/core: rebuild stale compiled core modules (prims included)
    unless SGS_PURE=1, so a stale prims .so is never imported."""
    import os
    if os.environ.get("SGS_PURE", "") in ("", "0") and "core.engine" not in sys.modules:
        from core.build import build_core
        build_core()


@pytest.fixture(scope="session")
def fanji(tmp_path_factory):
    return compile_spec(HERE / "fanji.sgs", tmp_path_factory.mktemp("gen"), "gen_fanji")
