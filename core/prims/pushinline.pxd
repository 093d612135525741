# flow._push_args_in (the push of call1 to call4's frame) always inline: a static inline function
# of two callers (_call_args, _push_args) that gcc left a call of ten arguments at -O2 (its
# registers saved and restored, four arguments on the stack at each of ~7,800 pushes). A
# declaration before Cython's definition, with gcc's attribute; flow.py alone cimports this file
# (compiled), so no other module reads it. A declaration file only (no module of this name).
# It returns the pushed frame borrowed (void *: flow.py's cast; NULL with an error set).
# flow._call_args always inline too (step 181b), in each of call1 to call4: each call's copy
# with its k and its unused arguments (None) constants, so that gcc drops the tests of the
# arguments it does not pass and the slot fill's branches by k, and the call of eight arguments
# (two on the stack) between callN and _call_args, its prologue and its epilogue (~8,100 calls in
# the six games). Its pointer (flow.pxd's declaration, the module's C API) keeps a copy of it
cdef extern from *:
    """
    #ifdef __PYX_HAVE__core__prims__flow
    struct __pyx_obj_4core_6engine_Game;
    struct __pyx_obj_4core_6engine_Frame;
    static CYTHON_INLINE void *__pyx_f_4core_5prims_4flow__push_args_in(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int,
        Py_ssize_t, PyObject *, PyObject *, PyObject *, PyObject *, int,
        struct __pyx_obj_4core_6engine_Frame *) __attribute__((always_inline));
    static CYTHON_INLINE int __pyx_f_4core_5prims_4flow__call_args(
        struct __pyx_obj_4core_6engine_Game *, struct __pyx_obj_4core_6engine_Frame *, int, int,
        PyObject *, PyObject *, PyObject *, PyObject *) __attribute__((always_inline));
    #endif
    #define SGS_PUSH_ARGS_ALWAYS_INLINE 1
    """
    const bint PUSH_ARGS_ALWAYS_INLINE "SGS_PUSH_ARGS_ALWAYS_INLINE"
# A game or a frame the caller passes that is not None (step 188a), told to gcc: fire, _fire_first,
# _fire and _call_args (call1 to call4) are C functions (flow.pxd: cdef) whose C callers, the
# units and the rooms, pass their game and their running frame, and whose Python entries
# (flow.py's _fire_entry, _call1_entry … _call4_entry) refuse None; gcc then drops the tests of
# None of fire's quiet path (fast.pxd) and of nonecheck in them (~2 instructions a test, ~30,700
# timings and ~8,100 calls of the six games). A None there would be undefined behaviour, as a C
# caller's None was for the quiet path's other reads
cdef extern from *:
    """
    #define sgs_given(o) do { if ((PyObject *)(o) == Py_None) __builtin_unreachable(); } while (0)
    """
    void given "sgs_given"(object o) noexcept
