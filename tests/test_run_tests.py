"""``run_tests.sh`` waits for the package manager's lock when another apt runs (issue 43, defect 13):
its ``apt_get`` is run against a stand-in ``apt-get`` that refuses the lock twice, then succeeds.  It installs
Chromium without its recommended packages (issue 56): its ``install_chromium`` against the same stand-in."""

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


def function_of_script(name: str) -> str:
    """A shell function of run_tests.sh, as written there."""
    function = subprocess.run(["sed", "-n", f"/^{name}() {{/,/^}}/p", str(SCRIPT)], capture_output=True,
                              text=True, check=True).stdout
    assert function.strip(), f"run_tests.sh has no {name} function"
    return function


def run_apt_get(tmp_path: Path, refusals: int, fail: str = "",
                command: str = "apt_get install -y chromium") -> subprocess.CompletedProcess[str]:
    """``command`` (``apt_get install chromium`` of run_tests.sh by default), with the stand-in ``apt-get``
    first on the PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "apt-get"
    fake.write_text(FAKE_APT)
    fake.chmod(0o755)
    functions = function_of_script("apt_get") + "\n" + function_of_script("install_chromium")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "STATE": str(tmp_path / "calls"), "REFUSALS": str(refusals),
           "FAIL": fail, "APT_LOCK_POLL": "0"}
    return subprocess.run(["bash", "-c", 'SUDO=""\n' + functions + "\n" + command],
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


def test_chromium_is_installed_without_its_recommended_packages(tmp_path: Path) -> None:
    done = run_apt_get(tmp_path, refusals=0, command="install_chromium")
    assert done.returncode == 0, done.stderr
    calls = [line.split() for line in (tmp_path / "calls.args").read_text().splitlines()]
    installs = [call for call in calls if "install" in call]
    assert len(installs) == 1 and "chromium" in installs[0], calls
    assert "--no-install-recommends" in installs[0]


def test_the_script_installs_chromium_through_install_chromium() -> None:
    lines = [line.strip() for line in SCRIPT.read_text().splitlines()]
    assert "install_chromium" in lines
    assert not [line for line in lines if "apt_get install" in line and "--no-install-recommends" not in line]
