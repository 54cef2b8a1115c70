import sys
from pathlib import Path

from hypothesis.configuration import set_hypothesis_home_dir

ROOT = Path(__file__).resolve().parent.parent
#: What a test run leaves in the clone, in one ignored folder (.gitignore): the browser tests' screenshots and
#: figures (tests/e2e/conftest.py: ARTIFACTS) and Hypothesis's examples (its database, which replays a failure).
TEST_OUTPUT = ROOT / ".test-output"
set_hypothesis_home_dir(TEST_OUTPUT / "hypothesis")
# The checkout (dvonn_core, benchmarks), the pages' packages (web/: kernel, study, dvonn, diamonds,
# imported by their full names as on the page) and tests/ itself (helpers such as positions.py).
for path in (ROOT, ROOT / "web", ROOT / "tests"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

# tests/micropython/ holds scripts run under MicroPython by test_micropython.py, not tests.
collect_ignore = ["micropython"]
