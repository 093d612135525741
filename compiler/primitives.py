"""The primitives a term's `原语 NAME` may name, read from the runtime's sources.

The runtime registers its primitives in its rooms (core/prims/<room>.py, docs/architecture.md):
`@prim(…)` on a def, `prim(a, b, …)` at a room's end for its cpdef functions, `alias(name, fn,
globals(), …)` and `_const(name, value, word, ns=globals(), returns=…)`, possibly in a `for _n
in ("a", "b"):` loop. Each declares the spec types of the primitive's parameters by name and of
its value (`returns`), e.g. `@prim(who="角色", x="数")` or `@prim(c="牌", returns="花色")`;
`"颜色|花色"` is either type, `"*"` any. An operation takes `strict` after `g, f`; a value
does not.

This module reads those declarations with `ast` from the .py sources, never by importing the
rooms: what `sgs check` says does not depend on whether the core is compiled, stale or
importable at all (docs/decisions/0013-primitive-signatures.md). A test checks that the names
read here are the ones the runtime registers (core.prims.IMPLEMENTED, pure mode).
"""
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

PRIMS_DIR = Path(__file__).resolve().parent.parent / "core" / "prims"
ANY = "*"


@dataclass(frozen=True)
class Primitive:
    name: str
    room: str
    line: int
    params: tuple[str, ...]  # after g, f (and strict): the values a term's slots fill, in order
    required: int  # how many of params have no default
    varargs: Optional[str]  # the *args parameter's name, or None
    operation: bool  # takes strict: an operation (a term without 为), else a value
    types: dict = field(default_factory=dict, compare=False)  # param name (or *args' name) -> type
    returns: Optional[str] = None  # a value's type

    def type_of(self, k: int) -> Optional[str]:
        """The declared type of the k-th value passed (None: undeclared)."""
        if k < len(self.params):
            return self.types.get(self.params[k])
        return self.types.get(self.varargs) if self.varargs else None

    def undeclared(self) -> list[str]:
        """The parameters (and 'returns') whose type is not declared."""
        out = [p for p in self.params if p not in self.types]
        if self.varargs and self.varargs not in self.types:
            out.append("*" + self.varargs)
        if not self.operation and self.returns is None:
            out.append("returns")
        return out


def _str(node) -> Optional[str]:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _kw(call: ast.Call) -> dict:
    return {k.arg: _str(k.value) for k in call.keywords if k.arg is not None and _str(k.value) is not None}


def _shape(args: ast.arguments):
    """(params after g, f [, strict], required count, varargs name, operation?)."""
    names = [a.arg for a in args.posonlyargs + args.args]
    rest = names[2:]
    operation = bool(rest) and rest[0] == "strict"
    if operation:
        rest = rest[1:]
    ndef = len(args.defaults)
    required = max(0, len(rest) - ndef)
    return tuple(rest), required, (args.vararg.arg if args.vararg else None), operation


def _is_prim(dec) -> Optional[dict]:
    """The declared types of a `@prim` / `@prim(…)` decorator, None if it is another one."""
    if isinstance(dec, ast.Name) and dec.id == "prim":
        return {}
    if isinstance(dec, ast.Call) and isinstance(dec.func, ast.Name) and dec.func.id == "prim" and not dec.args:
        return _kw(dec)
    return None


def read_room(path: Path) -> dict[str, Primitive]:
    """The primitives one room registers, by name."""
    room = path.stem
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    defs: dict[str, ast.FunctionDef] = {}
    declared: dict[str, dict] = {}  # def name -> its @prim(…) types
    out: dict[str, Primitive] = {}

    def make(name: str, fn_args: ast.arguments, line: int, types: dict) -> Primitive:
        params, required, varargs, operation = _shape(fn_args)
        types = dict(types)
        returns = types.pop("returns", None)
        return Primitive(name, room, line, params, required, varargs, operation, types, returns)

    def register(name: str, fn, line: int, types: dict):
        if isinstance(fn, ast.Name) and fn.id in defs:
            d = defs[fn.id]
            out[name] = make(name, d.args, d.lineno, {**declared.get(fn.id, {}), **types})
        elif isinstance(fn, ast.Lambda):
            out[name] = make(name, fn.args, line, types)
        else:  # a value made elsewhere: shape unknown, declared types only
            out[name] = Primitive(name, room, line, (), 0, None, False, {}, types.get("returns"))

    def statement(st, loop_names=None):
        if isinstance(st, ast.FunctionDef):
            defs[st.name] = st
            for dec in st.decorator_list:
                types = _is_prim(dec)
                if types is not None:
                    declared[st.name] = types
                    out[st.name] = make(st.name, st.args, st.lineno, types)
            return
        if isinstance(st, ast.For) and isinstance(st.target, ast.Name) and isinstance(st.iter, (ast.Tuple, ast.List)):
            names = [_str(e) for e in st.iter.elts]
            if all(n is not None for n in names):
                for n in names:
                    for sub in st.body:
                        statement(sub, {st.target.id: n})
            return
        if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and isinstance(st.value.func, ast.Name)):
            return
        call, fname = st.value, st.value.func.id

        def name_of(node):
            if isinstance(node, ast.Name) and loop_names and node.id in loop_names:
                return loop_names[node.id]
            return _str(node)

        if fname == "prim":
            for a in call.args:
                if isinstance(a, ast.Name) and a.id in defs:
                    d = defs[a.id]
                    out[a.id] = make(a.id, d.args, d.lineno, declared.get(a.id, {}))
        elif fname == "alias" and len(call.args) >= 2:
            name = name_of(call.args[0])
            if name is not None:
                register(name, call.args[1], st.lineno, _kw(call))
        elif fname == "_const" and call.args:
            name = name_of(call.args[0])
            if name is not None:
                out[name] = Primitive(name, room, st.lineno, (), 0, None, False, {}, _kw(call).get("returns"))

    for st in tree.body:
        statement(st)
    return out


def _fold(node, names: dict):
    """The value of a constant expression of a room's source: a literal (int, str, bool, None), a
    name bound to one (``names``), a tuple of them, -x, a + b; raises ValueError otherwise."""
    if isinstance(node, ast.Constant) and (node.value is None or type(node.value) in (int, str, bool)):
        return node.value
    if isinstance(node, ast.Name) and node.id in names:
        return names[node.id]
    if isinstance(node, ast.Tuple):
        return tuple(_fold(e, names) for e in node.elts)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        v = _fold(node.operand, names)
        if type(v) is int:
            return -v
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        a, b = _fold(node.left, names), _fold(node.right, names)
        if type(a) is int and type(b) is int:
            return a + b
    raise ValueError(ast.dump(node))


def constant_values(folder: Path = PRIMS_DIR) -> dict:
    """{primitive: its value} for every `_const(name, value, …)` of the rooms whose value folds
    (_fold) through the module-level constants of the engine's codes, the engine and the rooms
    (`Z_WEAPON = 4` in core/codes.py, decision 0060; `COLOR_BASE = 100` in a room; a name two
    modules bind to different values does not fold). Generated
    code writes such a value in place of a call (compiler.emit, docs/performance.md step 16);
    tests/backend/test_constants.py compares every one with what the runtime's primitive returns."""
    core = [folder.parent / name for name in ("codes.py", "engine.py")]
    files = [p for p in core if p.exists()] + sorted(p for p in folder.glob("*.py") if p.name != "__init__.py")
    trees = [ast.parse(p.read_text(encoding="utf-8"), str(p)) for p in files]
    names: dict = {}
    clash: set = set()
    for tree in trees:
        for st in tree.body:
            if isinstance(st, ast.Assign) and len(st.targets) == 1 and isinstance(st.targets[0], ast.Name):
                try:
                    v = _fold(st.value, {})
                except ValueError:
                    continue
                n = st.targets[0].id
                if n in names and (names[n] != v or type(names[n]) is not type(v)):
                    clash.add(n)
                names[n] = v
    for n in clash:
        del names[n]
    out: dict = {}

    def visit(st, loop=None):
        if isinstance(st, ast.For) and isinstance(st.target, ast.Name) and isinstance(st.iter, (ast.Tuple, ast.List)):
            for e in st.iter.elts:
                if _str(e) is not None:
                    for sub in st.body:
                        visit(sub, {st.target.id: _str(e)})
            return
        if not (isinstance(st, ast.Expr) and isinstance(st.value, ast.Call) and
                isinstance(st.value.func, ast.Name) and st.value.func.id == "_const" and len(st.value.args) >= 2):
            return
        a0 = st.value.args[0]
        name = loop[a0.id] if isinstance(a0, ast.Name) and loop and a0.id in loop else _str(a0)
        try:
            value = _fold(st.value.args[1], names)
        except ValueError:
            return
        if name is not None:
            out[name] = value

    for tree in trees[1:]:
        for st in tree.body:
            visit(st)
    return out


_CACHE: dict = {}
# what read_room found in each room, by (name, mtime, size) of its source: parsing the rooms costs
# more than checking a pack, so a check run reads them again only when one changed (derived
# data, JSON; a cache that cannot be read or written is ignored)
DISK_CACHE = Path(__file__).resolve().parent.parent / "build" / "primitives.json"


def _to_json(pr: Primitive) -> list:
    return [pr.room, pr.line, list(pr.params), pr.required, pr.varargs, pr.operation, pr.types, pr.returns]


def _from_json(name: str, v: list) -> Primitive:
    room, line, params, required, varargs, operation, types, returns = v
    return Primitive(name, room, line, tuple(params), required, varargs, operation, dict(types), returns)


def _read_rooms(files: list[Path], stamps: list) -> dict[str, dict[str, Primitive]]:
    import json

    try:
        disk = json.loads(DISK_CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        disk = {}
    out, dirty = {}, False
    for p, stamp in zip(files, stamps):
        hit = disk.get(p.name)
        if isinstance(hit, dict) and hit.get("stamp") == list(stamp):
            try:
                out[p.name] = {n: _from_json(n, v) for n, v in hit["prims"].items()}
                continue
            except (KeyError, TypeError, ValueError):
                pass
        out[p.name] = read_room(p)
        disk[p.name] = {"stamp": list(stamp), "prims": {n: _to_json(pr) for n, pr in out[p.name].items()}}
        dirty = True
    if dirty:
        try:
            DISK_CACHE.parent.mkdir(parents=True, exist_ok=True)
            tmp = DISK_CACHE.with_suffix(".tmp%d" % __import__("os").getpid())
            tmp.write_text(json.dumps(disk, ensure_ascii=False), encoding="utf-8")
            tmp.replace(DISK_CACHE)
        except OSError:
            pass
    return out


def registry(folder: Path = PRIMS_DIR) -> dict[str, Primitive]:
    """Every primitive of the rooms in ``folder`` (names starting with _ are the runtime's own),
    read once per change of the sources."""
    files = sorted(p for p in folder.glob("*.py") if p.name != "__init__.py")
    stamps = [(str(p.resolve()), p.stat().st_mtime_ns, p.stat().st_size) for p in files]
    key = (str(folder), tuple(stamps))
    got = _CACHE.get(key)
    if got is None:
        rooms = _read_rooms(files, stamps) if folder == PRIMS_DIR else {p.name: read_room(p) for p in files}
        got = {}
        for p in files:
            for name, pr in rooms[p.name].items():
                if not name.startswith("_"):
                    got[name] = pr
        _CACHE.clear()
        _CACHE[key] = got
    return got


def type_union(t: str) -> list[str]:
    return [x for x in t.split("|") if x]
