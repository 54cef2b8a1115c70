import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The checkout (dvonn_core, benchmarks), the pages' packages (web/: kernel, study, dvonn, diamonds,
# imported by their full names as on the page) and tests/ itself (helpers such as positions.py).
for path in (ROOT, ROOT / "web", ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

# tests/micropython/ holds scripts run under MicroPython by test_micropython.py, not tests.
collect_ignore = ["micropython"]
