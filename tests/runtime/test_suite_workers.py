"""The suite on xdist's workers (docs/decisions/0176): the root conftest builds the stale core
in the controller only, before the workers start; a worker builds nothing (two would write the
same .c and .so files at once) and stops, naming them, if it finds a module stale."""
import sys

import pytest

import core.build as build


class Config:
    """What the root conftest's pytest_configure reads of pytest's config (a worker's has
    xdist's workerinput)."""

    def __init__(self, worker):
        if worker:
            self.workerinput = {"workerid": "gw1"}


@pytest.fixture
def configure(monkeypatch):
    """The root conftest's pytest_configure, as a run with the engine not yet imported calls it,
    and the builds it asks for (recorded, not run)."""
    from tests import conftest

    built = []
    monkeypatch.delenv("SGS_PURE", raising=False)
    monkeypatch.delitem(sys.modules, "core.engine", raising=False)
    monkeypatch.setattr(build, "build_core", lambda: built.append("core"))
    return conftest.pytest_configure, built


def test_the_controller_builds_the_core(configure):
    hook, built = configure
    hook(Config(worker=False))
    assert built == ["core"]


def test_a_worker_checks_the_core_and_builds_nothing(configure, monkeypatch):
    hook, built = configure
    asked = []
    monkeypatch.setattr(build, "_stale", lambda package, m: asked.append((package, m)) or False)
    hook(Config(worker=True))
    assert built == [] and asked == [("core", m) for m in build.MODULES]
    monkeypatch.setattr(build, "_stale", lambda package, m: m == "prims.moves")
    with pytest.raises(pytest.UsageError, match=r"gw1: core modules stale .*: prims\.moves$"):
        hook(Config(worker=True))
    assert built == []
