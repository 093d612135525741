# Declarations augmenting core/prims/invariants.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in invariants.py.

from core.prims.base cimport _state
