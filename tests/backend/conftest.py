"""Fixtures shared by the emitter's unit tests."""
import pytest

from compiler import emit


@pytest.fixture
def names():
    """The emitter's name tables as a unit's emission reads them (one timing "t", program 7 named
    "子流程") for a test that emits a hand-built program, restored after."""
    old, refs = dict(emit._names), dict(emit._refs)
    emit._refs.clear()
    emit._names.update({"timing": ["t"], "runtime_timings": (), "program": {7: "子流程"}})
    yield
    emit._names.clear()
    emit._names.update(old)
    emit._refs.clear()
    emit._refs.update(refs)
