# Declarations augmenting core/prims/judgement.py (Cython pure-Python mode, like engine.pxd): its
# cpdef functions are C calls from this room, from the rooms that cimport it and from the generated
# units. Keep a declaration's argument names and defaults (=*) in step with the def in judgement.py.

from core.engine cimport Game, Frame
from core.prims.base cimport X_CHOSEN, X_JCARD, X_JUDGE, X_TMP, _Sw, _done, _is_event, _pushed
# primitives generated code calls at every use, need, move or turn (decision 0028)
# the 判定 frame a judge-card primitive reads: f's fields as C reads
cpdef Frame _judge_frame(Game g, Frame f)
cpdef object judge_card(Game g, Frame f, object who=*)
cpdef object judge_result(Game g, Frame f)

# the events it tests frames for (base's EVI_*), imported from base as C ints
cdef int EVI_JUDGE, EVI_PINDIAN
# … and the primitives generated code called by name (P.<name>: a module attribute lookup and a
# Python call each) ten times or more in `sgs bench --what instructions`' six games (step 82)
cpdef object set_judge_card(Game g, Frame f, object strict, object who, object cs)
cpdef object fix_judge_result(Game g, Frame f, object strict)
# step 98b: the primitives the units still called by name (P.<name>) three times or more in
# `sgs bench --what instructions`' six games after steps 82-83
cpdef object replace_judge_card(Game g, Frame f, object strict, object who, object cards, object old)
