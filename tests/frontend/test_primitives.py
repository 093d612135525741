"""The registry of primitives `sgs check` reads from the rooms' sources (compiler/primitives.py):
the same names the runtime registers, every one with its spec types declared, and read without
importing the runtime (so a stale or broken compiled core changes nothing)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from compiler.primitives import PRIMS_DIR, read_room, registry

ROOT = Path(__file__).resolve().parents[2]


def spec_types() -> set[str]:
    """Every type a rulebook declares (specs/common/terms/types.sgs; 战棋's board types in
    specs/zhanqi/terms/棋盘.sgs)."""
    return {line.split()[1] for path in sorted((ROOT / "specs").rglob("*.sgs"))
            for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("类型 ")}


def test_the_sources_name_what_the_runtime_registers():
    code = ("import json, core.prims as P; "
            "print(json.dumps([sorted(P.IMPLEMENTED), {k: v for k, v in P._TYPES.items() if not k.startswith('_')}]))")
    env = dict(os.environ, SGS_PURE="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True).stdout
    import json
    names, types = json.loads(out)
    reg = registry()
    assert sorted(reg) == names
    # what each primitive declares, read statically, is what its decorator declared at run time
    for name, declared in types.items():
        pr = reg[name]
        got = dict(pr.types, **({"returns": pr.returns} if pr.returns else {}))
        assert got == declared, name


def test_every_primitive_declares_its_types():
    known = spec_types() | {"*"}
    for name, pr in registry().items():
        assert pr.undeclared() == [], f"{name} ({pr.room}.py:{pr.line}) declares no type for {pr.undeclared()}"
        for key, t in pr.types.items():
            assert key in pr.params or key == pr.varargs, f"{name}: {key} is not one of its parameters"
            assert set(t.split("|")) <= known, f"{name}: {key}={t} is not a spec type"
        if pr.returns:
            assert set(pr.returns.split("|")) <= known, f"{name}: returns {pr.returns}"


def test_a_room_is_read_from_its_text(tmp_path):
    room = tmp_path / "toy.py"
    room.write_text(
        "from core.prims.base import prim, alias, _const\n"
        "@prim(who=\"角色\", x=\"数\")\n"
        "def draw_some(g, f, strict, who, x=1):\n    pass\n"
        "def _twice(g, f, a):\n    return a\n"
        "alias(\"twice\", _twice, globals(), a=\"数\", returns=\"数\")\n"
        "for _n in (\"one\", \"uno\"):\n    _const(_n, 1, \"一\", ns=globals(), returns=\"数\")\n"
        "def fast(g, f, c):\n    pass\n"
        "prim(fast)\n", encoding="utf-8")
    got = read_room(room)
    assert sorted(got) == ["draw_some", "fast", "one", "twice", "uno"]
    d = got["draw_some"]
    assert d.operation and d.params == ("who", "x") and d.required == 1 and d.types == {"who": "角色", "x": "数"}
    assert got["twice"].returns == "数" and not got["twice"].operation and got["twice"].params == ("a",)
    assert got["one"].returns == "数" and got["uno"].params == ()
    assert got["fast"].undeclared() == ["c", "returns"]


def test_check_does_not_import_the_runtime(tmp_path):
    # the checker answers from the sources: with core.prims and core.engine unimportable, a spec
    # bound to an unknown primitive is still reported, and the bundled specs still check
    spec = tmp_path / "t.sgs"
    spec.write_text("用语 〔甲：角色〕翻个面 原语 flip_generl\n", encoding="utf-8")
    code = ("import sys; sys.modules['core.prims'] = None; sys.modules['core.engine'] = None\n"
            "from pathlib import Path\n"
            "from compiler.project import load_project\n"
            f"p = load_project([Path({str(spec)!r})])\n"
            "print(sorted(d.code for d in p.errors))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['SGS113']"
    assert PRIMS_DIR.is_dir()
