"""python -m compiler.rulings [TITLE-SUBSTRING]"""
from .driver import main

raise SystemExit(main())
