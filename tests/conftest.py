import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The checkout (dvonn_core, benchmarks) and tests/ itself (helpers such as positions.py).
for path in (ROOT, ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

# tests/micropython/ holds scripts run under MicroPython by test_micropython.py, not tests.
collect_ignore = ["micropython"]
