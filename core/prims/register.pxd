# Declarations augmenting core/prims/register.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in register.py.

from core.prims.base cimport Rules, Tables, X_CHOSEN, X_CTX, X_IDLE, X_SUBJ, _PROBE, _sx
