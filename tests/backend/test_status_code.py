"""An operation's status read as the generated units' C int st (docs/performance.md step 107c):
compiler.emit.status_code leaves a call of a primitive whose .pxd returns a C int (fire, call1…)
as it is and wraps any other (an object: a Python int) in ``_st`` — compiled, flow.pxd's
status_int, a macro reading an int of one digit in place (where Cython's conversion was a call);
uncompiled the value itself (the unit template). The units written by `sgs build` do so at
every status, and seeded games play alike as built and pure (the macro's reads)."""
import re
from pathlib import Path

from compiler import emit

ROOT = Path(__file__).resolve().parents[2]
_STATUS = re.compile(r"^\s*st = (_st\()?(\w+)\.(\w+)\(")


def test_status_code_wraps_what_returns_an_object():
    returns = emit.typed_returns()
    ints = [n for n, r in returns.items() if r in ("int", "bint")]
    objs = [n for n, r in returns.items() if r == "object"]
    assert {"fire", "call", "call1", "call2", "call3"} <= set(ints)
    assert {"terminate", "move_cards", "choose_move_cards"} <= set(objs)
    for n in ints:
        assert emit.status_code(n, "X(g, f)") == "X(g, f)"
    for n in objs:
        assert emit.status_code(n, "X(g, f)") == "_st(X(g, f))"
    # a primitive no room declares (called as P.<name>: a Python call, an object)
    assert emit.status_code("no_such_primitive", "P.no_such_primitive(g, f)") == \
        "_st(P.no_such_primitive(g, f))"


def test_the_units_read_every_object_status_by_st():
    returns = emit.typed_returns()
    seen = {True: 0, False: 0}
    for path in sorted((ROOT / "generated").glob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _STATUS.match(line)
            if not m:
                continue
            wrapped, name = m.group(1) is not None, m.group(3)
            assert wrapped == (returns.get(name) not in ("int", "bint")), (path.name, line)
            seen[wrapped] += 1
    assert seen[True] > 100 and seen[False] > 100   # both kinds written
