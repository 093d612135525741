"""Fixtures of tests/flows: the bundled specs compiled through the real compiler path
(compiler.build.generate) into a temporary package, and the timing recorder (flowkit)."""
import pytest

from flowkit import Recorder

# ------------------------------------------------------------------ the generated module

@pytest.fixture(scope="session")
def generated():
    from compiler.build import generate

    outputs, proj = generate()
    assert outputs, getattr(proj, "errors", proj)
    return outputs, proj


@pytest.fixture(scope="session")
def identity(generated, tmp_path_factory):
    from compiler.build import GENERATED, import_package

    outputs, _ = generated
    units = {o.path.stem: o.text for o in outputs
             if o.path.parent == GENERATED and o.path.suffix == ".py"}
    return import_package(units, tmp_path_factory.mktemp("gen_flows"), "gen_flows", "identity")


@pytest.fixture(scope="session")
def generated_old():
    from compiler import rulebooks
    from compiler.build import generate

    outputs, proj = generate(rulebooks.by_key("identity_old"))
    assert outputs, getattr(proj, "errors", proj)
    return outputs, proj


@pytest.fixture(scope="session")
def identity_old(generated_old, tmp_path_factory):
    """The older edition's rulebook (identity_old: seeds 004/003), compiled the same way."""
    from compiler.build import GENERATED, import_package

    outputs, _ = generated_old
    units = {o.path.stem: o.text for o in outputs
             if o.path.parent == GENERATED and o.path.suffix == ".py"}
    return import_package(units, tmp_path_factory.mktemp("gen_flows_old"), "gen_flows_old", "identity_old")


@pytest.fixture
def recorder(monkeypatch):
    return Recorder(monkeypatch)
