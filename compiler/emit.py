"""IR -> Cython source (pure-Python mode) through the Jinja templates in templates/.

Deterministic: StrictUndefined, no timestamps or absolute paths, sorted iteration; the
header carries the compiler version and the hash of the specs the file came from.

Specs are untrusted: every text they give (paths, names, option texts) reaches the code only
through compiler.escape.py_text — as a literal (py_str, py_value) or a comment (`comment`).
The environment enforces it: a template can print an int, or a `Code` (what these functions
return), and nothing else; a raw string is a TypeError at render time (docs/decisions/0009).
"""
from __future__ import annotations

import functools
import hashlib
import keyword
import re
from dataclasses import dataclass
from pathlib import Path

import jinja2

import core
from core.codes import EQUIP_ZONES

from . import __version__, ir
from .escape import py_str, py_text, py_value
from . import pretests
from . import programflow
from .programflow import (KEEP_CARDS, KIND_BITS, RUNS_ON, SUSPENDS, borrows_slots,
                          entered_states, check_slots, guarded_loops, kept_slots, keeps_cards,
                          keeps_origins, kind_pairs, loop_slots, loop_vars, program_states,
                          reads_moving_items)
from .pretests import (method_own_subject, method_this_card, skill_card_names, skill_own_subject,
                       subject_is_owner)

TEMPLATES = Path(__file__).resolve().parent / "templates"
# The engine generated from the specs of one run, at most: Python's compiler takes about
# 20 KB of memory per instruction to import it (a 1 MB spec of 300-clause sentences made
# 54,000 and took 1.3 GB). The bundled specs make 1,151.
MAX_INSTRUCTIONS = 20000
# bumped whenever the contract between generated code and core.prims changes
CORE_ABI = 1


# names the generated code itself calls in core.prims: a 原语 may not take one of them
CONTROL = frozenset({
    "fire", "call", "call1", "call2", "call3", "call4", "terminate", "executed", "probe", "subject_matches", "choose_option",
    "add_delayed", "ask_yesno", "check_abi", "expect_id", "spec_error", "register_program",
    "register_skill", "register_card", "register_event", "register_deck", "register_general",
    "skill_default_move", "preselect_targets", "order_matters", "card_named", "link_ids",
    "add_lasting", "mul", "register_event_role", "register_map",
    "chosen_characters",   # the roles a clause chose before its X was computed (lower.choose_first)
})


class Code(str):
    """Text that may stand in generated code as it is: code built here, or a spec text
    already escaped (a literal, a comment)."""


def prim_name(name: str) -> str:
    """The Python name of a primitive: keywords (and, or, not …) get a trailing underscore.
    The checker allows only lower-case ASCII snake_case (SGS212); anything else here is a
    compiler bug, never a name to write into code."""
    if not (name.isascii() and name.isidentifier()):
        raise ValueError(f"not a primitive name: {name!r}")
    return name + "_" if keyword.iskeyword(name) else name


# The runtime's rooms (core/prims/<room>.py + .pxd, docs/architecture.md): a primitive a room's
# .pxd declares cpdef is called through its room, which the unit cimports (a C call once
# compiled); any other through the package P. Read from the .pxd sources, so the generated code
# does not depend on what is built. A control name (CONTROL) may be declared cdef: a C function
# whose Python name is another function's (flow.pxd's fire and call1..call4, step 188a), called
# through its room as a cpdef one.
PRIMS_DIR = Path(core.__file__).resolve().parent / "prims"
_CPDEF = re.compile(r"(cp?def)\s+(\S+)\s+(\w+)\(")


def _cpdefs(folder: Path):
    """(room, C return type, function) for every module-level cpdef function the rooms' .pxd
    files declare (and cdef function of a control name), the files in name order."""
    for pxd in sorted(folder.glob("*.pxd")):
        for line in pxd.read_text(encoding="utf-8").splitlines():
            m = _CPDEF.match(line)
            if m and (m.group(1) == "cpdef" or m.group(3) in CONTROL):
                yield pxd.stem, m.group(2), m.group(3)


def room_alias(room: str) -> str:
    """The name a unit (or another room) gives room ``room``: identity_mode -> IdentityMode."""
    return "".join(w.capitalize() for w in room.split("_"))


def typed_rooms(folder: Path = PRIMS_DIR) -> dict[str, str]:
    """{function: room} for every module-level cpdef function the rooms' .pxd files declare."""
    return {name: room for room, _, name in _cpdefs(folder)}


_TYPED = typed_rooms()


def typed_returns(folder: Path = PRIMS_DIR) -> dict[str, str]:
    """{function: its C return type} for the module-level cpdef functions of the rooms' .pxd."""
    return {name: ctype for _, ctype, name in _cpdefs(folder)}


_RETURNS = typed_returns()


def typed_params(folder: Path = PRIMS_DIR) -> dict[str, tuple[str, ...]]:
    """{function: the C types of its parameters, g and f first} for the module-level cpdef
    functions of the rooms' .pxd (an untyped parameter: object)."""
    out = {}
    for pxd in sorted(folder.glob("*.pxd")):
        for line in pxd.read_text(encoding="utf-8").splitlines():
            m = _CPDEF_PARAMS.match(line)
            if m and (m.group(1) == "cpdef" or m.group(2) in CONTROL):
                params = [p.split("=")[0].split() for p in m.group(3).split(",") if p.strip()]
                out[m.group(2)] = tuple(" ".join(p[:-1]) if len(p) > 1 else "object" for p in params)
    return out


_CPDEF_PARAMS = re.compile(r"(cp?def)\s+\S+\s+(\w+)\(([^)]*)\)")
_PARAMS = typed_params()


def status_code(name: str, call: str) -> str:
    """A status call's code for the C int st: as it is when primitive ``name`` returns a C int
    (fire, call…), else read by ``_st`` (the unit template: compiled, core/prims/flow.pxd's
    status_int, a macro reading an int of one digit in place; uncompiled the value itself), where
    Cython's conversion of an object to a C int was a call (__Pyx_PyLong_As_int, ~5,000 in the
    move flow alone in the six games of `sgs bench --what instructions`)."""
    if _RETURNS.get(prim_name(name)) in ("int", "bint"):
        return call
    return f"_st({call})"
# the constant primitives (`_const` in a room: trick, weapon_slot, bool_false …) whose value folds
# from the runtime's sources: generated code writes the value (a literal, escape.py_value), not a
# call (tests/backend/test_constants.py compares each with the runtime's primitive). Read on first
# use (parsing the rooms takes a good part of a second): `sgs check` imports this module, and
# renders nothing. One cache, the pre-tests' (they read a category's name from it)
_consts = pretests.constants
# the existence checks lower.skill_needs makes, of any number of values, and X选择一项's
# choose_option and _option_ok (lower.option_needs), of any number of options and values after
# their first ones: the runtime takes those values as one tuple (a cpdef function has no *args),
# so generated code calls them in C. By name: the index of the first value packed
PACKED = {"_objects_exist": 0, "_roles_exist": 0, "_choices_exist": 0, "_actors_alive": 0,
          "_orders_exist": 1, "_option_ok": 2, "choose_option": 3}


def call_args(name: str, args: list) -> str:
    """The code of a call's arguments after g, f (and strict), each ", x": a PACKED primitive's
    from its index on as one tuple."""
    k = PACKED.get(name)
    if k is None:
        return "".join(", " + a for a in args)
    return "".join(", " + a for a in args[:k]) + ", (" + "".join(a + ", " for a in args[k:]) + ")"
_rooms_used: set = set()   # the rooms the unit being rendered calls (prim_ref)
# a primitive applied to a value and to another primitive's call, written as one call of the
# runtime that answers the same without making the inner value (docs/decisions/0037):
# (outer, inner) -> the function, of the outer's first argument and the inner's. eq(乙, 丙的装备区):
# the move flow's test of each card's origin against each role's 装备区 made a tuple per test
FUSED = {("eq", "zone_equip"): "eq_equip_zone"}
# eq of a value and a constant zone no role owns ((kind, -1): 弃牌堆, 处理区, 牌堆), written as one
# call of the runtime with the kind as a C int (decision 0047): eq compared two tuples item by item
FUSED_CONST = {"eq": "eq_zone_kind"}
# … and when that value is a moved card's zone read from the running move (〔牌〕的原区域, its
# 去向: the move flow asks them of each card moved), one call of the runtime that reads the zone
# and compares its kind: the primitive of the card -> the function of the card and the kind
FUSED_KIND = {"move_origin": "move_origin_kind_is", "move_destination": "move_destination_kind_is"}
# eq of a count of cards and a constant int (此次移动的牌的张数为0: the move flow's test at each move),
# written as one call of the runtime with the int as a C long (a tuple's length compared in C):
# the outer and inner primitives -> the function of the inner's argument and the int
FUSED_COUNT = {("eq", "count_cards"): "eq_count"}
# a primitive of one argument applied to another's call of one argument, written as one call of
# the runtime that answers the same without making the inner value: the (outer, inner) primitives
# -> the function of the inner's argument. 甲对应的虚拟牌为延时锦囊牌: the move flow's test of each
# card moved, where virtual_card_of answered NONE for most and is_delayed_trick was a second call
FUSED_OF = {("is_delayed_trick", "virtual_card_of"): "virtual_is_delayed_trick"}
# a primitive compiled into the unit that asks it: the runtime's .pxd declaring its inline body
# (``<name>_in``, cimported compiled only; the primitive itself uncompiled). 此次移动的牌: the move
# flow asks it at each of its steps (core/prims/moving.pxd); a loop's items, a tuple mostly
# (core/prims/loopitems.pxd); 〔牌组〕的张数, of a tuple mostly, and its FUSED_COUNT comparison with an
# int (core/prims/cardcount.pxd: step 213b, 此次移动的牌的张数为0 at each move); a moved
# card's zone kind (FUSED_KIND), which the move flow asks of each card moved: the running move's
# record read in place (core/prims/movedkind.pxd, step 167a); the roles a move takes equipment
# from, which the move flow asks once a move: none read in place when no origin was one
# (core/prims/moving.pxd, step 206); the card being resolved's readers the use and move flows
# ask most, their commonest answer read in place (core/prims/cardreads.pxd, step 261), and the
# two whose answer is one, asked of each card moved and each move (step 264a)
INLINED = {"moving_cards": "moving", "_items": "loopitems", "count_cards": "cardcount",
           "eq_count": "cardcount",
           "move_origin_kind_is": "movedkind", "move_destination_kind_is": "movedkind",
           "roles_losing_equipment": "moving", "this_card": "cardreads",
           "targets_empty": "cardreads", "target_list": "cardreads",
           "sort_targets": "cardreads", "virtual_is_delayed_trick": "cardreads",
           "moved_off_prescribed_zone": "cardreads", "set_keep_zone": "cardreads"}
_inlined_used: set = set()   # the INLINED primitives the unit being rendered asks (prim_ref)
# INLINED asks whose inline body first tests whether f is the running 移动 (the scratch it reads
# in place is that move's): in a program's function they take that test's answer, made once at
# the function's start (``mv = move_here(g, f)``: a frame's program and its game's ruleset do not
# change while its function runs), where each ask made it (~17,000 asks in the six games of `sgs
# bench --what instructions`, step 213a): the primitive -> its form taking mv (g, f, mv, …), in the
# same .pxd; a moved card's zone kind only for a kind no equipment zone's (move_kind_form), which
# the form does not test again. Elsewhere (a condition, a reading, a lambda's body), the *_in forms.
MOVE_TESTED = {"moving_cards": "moving_cards_mv", "roles_losing_equipment": "roles_losing_equipment_mv",
               "move_origin_kind_is": "move_origin_kind_is_mv",
               "move_destination_kind_is": "move_destination_kind_is_mv"}
MOVE_TEST = "mv"
_move_local = [False]   # program_code renders a program's states: its function may have mv
_move_asked = [False]   # … and one of them asked a MOVE_TESTED form (the function's mv made)
_mv_used: set = set()   # the MOVE_TESTED primitives the unit being rendered asks in their mv form
# a guarded loop's start (programflow.guarded_loops) whose test begins with a moved card's origin
# kind in its mv form: the kinds of every item's origin read at once (step 286a, decision 0311),
# into the C local okinds_<items slot> (0: not read this run), the loop started at its end when no
# item's origin is of that kind (bits 0-29: movedkind.pxd's move_origin_kinds_mv)
ORIGIN_KINDS = "move_origin_kinds_mv"
_origin_kinds_used = [False]   # the unit being rendered reads them


def move_form(py: str) -> bool:
    """Whether INLINED primitive ``py`` is asked here in its MOVE_TESTED form (noted so)."""
    if not (_move_local[0] and not _IN_LAMBDA[0] and py in MOVE_TESTED):
        return False
    prim_ref(py)   # (its import)
    _move_asked[0] = True
    _mv_used.add(py)
    return True


def move_kind_form(kind: int) -> bool:
    """A zone kind the MOVE_TESTED zone-kind forms may be asked of: a built-in kind (not negative:
    base's ZK_* whole-zone kinds are) outside the equipment slots' range (core/codes.py), which
    zonekind.pxd's equip_kind answers False for (tests/backend/test_move_test_once.py)."""
    return kind >= 0 and not min(EQUIP_ZONES) <= kind <= max(EQUIP_ZONES)


# a primitive of no argument that answers a field of the frame it is asked in, written as that
# field's read (ir.Implied's form): 你 (roles.owner, `return f.owner`; ~3,900 calls in the six games
# of `sgs bench --what instructions`, each a call across modules that boxed the int itself).
# Compiled, `f.owner` of the Frame f is its C int, boxed where a Python value is needed; not in a
# lambda's body, whose f is untyped (a Python attribute lookup): there the call stays
FRAME_READS = {"owner": "f.owner"}
_IN_LAMBDA = [0]


def _frame_read(e):
    """The field read written for ``e`` when it is a FRAME_READS call outside a lambda, or None."""
    if isinstance(e, ir.PrimCall) and not e.args and e.name in FRAME_READS and not _IN_LAMBDA[0]:
        return FRAME_READS[e.name]
    return None


def _count_const(e):
    """The value of ``e`` when it is a constant int that eq compares as itself (0 to 2**30 - 1: no
    quantifier, a small int of values._small), else None."""
    if isinstance(e, ir.Const) and type(e.value) is int and 0 <= e.value < (1 << 30):
        return e.value
    return None


def _moved_kind(e):
    """(FUSED_KIND's function, the kind, the card's expression) when ``e`` compares a moved card's
    zone (move_origin, move_destination of one argument) with a constant zone no role owns, the
    card's side first or second (expr's FUSED_CONST form), else None."""
    if not (isinstance(e, ir.PrimCall) and e.name in FUSED_CONST and len(e.args) == 2):
        return None
    for x, z in ((e.args[0], e.args[1]), (e.args[1], e.args[0])):
        kind = _const_zone_kind(z)
        if kind is not None:
            if isinstance(x, ir.PrimCall) and x.name in FUSED_KIND and len(x.args) == 1:
                return FUSED_KIND[x.name], kind, x.args[0]
            return None
    return None


def _const_zone_kind(e):
    """The kind of constant zone ``e`` (a constant primitive whose value is (kind, -1)), or None."""
    if not (isinstance(e, ir.PrimCall) and not e.args and e.name in _consts()):
        return None
    v = _consts()[e.name]
    if type(v) is tuple and len(v) == 2 and type(v[0]) is int and type(v[1]) is int and v[1] == -1:
        return v[0]
    return None


# ---- names, not positions (docs/decisions/0014-stable-units.md, 0025) -------------------------
# A unit names every program, timing, card, skill and mark it refers to by its stable name: its
# IDS table lists them (sorted), and the code reads the core's id of the k-th as ``ids[k]``, an
# int of the unit's id table in one ruleset, which the unit's link(rs, table) fills once, at
# registration. So a unit's bytes depend only on its own specs and on the names it uses, never
# on how many things other units declare; and one compiled unit serves every rulebook whose
# specs make the same unit text, each ruleset with its own table (decision 0025).
_KINDS = frozenset({"program", "timing", "card", "skill", "mark", "name"})
_refs: dict = {}           # (kind, name) -> its placeholder, for the unit being rendered
_names: dict = {}          # set by render_units: "program" -> {id: name}, "timing" -> [names]


def stable_id(text: str) -> str:
    """A short hash of a name: the suffix of the identifiers a unit gives what it names."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:10]


def ref_var(kind: str, name: str) -> str:
    """Where the code reads the core's id of ``name`` (of ``kind``): a placeholder that
    render_units replaces with ``ids[k]`` once the unit's IDS table (all its names, sorted) is
    known. It is delimited by NULs, which no spec text reaches the code as (escape.py_text
    writes a NUL as an escape)."""
    if kind not in _KINDS:
        raise ValueError(f"not a kind of name: {kind!r}")
    key = (kind, name)
    var = _refs.get(key)
    if var is None:
        var = _refs[key] = f"\0{len(_refs)}\0"
    return var


_PLACEHOLDER = re.compile("\0[0-9]+\0")


def runtime_timing(ref) -> str:
    """The name a unit gives a timing: the name the spec wrote when the runtime knows it by that
    name (the rulebook's own, or a 时机对应 alias it registers), else the rulebook's name for it.
    A skill of the current edition's words thus reads the same in every edition that maps them,
    and its unit can be shared (decision 0025)."""
    if ref.name in _names["runtime_timings"]:
        return ref.name
    return _names["timing"][ref.id]


def ref_key(e) -> tuple[str, str]:
    """(kind, name) of an ir.Ref as the unit names it (a timing by runtime_timing: a Ref may
    carry an alias; a program by its name)."""
    if e.kind == "timing":
        return ("timing", runtime_timing(e))
    if e.kind == "program":
        return ("program", _names["program"][e.id])
    return (e.kind, e.name)


def ref_of(e) -> str:
    """Where the code reads an ir.Ref's id."""
    return ref_var(*ref_key(e))


def program_fn(name: str) -> str:
    """The function of the program named ``name`` (its where_table has the same suffix)."""
    return f"prog_{stable_id(name)}"


def where_table(name: str) -> str:
    """The table of spec lines of the program named ``name`` (one per instruction)."""
    return f"WHERE_{stable_id(name)}"


def skill_fn(name: str) -> str:
    """The function that tells whether skill ``name`` is offered."""
    return f"cond_{stable_id(name)}"


def delayed_cond_fn(name: str) -> str:
    """The function that tells whether the delayed effect of program ``name`` (its timing a 时机
    term with a condition) is run or offered at an occurrence of its timing."""
    return f"dcond_{stable_id(name)}"


def _ref_items(refs: dict) -> list:
    return sorted(refs.items(), key=lambda kv: kv[0])


def ids_block(refs: dict) -> str:
    """The unit's table of names and the class of its id tables (the `# @ids@` line of
    unit.py.j2)."""
    items = _ref_items(refs)
    if not items:
        lines = ["IDS = ()  # this unit names nothing"]
    else:
        lines = ["# what this unit names, by kind and name: link(rs, table) reads the core's id of the k-th",
                 "# into table.v[k], once per ruleset; the code reads it as ids[k] (docs/decisions/0014, 0025)",
                 "IDS = ("]
        lines += [f"    ({py_str(kind)}, {py_str(name)}),  # {k}" for k, ((kind, name), _) in enumerate(items)]
        lines.append(")")
    n = max(1, len(items))   # a C array has at least one element
    lines += ["_NIDS = cython.declare(cython.int, %d)   # the length of an Ids table (_idbox)" % n,
              "", "", "@cython.cclass",
              "class Ids:",
              '    """The core\'s ids of IDS\'s names in one ruleset (v[k]: the k-th\'s; -1 until link fills',
              "    it): the index module makes one per ruleset and hands it to every registration. Compiled,",
              "    o[k] is the k-th as the Python int ``boxed`` holds (box), right before v in the object:",
              '    _idbox reads it from v\'s address, which the programs get as ids (compiler.emit.boxed_ref)."""',
              f"    o = cython.declare(cython.p_void[{n}])",
              f"    v = cython.declare(cython.int[{n}])",
              "    boxed = cython.declare(tuple)",
              "",
              "    def __init__(self):",
              "        if not cython.compiled:",
              f"            self.v = [-1] * {n}",
              f"        for k in range({n}):",
              "            self.v[k] = -1",
              "",
              "    def box(self):",
              '        """The ids as Python ints, once link filled v (core/prims/idtable.pxd)."""',
              f"        self.boxed = box_ids(self.o, self.v, {n})"]
    return "\n".join(lines)


def resolve_refs(text: str, refs: dict) -> str:
    """The unit's text with each placeholder of ref_var replaced by ``ids[k]``, k its name's
    place in IDS (and by k inside boxed_ref's read)."""
    index = {var: k for k, (_, var) in enumerate(_ref_items(refs))}
    text = _BOXED.sub(lambda m: f"_idbox(ids, {index[m.group(1)]}, _NIDS)", text)
    return _PLACEHOLDER.sub(lambda m: f"ids[{index[m.group(0)]}]", text)


# An id passed to a parameter that takes an object (a room's `object` parameter, any of a Python
# call's — P.<name> — or of a PACKED tuple) is read boxed from its table (step 147c): compiled,
# ``cython.cast(object, _idbox(ids, k, _NIDS))`` passes the Python int the unit's Ids made once at
# link as it is (core/prims/idtable.pxd's _idbox: a C read, no reference taken — the table holds
# it for the ruleset's life), where Cython boxed ``ids[k]`` at each call (~2,550 calls in the six games of
# `sgs bench --what instructions`); uncompiled, ``_idbox(ids, k, n)`` is ``ids[k]``.
_BOXED = re.compile("_idbox\\(ids, (\0[0-9]+\0)\\)")


def boxed_ref(e) -> str:
    """An ir.Ref's id as a Python int from its unit's table (above)."""
    return f"cython.cast(object, _idbox(ids, {ref_of(e)}))"


def takes_object(callee: str, k: int) -> bool:
    """Whether parameter k (0: g) of primitive or control function ``callee`` takes an object:
    any of a Python call's, and of a room's cpdef function those its .pxd declares object (or
    past its last: a PACKED tuple's values)."""
    params = _PARAMS.get(prim_name(callee))
    if prim_name(callee) in INLINED:   # (their ids, if any, as Cython passes them)
        return False
    if params is None:
        return True
    return k >= len(params) or params[k] == "object"


# The frame's owner (你, a seat) passed to an object parameter likewise (step 154c): compiled,
# ``cython.cast(object, _intbox(f.owner))`` borrows the Python int from the unit's table of small
# ints (core/prims/idtable.pxd: each taken once, its reference kept), where Cython boxed the C int
# at each call and dropped it after (~4,500 in the six games); uncompiled, ``_intbox(v)`` is v.
# Not in a lambda's body, whose f is untyped (f.owner there is already the Python int).
OWNER = "f.owner"


def owner_ref() -> str:
    """The frame's owner as a Python int borrowed from its unit's table (above)."""
    return f"cython.cast(object, _intbox({OWNER}))"


def arg_codes(callee: str, args, codes: list[str], first: int = 2) -> list[str]:
    """``codes`` (of ``args``, passed to ``callee`` from parameter ``first`` on) with each id
    that goes to an object parameter read boxed (boxed_ref), and the frame's owner (owner_ref)."""
    out = []
    for k, (a, c) in enumerate(zip(args, codes)):
        if isinstance(a, ir.Ref) and takes_object(callee, first + k):
            c = boxed_ref(a)
        elif c == OWNER and not _IN_LAMBDA[0] and takes_object(callee, first + k):
            c = owner_ref()
        out.append(c)
    return out


def prim_ref(name: str) -> str:
    """How generated code names primitive or control function ``name``: ``Room.name`` for a
    cpdef one, ``P.name`` for the others."""
    py = prim_name(name)
    if py in INLINED:
        _inlined_used.add(py)
        return f"{py}_in"
    room = _TYPED.get(py)
    if room is None:
        return f"P.{py}"
    _rooms_used.add(room)
    return f"{room_alias(room)}.{py}"


def rooms_import(rooms, inlined=()) -> str:
    """The import lines of the rooms a unit calls cpdef functions of, and of the INLINED
    primitives it asks (the `# @rooms@` line of unit.py.j2)."""
    out = [inlined_import(py) for py in sorted(inlined)] + ([move_here_import()] if _mv_used else [])
    if not rooms:
        return "\n".join(["# (no room's cpdef function is called here)", *out])
    names = [f"{r} as {room_alias(r)}" for r in sorted(rooms)]
    return "\n".join([_wrapped("from core.prims import ", names, "") + "\nif cython.compiled:\n" +
                      _wrapped("from cython.cimports.core.prims import ", names, "    "), *out])


def inlined_import(py: str) -> str:
    """The import of INLINED primitive ``py`` as ``<py>_in`` (and its BORROWED_FORM, if any): its
    inline body compiled, the primitive's function (its room's) uncompiled."""
    ref = BORROWED_FORM.get(py)
    text = (f"if cython.compiled:   # {py} in place (core/prims/{INLINED[py]}.pxd)\n"
            f"    from cython.cimports.core.prims.{INLINED[py]} import {py}_in"
            + (f", {ref}" if ref else "") + "\n"
            f"else:\n    from core.prims.{_TYPED[py]} import {py} as {py}_in"
            + (f", {py} as {ref}" if ref else ""))
    if py not in _mv_used:
        return text
    # its MOVE_TESTED forms (and move_here, moving.pxd's, once a unit); uncompiled, mv is False and
    # each form is the primitive itself
    forms = [MOVE_TESTED[py]] + ([f"{ref}_mv"] if ref else [])
    kinds = [ORIGIN_KINDS] if py == "move_origin_kind_is" and _origin_kinds_used[0] else []
    names = ", ".join(forms + kinds)
    text += (f"\nif cython.compiled:   # {py} with the move's test made once (step 213a)\n"
             f"    from cython.cimports.core.prims.{INLINED[py]} import {names}\n"
             f"else:")
    for form in forms:
        text += f"\n    def {form}(g, f, mv, /, *args):\n        return {py}_in(g, f, *args)\n"
    for form in kinds:   # not known: every kind's bit
        text += f"\n    def {form}(g, f, mv, /, *args):\n        return 0x7fffffff\n"
    return text.rstrip("\n")


def move_here_import() -> str:
    """The import of move_here, a unit's test that f is the running 移动, when one of its programs
    asks a MOVE_TESTED form (uncompiled, False: each form is its primitive)."""
    return ("if cython.compiled:   # f is the running 移动: the MOVE_TESTED forms' mv (step 213a)\n"
            "    from cython.cimports.core.prims.moving import move_here\n"
            "else:\n    def move_here(g, f, /):\n        return False")


def _wrapped(head: str, names: list[str], indent: str, width: int = 100) -> str:
    """``indent + head + names`` as one import, parenthesized over lines of at most ``width``."""
    one = indent + head + ", ".join(names)
    if len(one) <= width:
        return one
    lines, line = [], indent + "    "
    for k, n in enumerate(names):
        piece = n + ("," if k < len(names) - 1 else ")")
        if len(line) + len(piece) + 1 > width and line.strip():
            lines.append(line.rstrip())
            line = indent + "    "
        line += piece + " "
    lines.append(line.rstrip())
    return indent + head + "(\n" + "\n".join(lines)


# A program's slots read borrowed as the arguments of a value's call (step 116a): compiled,
# ``cython.cast(object, _slot(s, i))`` passes the list's item as it is (flow.pxd's slot_borrowed,
# a macro: no reference taken and dropped around the call, where Cython's ``s[i]`` made a pair
# at every read: ~2 reads a moved card in each of the move flow's loops); uncompiled, ``_slot``
# is ``s[i]`` (the unit template). Sound where nothing writes the slot while the callee runs: a
# value's call (an expression's primitive: it reads, runs no operation, fires nothing and asks
# nothing — the operations, which may run skills that rewrite an event's fields, take their own
# references, as does fire's subject: _first_timing writes the event's slots before fire keeps
# it), or a called program's (call1..call4 store them in the pushed frame's slots before it runs
# and read them no more; call's tuple takes its references), whatever its other arguments:
# what runs between a slot's read and the call is those arguments' own value calls, which write
# nothing either (step 282b: steps 116a and 254a asked every argument simple, and a slot beside
# a value's call, as the turn flow's 有额外的…阶段 (s[0], 准备阶段) at each phase, took and dropped
# a reference), in a program's function (its frame's own slots: a condition's or reading's probe
# frame, which a nested test of the same skill writes again, keeps Cython's reads). Set while
# program_code emits a program's states.
_BORROWING = [False]


def _simple(e) -> bool:
    return isinstance(e, (ir.Const, ir.SlotRef, ir.Implied, ir.Ref)) or _frame_read(e) is not None


def borrowed_slot(index: int) -> str:
    """A slot's read passed borrowed to a value's call (above); a loop's variable in its C local
    (var_code)."""
    if int(index) in _VARS[0] and not _IN_LAMBDA[0]:
        return var_code(index)
    return f"cython.cast(object, _slot(s, {int(index)}))"


# 此次移动的牌 read borrowed as a value's argument too (step 154a): compiled,
# ``cython.cast(object, moving_cards_ref(g, f))`` passes the cards the move's scratch holds as
# they are (core/prims/moving.pxd), where moving_cards_in's answer took a reference the call's
# end dropped (~10,000 asks in the six games). Sound by the rule above: the scratch keeps them
# while a value's call runs (only an operation writes its X_CARDS). Uncompiled, moving_cards.
BORROWED_FORM = {"moving_cards": "moving_cards_ref"}


def _borrowed_call(e) -> bool:
    return isinstance(e, ir.PrimCall) and not e.args and prim_name(e.name) in BORROWED_FORM


def _borrowed_code(a, dup) -> str:
    if _is_dup(a, dup):
        return DUP
    if isinstance(a, ir.SlotRef):
        return borrowed_slot(a.index)
    if _borrowed_call(a):
        if move_form(prim_name(a.name)):
            return f"cython.cast(object, {BORROWED_FORM[prim_name(a.name)]}_mv(g, f, {MOVE_TEST}))"
        prim_ref(a.name)   # (its import: the INLINED one's line names the borrowed form too)
        return f"cython.cast(object, {BORROWED_FORM[prim_name(a.name)]}(g, f))"
    return expr(a)


def value_args(args, dup=None, callee=None, first=2) -> list[str]:
    """The argument codes of a value's call: its slots borrowed when they may be (above); ``dup``,
    a value read into DUP before (_value_once), as simple as a slot; passed to ``callee`` from
    its parameter ``first`` on (when given), its ids read boxed where they may be (arg_codes)."""
    if _BORROWING[0]:
        codes = [_borrowed_code(a, dup) for a in args]
    else:
        codes = [DUP if _is_dup(a, dup) else expr(a) for a in args]
    return codes if callee is None else arg_codes(callee, args, codes, first)


def expr(e) -> str:
    if isinstance(e, ir.Const):
        return py_value(e.value)
    if isinstance(e, ir.SlotRef):
        if int(e.index) in _VARS[0] and not _IN_LAMBDA[0]:
            return var_code(e.index)
        return f"s[{int(e.index)}]"
    if isinstance(e, ir.Implied):
        return "f.owner"
    if isinstance(e, ir.Ref):
        return ref_of(e)
    if isinstance(e, ir.Lambda):
        _IN_LAMBDA[0] += 1
        try:
            return f"(lambda g, f: {expr(e.body)})"
        finally:
            _IN_LAMBDA[0] -= 1
    if _frame_read(e) is not None:
        return _frame_read(e)
    if isinstance(e, ir.PrimCall) and e.name in ("and", "or") and len(e.args) == 2:
        # 且/或 short-circuit: the right side may only make sense when the left holds
        # (〖雌雄双股剑〗: 此牌为【杀】 且 its target character's sex)
        return f"({expr(e.args[0])} {'and' if e.name == 'and' else 'or'} {expr(e.args[1])})"
    if isinstance(e, ir.PrimCall) and e.name == "not" and len(e.args) == 1:
        return f"(not {expr(e.args[0])})"   # 并非: no call, as 且/或
    if isinstance(e, ir.PrimCall) and len(e.args) == 1 and isinstance(e.args[0], ir.PrimCall) and \
            len(e.args[0].args) == 1 and (e.name, e.args[0].name) in FUSED_OF:
        fused = FUSED_OF[(e.name, e.args[0].name)]
        return f"{prim_ref(fused)}(g, f, {value_args(e.args[0].args, callee=fused)[0]})"
    if isinstance(e, ir.PrimCall) and len(e.args) == 2:
        for x, n in ((e.args[0], e.args[1]), (e.args[1], e.args[0])):
            if isinstance(x, ir.PrimCall) and (e.name, x.name) in FUSED_COUNT and \
                    len(x.args) == 1 and _count_const(n) is not None:
                fused = FUSED_COUNT[(e.name, x.name)]
                return f"{prim_ref(fused)}(g, f, {value_args(x.args, callee=fused)[0]}, {_count_const(n)})"
    if _moved_kind(e) is not None:
        fused, kind, card = _moved_kind(e)
        if move_kind_form(kind) and move_form(fused):
            return (f"{MOVE_TESTED[fused]}(g, f, {MOVE_TEST}, "
                    f"{value_args([card], callee=fused)[0]}, {int(kind)})")
        return f"{prim_ref(fused)}(g, f, {value_args([card], callee=fused)[0]}, {int(kind)})"
    if isinstance(e, ir.PrimCall) and e.name in FUSED_CONST and len(e.args) == 2:
        for x, z in ((e.args[0], e.args[1]), (e.args[1], e.args[0])):
            kind = _const_zone_kind(z)
            if kind is not None:
                fused = FUSED_CONST[e.name]
                return f"{prim_ref(fused)}(g, f, {value_args([x], callee=fused)[0]}, {int(kind)})"
    if isinstance(e, ir.PrimCall) and len(e.args) == 2 and isinstance(e.args[1], ir.PrimCall) and \
            len(e.args[1].args) == 1 and (e.name, e.args[1].name) in FUSED:
        fused = FUSED[(e.name, e.args[1].name)]
        a, b = value_args([e.args[0], e.args[1].args[0]], callee=fused)
        return f"{prim_ref(fused)}(g, f, {a}, {b})"
    if isinstance(e, ir.PrimCall):
        if not e.args and e.name in _consts():
            return py_value(_consts()[e.name])
        if not e.args and move_form(prim_name(e.name)):
            return f"{MOVE_TESTED[prim_name(e.name)]}(g, f, {MOVE_TEST})"
        return f"{prim_ref(e.name)}(g, f{call_args(e.name, value_args(e.args, callee=e.name))})"
    raise TypeError(f"not an expression: {e!r}")


# the arities core.prims.flow has a call of its own for (callN: its arguments passed as they are,
# where call takes a tuple the unit makes, fills and frees at each call)
CALL_ARITIES = (1, 2, 3, 4)


def call_code(prog_ref: str, args: list[str]) -> str:
    """The call of program ``prog_ref`` with argument expressions ``args``: ``call1`` to ``call4``
    for one to four arguments, else ``call`` with a tuple (none: the empty tuple, a constant)."""
    if len(args) in CALL_ARITIES:
        return f"{prim_ref(f'call{len(args)}')}(g, f, {prog_ref}, {', '.join(args)})"
    return f"{prim_ref('call')}(g, f, {prog_ref}, ({''.join(a + ', ' for a in args)}))"


def suspend(call: str, nxt: int, indices=(), items=(), forget=(), variables=()) -> list[str]:
    """Run a call that may push a frame: on a non-zero status, save pc (and the loops' items and
    indices, which live in C locals while the frame runs: loop_slots, and their ``variables``
    valid there: loop_vars) and leave the program's loop with the status in st (the function
    returns st after its loop: the unit template)."""
    saves = [f"    put_slot(s, {k}, {items_local(k)})" for k in items]
    saves += [f"    put_slot(s, {v}, {var_code(v)})" for v in variables]
    saves += [f"    put_slot(s, {k}, {index_local(k)} if {index_local(k)} >= 0 else None)" for k in indices]
    # f.pc written as the constant, not read from pc: each read of pc is a node Cython's copies of
    # the template's finally clause reach through pc's assignments, recursively (decision 0084)
    # ``forget``: the kept flags (kept_slots) its call may have made wrong, cleared when it goes on
    return [f"st = {call}", f"pc = {nxt}", "if st:", f"    f.pc = {nxt}", *saves, "    break",
            *(f"{kept_local(k)} = False" for k in forget)]


# ---- the loops' locals (ir.Next) -----------------------------------------------------------------
# A loop's items (a tuple) and index are C locals of the program's function while it runs: a step
# is a C length test, a C tuple read and a C increment, where the index was read from its slot and
# boxed back into it at every item. The slots stay what a suspended frame is (resumed, cloned):
# the items and the index are written to theirs at every suspension (the index None until its
# loop starts, as before; the items since step 167c, where they were written at each loop's start:
# nothing reads the slot while the function runs, loop_slots), and both are read back when the
# frame resumes (a starting frame has none: loop_load).


def index_local(slot: int) -> str:
    """The C local holding the index a loop keeps in slot ``slot``."""
    return f"idx_{int(slot)}"


def items_local(slot: int) -> str:
    """The C local holding the items a loop keeps in slot ``slot``."""
    return f"items_{int(slot)}"


def var_local(slot: int) -> str:
    """The C local (a borrowed PyObject pointer) holding the variable a loop keeps in slot
    ``slot`` (programflow.loop_vars, step 247a)."""
    return f"var_{int(slot)}"


def var_code(slot: int) -> str:
    """A read of a loop's variable kept in its C local: the item as it is (its loop's items
    tuple holds it)."""
    return f"cython.cast(object, {var_local(slot)})"


# the variables of the program being rendered kept in C locals (program_code sets them)
_VARS = [frozenset()]


def kept_local(slot: int) -> str:
    """The C flag: the items local of slot ``slot`` holds 此次移动的牌's, read in this run (step
    216a, decision 0212: which loops keep them and what clears the flag, programflow.KEEP_CARDS)."""
    return f"kept_{int(slot)}"


def loop_size(seq: str) -> str:
    """A loop step's length of its items: compiled, the unit template's ``_size`` (CPython's
    PyTuple_GET_SIZE: no None test and no error test where ``len`` of a typed tuple made both,
    at each of the ~17,000 steps of the move flow alone in the six games of `sgs bench --what
    instructions`), uncompiled ``len``. Sound because the items local holds flow._items' tuple
    at every step (loop_slots refuses a program where a step may be reached before its items'
    start, or an items slot set to anything else)."""
    return f"_size({seq})"


def loop_item(seq: str, i: str) -> str:
    """A loop step's item, read right after its test ``i < len(seq)``: compiled, the tuple's item
    as it is (the unit template's ``_item``, CPython's PyTuple_GET_ITEM: no bounds or wraparound
    test, no reference taken for put_slot, which takes its own; the tuple in the items local holds
    it), where ``seq[i]`` tested i twice more and took and dropped a reference; uncompiled
    ``seq[i]``. Sound because the test before it proves 0 <= i < len(seq) (i starts at 0 and
    only grows) and seq a tuple (len raised on None)."""
    return f"cython.cast(object, _item({seq}, {i}))"


def loop_load(prog: ir.Program) -> list[Code]:
    """The lines that read the loops' items and indices from their slots when the program's
    function resumes a frame (pc > 0): an index not started yet (None) is -1. A frame starting
    (pc 0: most runs; no state of a loop is state 0, its items are set before its head) has
    none started: its slots are not read (step 167b: two list reads, a type test and a
    reference taken and dropped for each items, a None test for each index, at every start)."""
    items, indices = loop_slots(prog)
    if not items and not indices:
        return []
    if prog.code and isinstance(prog.code[0], ir.Next):   # (lower.py sets the items before)
        raise ValueError(f"{prog.name}: a loop's step at state 0")
    variables = loop_vars(prog)[0]
    lines = ["if pc:   # resuming: the loops' items and indices from their slots"]
    lines += [f"    {items_local(k)} = s[{k}]" for k in items]
    lines += [f"    {index_local(k)} = -1 if s[{k}] is None else s[{k}]" for k in indices]
    # a variable, where valid, is the item its step read last (loop_vars)
    for v, (k, i) in sorted(variables.items()):
        lines += [f"    {var_local(v)} = cython.NULL", f"    if {index_local(i)} > 0:",
                  f"        {var_local(v)} = _item({items_local(k)}, {index_local(i)} - 1)"]
    lines += ["else:"]
    lines += [f"    {items_local(k)} = None" for k in items]
    lines += [f"    {index_local(k)} = -1" for k in indices]
    lines += [f"    {var_local(v)} = cython.NULL" for v in sorted(variables)]
    # no items kept at a run's start, a resumption's too (KEEP_CARDS)
    lines += [f"{kept_local(k)} = False" for k in kept_slots(prog)]
    # no origins' kinds read either (ORIGIN_KINDS)
    lines += [f"{origin_kinds_local(k)} = 0" for k in origin_kinds_slots(prog)]
    return [Code(line) for line in lines]


# ---- the states of a program's loop (decision 0084) -----------------------------------------------
# A program's function runs `while True:` over `if pc == 0: … elif pc == 1: …` (a C switch once
# compiled): each instruction is a state, and going from one to the next went back through the
# loop's test and the switch. Two kinds of state need no trip of their own, which the emitter
# leaves out (the program's behaviour, its pc at any error and at any suspension, unchanged):
# * a jump (ir.Jump, the end of a loop's body or of a branch) is followed where it is jumped to:
#   `pc = 11` where 11 is `pc = 8` writes `pc = 8` (threaded);
# * a state only its predecessor reaches by running on (no jump names it, no suspension resumes
#   at it, not the start) runs inside its predecessor's state, after `pc = n` (merged): a loop's
#   start after its items, a loop's body after its step, a branch's first instruction after its
#   test. Its own `pc == n` state is left out (nothing enters it).
# A suspending instruction's next state (a resumption's pc) is never merged: it is entered from
# the frame's pc. Running on when nothing suspended, its jump is followed, and its lines are copied
# after the suspension's test when short (RUN_ON_CHARS) or the return (f.pc stays the state's).
# Which states are threaded, merged and entered: compiler/programflow.py's program_states.
RUN_ON_CHARS = 240   # the most text of a next state copied after a suspension (_instr_lines)


def program_code(prog: ir.Program) -> list[tuple[int, list[Code]]]:
    """The program's states as (pc, lines): those entered (entered_states) or run on to, less the
    merged ones (inside their predecessor's); nothing reaches the others (a jump's own state,
    followed from everywhere; code after a jump or a return that no jump names)."""
    threaded, merged = program_states(prog)
    entered = entered_states(prog, threaded)
    code = prog.code
    _BORROWING[0] = True   # its slots borrowed by its values' calls (value_args)
    _move_local[0] = True   # its MOVE_TESTED asks take mv (move_test)
    _move_asked[0] = False
    _VARS[0] = frozenset(loop_vars(prog)[0])   # its loops' variables in C locals
    try:
        return [(n, emit_instr(ins, n, prog)) for n, ins in enumerate(code) if n not in merged
                and (n in entered or isinstance(code[n - 1], RUNS_ON))]
    finally:
        _BORROWING[0] = False
        _move_local[0] = False
        _VARS[0] = frozenset()


def move_test(prog: ir.Program) -> list[Code]:
    """The line that makes the move's test once at the start of the program's function, when
    one of its states asks a MOVE_TESTED form (its states rendered to know it, as the template
    renders them)."""
    program_code(prog)
    return [Code(f"{MOVE_TEST} = move_here(g, f)")] if _move_asked[0] else []


def emit_instr(ins, n: int, prog: ir.Program) -> list[Code]:
    return [Code(line) for line in _instr_lines(ins, n, prog)]


def _goto(t: int, prog: ir.Program, run_on: bool = True) -> list[str]:
    """Go on at state t: `pc = t` (threaded), and t's own lines when it is merged."""
    threaded, merged = program_states(prog)
    t = threaded[t]
    if t in merged:
        return [f"pc = {t}", *_instr_lines(prog.code[t], t, prog, run_on)]
    return [f"pc = {t}"]


# a value of no argument an operation's or a called program's arguments name more than once (此牌
# twice: 预使用's 从…范围中选择此牌对应的实体牌 and its 根据此牌对应的实体牌… call, ~670 calls of
# resolving.this_card in the six games of `sgs bench --what instructions`), read once into the
# local DUP before the instruction and passed as it: a value's call reads, runs no operation and
# asks nothing (value_args' contract), so its two answers are the same. Only when every argument
# before its first place is simple (slots, constants, 你, ids: nothing evaluated is moved after it)
DUP = "dup"


def _value_once(args):
    """(the line reading the first value of no argument ``args`` name more than once into DUP,
    that value) when its first place has only simple arguments before it, else ("", None)."""
    for k, a in enumerate(args):
        if not (isinstance(a, ir.PrimCall) and not a.args) or _simple(a) or a.name in _consts():
            continue
        if sum(1 for b in args if b == a) > 1 and all(_simple(b) for b in args[:k]):
            return f"{DUP} = {expr(a)}", a
        break
    return "", None


def _is_dup(a, dup) -> bool:
    return dup is not None and a == dup


def _instr_lines(ins, n: int, prog: ir.Program, run_on: bool = True) -> list[str]:
    """Instruction n's lines; ``run_on``: a suspension's next state may be copied after it (not
    inside such a copy)."""
    nxt = n + 1
    items, indices = loop_slots(prog)
    threaded, merged = program_states(prog)
    if isinstance(ins, SUSPENDS):
        once = ""
        if isinstance(ins, ir.Fire):
            subj = expr(ins.subject) if ins.subject is not None else "-1"
            call = f"{prim_ref('fire')}(g, f, {ref_of(ins.timing)}, {subj})"
        elif isinstance(ins, ir.Do):
            once, dup = _value_once(ins.call.args)
            # 此次移动的牌 passed borrowed to an operation of KEEP_CARDS (step 216b): the scratch
            # holds them while it runs, as while a value's call does (BORROWED_FORM), for it
            # writes no X_CARDS — where its owned read took a reference the call's end dropped
            keep = prim_name(ins.call.name) in KEEP_CARDS
            # its slots passed borrowed to an operation that borrows_slots (step 254a), as to a
            # value's call (value_args' rule: only its arguments' value calls run between the
            # reads and the call, step 282b): the frame's list holds them while it runs, for it
            # writes no frame's slots and runs no other frame — where s[i] took a reference its
            # end dropped
            lend = borrows_slots(prim_name(ins.call.name)) and _BORROWING[0]
            codes = arg_codes(ins.call.name, ins.call.args,
                              [DUP if _is_dup(a, dup) else _borrowed_code(a, dup)
                               if keep and _borrowed_call(a) or lend and isinstance(a, ir.SlotRef)
                               else expr(a) for a in ins.call.args], 3)
            args = call_args(ins.call.name, codes)
            call = status_code(ins.call.name,
                               f"{prim_ref(ins.call.name)}(g, f, {bool(ins.strict)}{args})")
        else:
            prog_ref = ref_var("program", _names["program"][ins.program])
            # a called program's arguments: stored in its frame's slots (flow._push_args, or a
            # tuple call makes) before anything runs, then not read again: borrowed as a value's
            once, dup = _value_once(ins.args)
            callee = f"call{len(ins.args)}" if len(ins.args) in CALL_ARITIES else "call"
            call = call_code(prog_ref, value_args(ins.args, dup, callee, 3))
        # a resumption enters at the next state with a jump there followed (never merged), and
        # so does running on; the next state's lines run here too when they are short
        # (RUN_ON_CHARS; the return always): a copy, its own state kept for the resumptions,
        # without copies of its own
        t = threaded[nxt]
        forget = () if keeps_cards(ins) else kept_slots(prog)
        variables = sorted(loop_vars(prog)[1][n])   # saved where valid
        lines = ([once] if once else []) + suspend(call, t, indices, items, forget, variables)
        if not keeps_origins(ins):   # the origins' kinds it may have made wrong
            lines += [f"{origin_kinds_local(k)} = 0" for k in origin_kinds_slots(prog)]
        if run_on and t < len(prog.code):
            body = _instr_lines(prog.code[t], t, prog, False)
            if isinstance(prog.code[t], ir.Return) or sum(map(len, body)) <= RUN_ON_CHARS:
                lines += body
        return lines
    if isinstance(ins, ir.Set) and int(ins.slot) in indices:   # a loop's start (loop_slots)
        guard = _origin_guard(n, prog)
        if guard is None:
            return [f"{index_local(ins.slot)} = 0", *_goto(nxt, prog, run_on)]
        k, kind = guard
        move_form("move_origin_kind_is")   # (mv made, the forms imported)
        _origin_kinds_used[0] = True
        seq, kinds = items_local(k), origin_kinds_local(k)
        return [f"{kinds} = {ORIGIN_KINDS}(g, f, {MOVE_TEST}, {seq}, {kinds})",
                f"{index_local(ins.slot)} = 0 if {kinds} & {1 << kind} else {loop_size(seq)}",
                *_goto(nxt, prog, run_on)]
    if isinstance(ins, ir.Set) and int(ins.slot) in items:
        k = int(ins.slot)
        # other items: their origins' kinds not read (kept ones are those read, or none: what
        # clears kept_<k> clears okinds_<k>, keeps_origins implying keeps_cards)
        forget = [f"{origin_kinds_local(k)} = 0"] if k in origin_kinds_slots(prog) else []
        if k in kept_slots(prog) and reads_moving_items(ins.value):   # read unless kept
            return [f"if not {kept_local(k)}:", f"    {items_local(k)} = {expr(ins.value)}",
                    f"    {kept_local(k)} = True", *_goto(nxt, prog, run_on)]
        if k in kept_slots(prog):
            return [f"{items_local(k)} = {expr(ins.value)}", f"{kept_local(k)} = False",
                    *forget, *_goto(nxt, prog, run_on)]
        return [f"{items_local(k)} = {expr(ins.value)}", *forget, *_goto(nxt, prog, run_on)]
    if isinstance(ins, ir.Set):
        return [f"put_slot(s, {int(ins.slot)}, {expr(ins.value)})", *_goto(nxt, prog, run_on)]
    if isinstance(ins, (ir.JumpUnless, ir.JumpUnlessExecuted)):
        cond = expr(ins.cond) if isinstance(ins, ir.JumpUnless) else f"{prim_ref('executed')}(g)"
        pre, hand = _kinds_lines(ins, n, prog)
        cond = f"({KINDS} & {KIND_BITS[ins.cond.name]})" if pre else cond
        if threaded[nxt] in merged:
            # flat (Cython copies a try's finally clause with what it refers to, recursively: an
            # if nested per merged test went past Python's recursion limit in the build)
            return [*pre, f"if not {cond}:", *hand, f"    pc = {threaded[int(ins.target)]}",
                    "    continue", *_goto(nxt, prog, run_on)]
        if hand:
            return [*pre, f"if {cond}:", f"    pc = {threaded[nxt]}", "else:", *hand,
                    f"    pc = {threaded[int(ins.target)]}"]
        return [*pre, f"pc = {threaded[nxt]} if {cond} else {threaded[int(ins.target)]}"]
    if isinstance(ins, ir.Next):
        # the items (a tuple) and the index (a C Py_ssize_t) are the program's typed locals
        # (program_locals): a C length test, a C tuple read, a C increment
        seq, i = items_local(ins.items), index_local(ins.index)
        put = f"put_slot(s, {int(ins.var)}, {loop_item(seq, i)})"
        if int(ins.var) in loop_vars(prog)[0]:   # its C local, borrowed from the items
            put = f"{var_local(ins.var)} = _item({seq}, {i})"
        if threaded[nxt] in merged:   # the body's first state run on here, flat (as JumpUnless)
            return [f"if {i} >= {loop_size(seq)}:", f"    pc = {threaded[int(ins.target)]}",
                    "    continue", put, f"{i} += 1", *_goto(nxt, prog, run_on)]
        return [f"if {i} < {loop_size(seq)}:", f"    {put}", f"    {i} += 1",
                f"    pc = {threaded[nxt]}", "else:", f"    pc = {threaded[int(ins.target)]}"]
    if isinstance(ins, ir.Jump):
        return [f"pc = {threaded[int(ins.target)]}"]
    if isinstance(ins, ir.Choose):
        return [f"pc = {py_value(tuple(threaded[int(t)] for t in ins.targets))}[f.result]"]
    if isinstance(ins, ir.Terminate):
        call = f"{prim_ref('terminate')}(g, f, {py_value(ins.target)})"
        return [f"st = {status_code('terminate', call)}", "break"]
    if isinstance(ins, ir.Return):
        return ["st = 3", "break"]
    raise TypeError(f"not an instruction: {ins!r}")


def origin_kinds_local(slot: int) -> str:
    """The C local holding the origin kinds' bits of the items local of slot ``slot`` (0: not
    read this run; ORIGIN_KINDS)."""
    return f"okinds_{int(slot)}"


def _origin_guard(n: int, prog: ir.Program):
    """(the items slot, the kind) when guarded loop start n's test is, or begins with (且), its
    variable's origin compared with a zone kind a MOVE_TESTED form asks (a program's states ask
    every such test in that form) and ORIGIN_KINDS's bits hold; else None."""
    got = guarded_loops(prog).get(n)
    if got is None:
        return None
    cond, var = got
    while isinstance(cond, ir.PrimCall) and cond.name == "and" and len(cond.args) == 2:
        cond = cond.args[0]   # the first asked: when it answers no, the test does
    moved = _moved_kind(cond)
    if moved is None or moved[0] != "move_origin_kind_is" or not move_kind_form(moved[1]) or \
            moved[1] >= 30 or not (isinstance(moved[2], ir.SlotRef) and int(moved[2].index) == var):
        return None
    return int(prog.code[n + 1].items), moved[1]


def origin_kinds_slots(prog: ir.Program) -> list[int]:
    """The items slots whose origin kinds some guarded loop start of the program reads."""
    return sorted({g[0] for n in guarded_loops(prog) if (g := _origin_guard(n, prog))})


# a card's kinds read once for two tests (step 271a; programflow.kind_pairs): the bits in KINDS,
# handed from a pair's first test to its second in KINDS_KEPT (-1: none handed)
KINDS, KINDS_KEPT = "kinds", "kinds_kept"


def _kinds_lines(ins, n: int, prog: ir.Program) -> tuple[list[str], list[str]]:
    """(the lines reading the kinds before test n, the line handing them on before its false
    jump) when n is a test of kind_pairs, else ([], [])."""
    firsts, seconds = kind_pairs(prog)
    if n not in firsts and n not in seconds:
        return [], []
    read = f"{prim_ref('card_kinds')}(g, f, {value_args(ins.cond.args)[0]})"   # as the tests
    pre = [f"{KINDS} = {read}"]
    if n in seconds:   # handed on, or read here; cleared at once (programflow's argument)
        pre = [f"{KINDS} = {KINDS_KEPT} if {KINDS_KEPT} >= 0 else {read}", f"{KINDS_KEPT} = -1"]
    return pre, [f"    {KINDS_KEPT} = {KINDS}"] if n in firsts else []


def kinds_start(prog: ir.Program) -> list[Code]:
    """The line clearing KINDS_KEPT at the start of a program's function that hands kinds on."""
    return [Code(f"{KINDS_KEPT} = -1")] if kind_pairs(prog)[0] else []


def program_locals(prog: ir.Program) -> Code:
    """The typed locals of a program's C function: pc, the status, whether its loop was left
    (the unit template's error path), the slots; and its loops' items (tuples) and indices (C
    Py_ssize_t), one of each per slot (loop_slots)."""
    items, indices = loop_slots(prog)
    out = "pc=cython.int, st=cython.int, done=cython.bint, s=list"
    out += f", {MOVE_TEST}=cython.bint" if move_test(prog) else ""
    out += "".join(f", {items_local(k)}=tuple" for k in items)
    out += "".join(f", {index_local(k)}=cython.Py_ssize_t" for k in indices)
    out += "".join(f", {kept_local(k)}=cython.bint" for k in kept_slots(prog))
    out += "".join(f", {origin_kinds_local(k)}=cython.int" for k in origin_kinds_slots(prog))
    out += "".join(f", {var_local(v)}=cython.p_void" for v in sorted(loop_vars(prog)[0]))
    out += f", {KINDS}=cython.int, {KINDS_KEPT}=cython.int" if kind_pairs(prog)[0] else ""
    return Code(out)


def _subject_code(subj: str) -> str:
    """subject_matches's `who` (an object parameter): the owner borrowed (owner_ref)."""
    return owner_ref() if subj == OWNER else subj


def skill_cond(sk: ir.Skill) -> Code:
    parts = []
    if sk.timings:
        subj = expr(sk.subject) if sk.subject is not None else OWNER
        parts.append(f"{prim_ref('subject_matches')}(g, f, {_subject_code(subj)})")
    if sk.condition is not None:
        parts.append(expr(sk.condition))
    parts.extend(expr(c) for c in sk.checks)
    return Code(" and ".join(parts) or "True")


# ---- what the runtime calls in a unit besides its programs (docs/decisions/0020) -------------
# A skill's condition and a delayed effect's timing condition are C functions of (g, owner, ev,
# t) behind the unit's Condition subclass; a card method's condition and targets and a card
# rule's condition are C functions of (g, f) behind its Reading subclass. Each is numbered in
# the unit (k: its case of the subclass's C switch), in the order of the specs.


@dataclass
class Read:
    """A value a card's rules read on a frame: one C function of (g, f) of the cards unit."""

    fn: Code     # its function's name
    body: Code   # the expression it returns
    label: Code  # what it reads (escaped: a comment)
    where: str   # the card's spec position (a SpecRuntimeError names it)


_readings: list = []   # the unit being rendered's Reads, in k order (card_readings)
_reading_k: dict = {}  # (id of the method or rule, part) -> k


def card_readings(cards) -> list:
    """The Reads of the cards' methods and rules, numbered (filled before the unit renders:
    method_cond, method_targets and card_rules name them by k)."""
    _readings.clear()
    _reading_k.clear()

    def add(obj, part, body, what):
        _reading_k[(id(obj), part)] = len(_readings)
        _readings.append(Read(Code(f"read_{stable_id(card.name + chr(0) + what)}"), Code(body),
                              Code(py_text(f"【{card.name}】 {what}")), card.where))

    for card in cards:
        for mi, m in enumerate(card.methods):
            if m.condition is not None:
                add(m, "cond", expr(m.condition), f"使用方法{mi + 1} 条件")
            if m.targets is not None:
                add(m, "targets", targets_expr(m.targets), f"使用方法{mi + 1} 使用目标")
            for k, r in enumerate(m.rules):
                parts = []
                if r.timing is not None:
                    subj = expr(r.subject) if r.subject is not None else OWNER
                    parts.append(f"{prim_ref('subject_matches')}(g, f, {_subject_code(subj)})")
                if r.condition is not None:
                    parts.append(expr(r.condition))
                if parts:
                    add(r, "cond", " and ".join(parts), f"使用方法{mi + 1} 规则{k + 1} 条件")
    return list(_readings)


# a card's 使用目标 that picks one role of a filtered group (选择一名 of 攻击范围内的…): the filter
# written as its runtime function that, when the evaluation only asks whether the card has a
# legal target (the usability scan: Targets._target_value's ``first``), may stop at the first
# legal target it finds (docs/decisions/0081); everywhere else it reads the whole group.
# (the pick, the filter) -> that function, of the filter's arguments
FIRST_OF = {("choose_one_character", "in_attack_range"): "in_attack_range_one"}

# a card's 使用目标 whose outermost role filter applies to a pick of one role (…的一名其他角色,
# its last argument: the pick, or filters of it that keep it a pick): the outermost filter written
# as its runtime function that, asked only whether there is a legal target (``first``), answers
# the pick of the first legal role that passes it (docs/decisions/0109). Only the outermost: an
# inner filter cut to one role could hide the role the outer one keeps.
# the filter -> that function, of the same arguments
FIRST_OF_FILTER = {
    "at_distance": "at_distance_one",
    "characters_with_cards_in_areas": "characters_with_cards_in_areas_one",
    "characters_with_equipment_of_category": "characters_with_equipment_of_category_one",
    "characters_with_hand": "characters_with_hand_one",
}


def _pick_of_one(e) -> bool:
    """Whether ``e`` is a pick of one role (选择一名: choose_one_character) or a filter of
    FIRST_OF_FILTER of one (a filter keeps a pick a pick of the same size, roles._regroup)."""
    if not isinstance(e, ir.PrimCall):
        return False
    if e.name == "choose_one_character":
        return True
    return e.name in FIRST_OF_FILTER and len(e.args) > 0 and _pick_of_one(e.args[-1])


def targets_expr(e) -> str:
    """A card method's 使用目标 as its reading returns it (expr), its pick of one role of a
    filter in FIRST_OF, or its outermost filter of FIRST_OF_FILTER over a pick of one, written
    with the filter's function that may stop at a first legal target."""
    if isinstance(e, ir.PrimCall) and len(e.args) == 1 and isinstance(e.args[0], ir.PrimCall) and \
            (e.name, e.args[0].name) in FIRST_OF:
        inner = e.args[0]
        fn = FIRST_OF[(e.name, inner.name)]
        args = "".join(", " + c for c in arg_codes(fn, inner.args, [expr(a) for a in inner.args]))
        return f"{prim_ref(e.name)}(g, f, {prim_ref(fn)}(g, f{args}))"
    if isinstance(e, ir.PrimCall) and e.name in FIRST_OF_FILTER and _pick_of_one(e):
        fn = FIRST_OF_FILTER[e.name]
        return f"{prim_ref(fn)}(g, f{call_args(e.name, value_args(e.args, callee=fn))})"
    return expr(e)


def _reading(obj, part) -> Code:
    k = _reading_k.get((id(obj), part))
    return Code("None" if k is None else f"_Reading({k}, table)")


def method_cond(m: ir.CardMethod) -> Code:
    """A card method's timing condition: its unit's Reading, or None."""
    return _reading(m, "cond")


def method_targets(m: ir.CardMethod) -> Code:
    """A card method's legal targets: its unit's Reading, or None."""
    return _reading(m, "targets")


def program_ops(module: ir.Module) -> dict[int, tuple]:
    """Per program id: the operations it can run, directly or through the programs it calls
    (sorted primitive names; a timing or a choice is "<fire>" / "<choose>"). Emitted for the
    status rules (锁定技 without a timing): the runtime reads one only for the queries its
    operations answer."""
    direct: dict[int, set] = {}
    calls: dict[int, set] = {}
    for prog in module.programs:
        ops, sub = set(), set()
        for ins in prog.code:
            if isinstance(ins, ir.Do):
                ops.add(ins.call.name)
            elif isinstance(ins, ir.Call):
                sub.add(ins.program)
            elif isinstance(ins, ir.Fire):
                ops.add("<fire>")
            elif isinstance(ins, ir.Choose):
                ops.add("<choose>")
        direct[prog.id], calls[prog.id] = ops, sub
    out: dict[int, tuple] = {}
    for pid in direct:
        seen, todo, ops = {pid}, [pid], set()
        while todo:
            q = todo.pop()
            ops |= direct.get(q, {"<unknown>"})
            for c in sorted(calls.get(q, ())):
                if c not in seen:
                    seen.add(c)
                    todo.append(c)
        out[pid] = tuple(sorted(ops))
    return out


def _is_owner(e, owner_slots) -> bool:
    """e is the running frame's owner (你): 你, the implied subject, or a slot a caller filled
    with it (a term's frame has its caller's owner, core.prims.call)."""
    return isinstance(e, ir.Implied) or \
        (isinstance(e, ir.PrimCall) and e.name == "owner" and not e.args) or \
        (isinstance(e, ir.SlotRef) and e.index in owner_slots)


def program_owner_args(module: ir.Module) -> dict[int, tuple]:
    """Per program id: (operation, argument index) for each argument that is the owner (你) in
    every call of that operation the program can run, directly or through the terms it calls
    (〖马术〗: ("distance_minus", 0)); a recursive call gives nothing. Emitted for the status
    rules next to ops=: a query skips a rule whose answers all name an owner other than the
    one the query asks about (a distance from A to B reads only A's and B's rules)."""
    progs = {p.id: p for p in module.programs}
    memo: dict = {}

    def visit(pid, owner_slots, active):
        key = (pid, owner_slots)
        if key in memo:
            return memo[key]
        prog = progs.get(pid)
        if prog is None or key in active:
            return None
        # a slot the program sets may no longer hold the owner
        slots = owner_slots - {ins.slot for ins in prog.code if isinstance(ins, ir.Set)} - \
            {ins.var for ins in prog.code if isinstance(ins, ir.Next)}
        out: dict[str, frozenset] = {}

        def merge(op, idxs):
            out[op] = idxs if op not in out else out[op] & idxs

        for ins in prog.code:
            if isinstance(ins, ir.Do):
                merge(ins.call.name, frozenset(i for i, a in enumerate(ins.call.args) if _is_owner(a, slots)))
            elif isinstance(ins, ir.Call):
                sub = visit(ins.program, frozenset(i for i, a in enumerate(ins.args) if _is_owner(a, slots)),
                            active | {key})
                if sub is None:
                    memo[key] = None
                    return None
                for op, idxs in sub.items():
                    merge(op, idxs)
        memo[key] = out
        return out

    result: dict[int, tuple] = {}
    for prog in module.programs:
        got = visit(prog.id, frozenset(), frozenset())
        result[prog.id] = () if got is None else \
            tuple(sorted((op, i) for op, idxs in got.items() for i in idxs))
    return result


def _frameless_reading(e):
    """How the runtime reads argument ``e`` of a status rule's one operation without a frame
    (direct_ops), or None: ("owner",) for 你, ("value", v) for a constant (a literal, or a
    constant primitive's value), (kind, name) for a name the core gives an id."""
    if _is_owner(e, frozenset()):
        return ("owner",)
    if isinstance(e, ir.Const):
        return ("value", e.value)
    if isinstance(e, ir.PrimCall) and not e.args and e.name in _consts():
        return ("value", _consts()[e.name])
    if isinstance(e, ir.Ref):
        return ref_key(e)
    return None


def direct_ops(module: ir.Module) -> dict[int, tuple]:
    """Per program id, for a program that is one operation and its end, every argument read
    without a frame (_frameless_reading): (operation, the arguments' readings). Emitted for the
    status rules (status skills, card rules): the runtime answers a query with such a rule by
    calling the operation's answer directly, when it has one, not by running the program in a
    frame (docs/decisions/0041). Derived from the code, never from a rule's name."""
    out: dict[int, tuple] = {}
    for prog in module.programs:
        code = prog.code
        if len(code) != 2 or not isinstance(code[0], ir.Do) or not isinstance(code[1], ir.Return):
            continue
        do = code[0]
        if do.optional or not isinstance(do.call, ir.PrimCall) or do.call.name in CONTROL:
            continue
        readings = tuple(_frameless_reading(a) for a in do.call.args)
        if all(r is not None for r in readings):
            out[prog.id] = (do.call.name, readings)
    return out


def card_rules(m: ir.CardMethod, ops: dict, direct: dict) -> Code:
    """A card method's rules (ir.CardRule) as a tuple of (timing name or None, kind, condition
    (its unit's Reading) or None, program name, operations, one operation[, own subject]). The
    operations (program_ops) and the one operation with its arguments' readings (direct_ops)
    only for a status rule: the runtime runs one only for the queries they can answer, and calls
    the one operation's answer without a frame; else None. Own subject, True, only for a held
    rule whose condition (card_readings) begins with subject_matches of the holder: its hidden
    skill's pre-test (Skill.own_subject); left out (False) for any other rule."""
    out = []
    for r in m.rules:
        status = r.kind == "status"
        rops = ops.get(r.program) if status else None
        one = direct.get(r.program) if status else None
        own = r.kind == "held" and r.timing is not None and subject_is_owner(r.subject)
        out.append(f"({py_value(timing_name(r.timing))}, {py_str(r.kind)}, {_reading(r, 'cond')}, "
                   f"{py_value(program_name(r.program))}, {py_value(rops)}, {py_value(one)}"
                   f"{', True' if own else ''})")
    return Code("(" + "".join(o + ", " for o in out) + ")")


def timing_name(ref):
    """A timing's name as the unit registers it (runtime_timing), or None."""
    return None if ref is None else runtime_timing(ref)


def program_name(pid):
    """A program's name by its IR id, or None."""
    return None if pid is None else _names["program"][pid]


def _printable(value):
    """Jinja's finalize: what a {{ … }} may print. Code as it is, an int as digits; a raw
    string (a name, a path) is refused: it must go through pystr, pyval or comment."""
    if isinstance(value, Code):
        return value
    if type(value) is int or type(value) is bool:
        return str(value)
    raise TypeError(f"generated code may not print a raw {type(value).__name__} ({value!r}): "
                    "use |pystr, |pyval or |comment")


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The templates' environment (made once: compiling the templates is most of a render)."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        finalize=_printable,
    )
    env.filters["pystr"] = lambda s: Code(py_str(str(s)))
    env.filters["pylist"] = lambda xs: Code(py_value(tuple(xs)))
    env.filters["pyval"] = lambda v: Code(py_value(v))
    env.filters["comment"] = lambda s: Code(py_text(str(s)))
    env.filters["emit"] = emit_instr
    env.filters["program_code"] = program_code
    env.filters["loop_load"] = loop_load
    env.filters["move_test"] = move_test
    env.filters["kinds_start"] = kinds_start
    env.filters["skill_cond"] = skill_cond
    env.filters["program_locals"] = program_locals
    env.filters["expr"] = lambda e: Code(expr(e))
    env.filters["card_names"] = skill_card_names
    env.filters["own_subject"] = skill_own_subject
    env.filters["method_cond"] = method_cond
    env.filters["method_targets"] = method_targets
    env.filters["this_card"] = method_this_card
    env.filters["method_own_subject"] = method_own_subject
    env.filters["card_rules"] = card_rules
    env.filters["prim_ref"] = lambda name: Code(prim_ref(name))
    # names as values (a literal) or as the code's identifiers (hashes of the names)
    env.filters["timing_name"] = timing_name      # a name (or None) for |pystr or |pyval
    env.filters["program_name"] = program_name
    env.filters["program_fn"] = lambda name: Code(program_fn(name))
    env.filters["where_table"] = lambda name: Code(where_table(name))
    env.filters["skill_fn"] = lambda name: Code(skill_fn(name))
    env.filters["delayed_cond_fn"] = lambda name: Code(delayed_cond_fn(name))
    env.filters["skill_ref"] = lambda name: Code(ref_var("skill", name))
    return env


class CodeTooLarge(RuntimeError):
    """The specs would make more code than MAX_INSTRUCTIONS."""


def render_units(module: ir.Module) -> dict[str, str]:
    """The generated modules: `<name>` (tables, register) and `<name>_<unit>` per unit."""
    return render_rulebook(module)[0]


def render_rulebook(module: ir.Module, reuse: dict | None = None) -> tuple[dict[str, str], dict[str, str]]:
    """The generated modules ({module name: text}: `<name>`, the tables and register, and
    `<name>_<unit>` per unit) and each unit's module name ({unit: module name}). For a unit
    whose text is the same as the one ``reuse`` gives ({unit: (module name, text)}: the units of
    the rulebook this one shares with, rulebooks.toml's ``shares``), that module, which the
    index module registers in its place (docs/decisions/0025)."""
    size = sum(len(p.code) for p in module.programs)
    if size > MAX_INSTRUCTIONS:
        by_file: dict[str, int] = {}
        for p in module.programs:
            path = p.where.rsplit(":", 2)[0]
            by_file[path] = by_file.get(path, 0) + len(p.code)
        top = max(sorted(by_file), key=lambda k: by_file[k])
        raise CodeTooLarge(f"the specs make {size:,} instructions of generated code; the limit is "
                           f"{MAX_INSTRUCTIONS:,} (the bundled specs make about 1,200). The most come "
                           f"from {py_text(top)} ({by_file[top]:,}): shorten its sentences")
    check_slots(module)
    env = environment()
    # the module's and the units' names are Python module names (`from . import
    # identity_flows`, units generals_<ASCII slug>): checked, then printed as they are; the
    # hash and the version stand in a literal and a comment
    for n in [module.name] + list(module.units):
        if not (n.isascii() and n.isidentifier()):
            raise ValueError(f"not a module name: {n!r}")
    common = dict(module=module, name=Code(module.name), version=Code(py_text(__version__)),
                  spec_hash=Code(py_text(module.spec_hash)), abi=CORE_ABI)
    _names.clear()
    _names["program"] = {p.id: p.name for p in module.programs}
    _names["timing"] = list(module.timings)
    # the timing names the runtime knows: its own and the 时机对应 aliases the index registers
    _names["runtime_timings"] = frozenset(module.timings) | {name for name, _ in module.timing_aliases}
    units = tuple(Code(u) for u in module.units)
    texts = {}
    unit_tpl = env.get_template("unit.py.j2")
    ops = program_ops(module)
    owner_args = program_owner_args(module)
    direct = direct_ops(module)
    for unit in units:
        _rooms_used.clear()
        _inlined_used.clear()
        _mv_used.clear()
        _origin_kinds_used[0] = False
        _refs.clear()
        programflow.forget()
        programs = [p for p in module.programs if p.unit == unit]
        skills = [s for s in module.skills if s.unit == unit]
        cards = module.cards if unit == "cards" else []
        # the unit's conditions, numbered: the delayed effects' timing conditions, then the
        # skills' (a skill without one has none: Skill.test holds without a call)
        delayed = [p for p in programs if p.condition is not None]
        conditioned = [sk for sk in skills if skill_cond(sk) != "True"]
        text = unit_tpl.render(
            unit=unit,
            programs=programs,
            skills=skills,
            cards=cards,
            generals=[g for g in module.generals if g.unit == unit],
            ops=ops,
            owner_args=owner_args,
            direct=direct,
            delayed=delayed,
            conditioned=conditioned,
            condition_k={**{("d", p.name): k for k, p in enumerate(delayed)},
                         **{("s", sk.name): len(delayed) + k for k, sk in enumerate(conditioned)}},
            readings=card_readings(cards),
            **common)
        text = text.replace("# @rooms@", rooms_import(_rooms_used, _inlined_used), 1)
        text = text.replace("# @ids@", ids_block(_refs), 1)
        texts[unit] = resolve_refs(text, _refs)
    modules = {}
    for unit in units:
        other = (reuse or {}).get(str(unit))
        same = other is not None and other[1] == texts[unit]
        name = other[0] if same else f"{module.name}_{unit}"
        if not (name.isascii() and name.isidentifier()):
            raise ValueError(f"not a module name: {name!r}")
        modules[unit] = Code(name)
    out = {module.name: env.get_template("module.py.j2").render(
        units=tuple((u, modules[u]) for u in units), **common)}
    for unit in units:
        out[modules[unit]] = texts[unit]
    return out, {str(u): str(m) for u, m in modules.items()}


def render_module(module: ir.Module) -> str:
    """All units in one text (tests and `sgs explain` look at the code as a whole)."""
    return "\n".join(text for _, text in sorted(render_units(module).items()))
