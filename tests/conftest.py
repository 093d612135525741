import sys
from pathlib import Path

# the repository root on sys.path, so `compiler`, `core`, `generated` import from the checkout
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
