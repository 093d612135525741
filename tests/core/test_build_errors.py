"""`sgs build` when Cython or the C compiler fails on a module: their messages (printed by them),
then one line naming the failure and exit status 1, no traceback."""
import pytest
from Cython.Compiler.Errors import CompileError as CythonError
from setuptools.errors import CompileError as CError

from compiler import build, cli


@pytest.mark.parametrize("error", [CythonError(None, "core.spares: 2 Cython error(s)"),
                                   CError("command '/usr/bin/gcc' failed with exit code 1")],
                         ids=["cython", "gcc"])
def test_a_failed_compilation_is_one_line_and_status_1(monkeypatch, capsys, error):
    def fails(**kwargs):
        raise error

    monkeypatch.setattr(build, "compile_generated", fails)
    assert cli.main(["build"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines()[-1] == "sgs build: %s" % error
    assert "Traceback" not in err
