# The generated programs' slot write (docs/performance.md, step 16): `put_slot(s, i, v)` is
# `s[i] = v` for the list of a frame's slots, compiled as a C macro (no call, no type dispatch,
# no bounds test). Sound because the index is one of the frame's slots: a program's frame has its
# program's nslots slots (Game.new_frame, Flow._push_prog), and compiler.emit.check_slots refuses
# at compile time any program whose code uses an index at or above its nslots
# (tests/backend/test_slots.py reads every rulebook's emitted code for it). The rooms write a
# frame's scratch with it at an X_* index: base._sx gives a list of NX slots or raises.
# Uncompiled, the units and the rooms use base.put_slot, the plain list store. A declaration
# only: no module of this name exists.
cdef extern from *:
    """
    #define sgs_put_slot(s, i, v) do { PyObject *sgs_old_ = PyList_GET_ITEM((s), (i)); \
        Py_INCREF((v)); PyList_SET_ITEM((s), (i), (v)); Py_DECREF(sgs_old_); } while (0)
    """
    void put_slot "sgs_put_slot"(list s, Py_ssize_t i, object v)
