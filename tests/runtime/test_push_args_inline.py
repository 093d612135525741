"""call1 to call4's push inline (docs/performance.md step 128a): ``flow._call_args`` pushes its
frame with ``_push_args_in``, the body ``_push_args`` (turns' phase events) calls too, which
``core/prims/pushinline.pxd`` declares always inline for gcc — a static inline function of two
callers that gcc left a call of ten arguments. The declaration names Cython's C function: if
Cython named it otherwise, gcc would read a declaration of nothing and keep the call, silently;
this holds the two names (and the signature) together in the C file as built."""
import os
import re

import pytest
from seeded_games import room_c

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")


def _read(*parts):
    with open(os.path.join(ROOT, *parts), encoding="utf-8") as f:
        return f.read()


def _decl():
    pxd = _read("core", "prims", "pushinline.pxd")
    m = re.search(r"static CYTHON_INLINE ((?:struct \w+|void) \*)(\w+)\(([^)]*)\)\s*"
                  r"__attribute__\(\(always_inline\)\);", pxd)
    assert m, "no always_inline declaration in pushinline.pxd"
    return m.group(1), m.group(2), [a.strip() for a in m.group(3).split(",")]


def test_flow_pushes_call_args_frames_with_the_inline_body():
    src = _read("core", "prims", "flow.py")
    call_args = src.split("\ndef _call_args(", 1)[1].split("\ndef ", 1)[0]
    assert "_push_args_in(g, f, cid, k, a, b, c, d, " in call_args
    assert "_push_args(g, f" not in call_args
    push_args = src.split("\ndef _push_args(", 1)[1].split("\n@cython.cfunc", 1)[0]
    assert "_push_args_in(g, f, cid, k, a, b, c, d, owner, ev)" in push_args
    assert "cimports.core.prims.pushinline import PUSH_ARGS_ALWAYS_INLINE" in src
    ret, name, args = _decl()
    assert name == "__pyx_f_4core_5prims_4flow__push_args_in" and len(args) == 10


def test_the_declaration_names_cythons_function_as_built():
    c = room_c("flow")
    ret, name, args = _decl()
    # Cython's prototype: the same name, return type and argument types
    proto = re.search(r"^static CYTHON_INLINE ((?:struct \w+|void) \*)%s\(([^)]*)\); /\*proto\*/" % name,
                      c, re.M)
    assert proto, "flow.c defines no %s" % name
    assert proto.group(1) == ret
    assert [a.strip() for a in proto.group(2).split(",")] == args
    # and the declaration comes first (gcc ignores the attribute after the definition)
    assert c.index("__attribute__((always_inline))") < proto.start()


# step 181b: _call_args itself always inline, in call1 to call4 (each copy with its k and its
# unused arguments constants); the same check of the declaration's name and signature
def _call_args_decl():
    pxd = _read("core", "prims", "pushinline.pxd")
    m = re.search(r"static CYTHON_INLINE int (__pyx_f_4core_5prims_4flow__call_args)\(([^)]*)\)\s*"
                  r"__attribute__\(\(always_inline\)\);", pxd)
    assert m, "no always_inline declaration of _call_args in pushinline.pxd"
    return m.group(1), [a.strip() for a in m.group(2).split(",")]


def test_call_args_is_declared_inline_for_call1_to_call4():
    src = _read("core", "prims", "flow.py")
    for k, names in enumerate(("a", "a, b", "a, b, c", "a, b, c, d"), 1):
        body = src.split("\ndef call%d(" % k, 1)[1].split("\ndef ", 1)[0]
        assert "return _call_args(g, f, program, %d, " % k in body, k
    name, args = _call_args_decl()
    assert len(args) == 8


def test_the_call_args_declaration_names_cythons_function_as_built():
    c = room_c("flow")
    name, args = _call_args_decl()
    proto = re.search(r"^static int %s\(([^)]*)\); /\*proto\*/" % name, c, re.M)
    assert proto, "flow.c defines no %s" % name
    assert [a.strip() for a in proto.group(1).split(",")] == args
    decl = c.index("int %s(\n" % name)
    assert decl < proto.start() and "always_inline" in c[decl:decl + 400]


# step 202a: flow._fire_first never inline (fire's one jump for an event's first timing, whose
# registers, inline, fire saved at every timing); the declaration names Cython's function, and
# gcc made fire jump to it
def test_fire_first_is_declared_noinline_and_fire_jumps_to_it():
    import subprocess
    import sysconfig

    pxd = _read("core", "prims", "pushinline.pxd")
    m = re.search(r"static int (__pyx_f_4core_5prims_4flow__fire_first)\(([^)]*)\)\s*"
                  r"__attribute__\(\(noinline\)\);", pxd)
    assert m, "no noinline declaration of _fire_first in pushinline.pxd"
    name, args = m.group(1), [a.strip() for a in m.group(2).split(",")]
    c = room_c("flow")
    proto = re.search(r"^static int %s\(([^)]*)\); /\*proto\*/" % name, c, re.M)
    assert proto, "flow.c defines no %s" % name
    assert [a.strip() for a in proto.group(1).split(",")] == args
    assert c.index("__attribute__((noinline));") < c.index("static int %s(struct" % name)
    so = os.path.join(ROOT, "core", "prims", "flow" + sysconfig.get_config_var("EXT_SUFFIX"))
    fire = "__pyx_f_4core_5prims_4flow_fire"
    out = subprocess.run(["objdump", "-d", "--disassemble=" + fire, so], capture_output=True,
                         text=True, check=True).stdout
    assert ("<%s>" % name) in out.split("<%s>:" % fire, 1)[1]   # a jump to it, not its body


# steps 202b-c: fire and _fire_first save no register (a phase's turn frame told the timing before
# the timing's tests, the spare array tested after them: nothing held through them that did not
# fit gcc's free registers); a push here is a register saved and restored at each of their calls
def test_fire_and_fire_first_save_no_register():
    import subprocess
    import sysconfig

    so = os.path.join(ROOT, "core", "prims", "flow" + sysconfig.get_config_var("EXT_SUFFIX"))
    if not os.path.exists(so):
        pytest.skip("flow is built by `sgs build`")
    for fn in ("fire", "_fire_first"):
        sym = "__pyx_f_4core_5prims_4flow_" + fn
        out = subprocess.run(["objdump", "-d", "--disassemble=" + sym, so], capture_output=True,
                             text=True, check=True).stdout
        body = [line.split("\t")[-1].split() for line in out.split("<%s>:" % sym, 1)[1].splitlines()
                if line.count("\t") >= 2]
        assert body and not [i for i in body if i[0] == "push"], fn
