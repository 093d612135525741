"""Compile small fixture specs through the real compiler path and import them."""
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
_cache = {}


def compile_spec(path, tmpdir, name):
    """load_project -> Lowerer -> render_units -> a package imported from tmpdir."""
    from compiler.build import import_package
    from compiler.emit import render_units
    from compiler.lower import Lowerer
    from compiler.project import load_project

    key = (str(path), name)
    if key in _cache:
        return _cache[key]
    p = load_project([Path(path)], with_bundled=False)
    assert not p.errors, p.errors
    units = render_units(Lowerer(p.checker, name, "test").run())
    mod = import_package(units, Path(tmpdir), "pkg_" + name, name)
    _cache[key] = mod
    return mod


@pytest.fixture(scope="session")
def spec_compiler():
    """compile_spec, for a test module that compiles its own fixture spec (a fixture, not an
    import: `from conftest import …` finds whichever folder's conftest was imported first)."""
    return compile_spec


@pytest.fixture(scope="session")
def gangli(tmp_path_factory):
    return compile_spec(HERE / "gangli.sgs", tmp_path_factory.mktemp("gen"), "gen_gangli")


@pytest.fixture(scope="session")
def fanqi(tmp_path_factory):
    return compile_spec(HERE / "fanqi.sgs", tmp_path_factory.mktemp("gen"), "gen_fanqi")


@pytest.fixture(scope="session")
def fanji(tmp_path_factory):
    return compile_spec(HERE / "fanji.sgs", tmp_path_factory.mktemp("gen"), "gen_fanji")


@pytest.fixture(scope="session")
def conds(tmp_path_factory):
    return compile_spec(HERE / "conds.sgs", tmp_path_factory.mktemp("gen"), "gen_conds")
