"""``run_tests.sh`` waits for the package manager's lock when another apt runs (issue 43, defect 13):
its ``apt_get`` is run against a stand-in ``apt-get`` that refuses the lock twice, then succeeds."""

from __future__ import annotations

import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "run_tests.sh"

FAKE_APT = """#!/bin/sh
count=$(cat "$STATE" 2>/dev/null || echo 0)
echo $((count + 1)) > "$STATE"
echo "$*" >> "$STATE.args"
if [ "$count" -lt "$REFUSALS" ]; then
  echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 1234 (apt-get)" >&2
  exit 100
fi
if [ -n "$FAIL" ]; then echo "E: Unable to locate package nothing" >&2; exit 100; fi
exit 0
"""


def run_apt_get(tmp_path: Path, refusals: int, fail: str = "") -> subprocess.CompletedProcess[str]:
    """``apt_get install chromium`` of run_tests.sh, with the stand-in ``apt-get`` first on the PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "apt-get"
    fake.write_text(FAKE_APT)
    fake.chmod(0o755)
    function = subprocess.run(["sed", "-n", "/^apt_get() {/,/^}/p", str(SCRIPT)], capture_output=True,
                              text=True, check=True).stdout
    assert function.strip(), "run_tests.sh has no apt_get function"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "STATE": str(tmp_path / "calls"), "REFUSALS": str(refusals),
           "FAIL": fail, "APT_LOCK_POLL": "0"}
    return subprocess.run(["bash", "-c", 'SUDO=""\n' + function + "\napt_get install -y chromium"],
                          capture_output=True, text=True, env=env)


def test_apt_get_waits_while_another_apt_holds_the_lock(tmp_path: Path) -> None:
    done = run_apt_get(tmp_path, refusals=2)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "calls").read_text().strip() == "3"
    assert "waiting" in done.stderr
    assert all("DPkg::Lock::Timeout=" in line for line in (tmp_path / "calls.args").read_text().splitlines())


def test_apt_get_fails_at_once_on_another_error(tmp_path: Path) -> None:
    done = run_apt_get(tmp_path, refusals=0, fail="1")
    assert done.returncode != 0
    assert (tmp_path / "calls").read_text().strip() == "1"
    assert "Unable to locate package" in done.stderr
