#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian 12 machine, then run them all:
# unit and property tests, the MicroPython portability check and the browser tests.
#   bash run_tests.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

# apt-get, waiting while another apt or dpkg holds the package manager's locks (up to ten
# minutes) instead of failing at once.  apt waits for the dpkg lock itself (DPkg::Lock::Timeout);
# "apt-get update" does not wait for the lists' lock, so a refused lock is tried again.
apt_get() {
  local waited=0 log
  log=$(mktemp)
  until $SUDO env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 "$@" 2>"$log"; do
    if grep -q -e "Could not get lock" -e "Unable to lock" -e "Unable to acquire" "$log" && [ "$waited" -lt 600 ]; then
      [ "$waited" = 0 ] && echo "run_tests.sh: another apt holds the package lock; waiting for it" >&2
      sleep "${APT_LOCK_POLL:-5}"
      waited=$((waited + ${APT_LOCK_POLL:-5}))
    else
      cat "$log" >&2
      rm -f "$log"
      return 1
    fi
  done
  rm -f "$log"
}

# Debian's Chromium drives the browser tests (Playwright cannot download browsers here).  Installing it
# needs root, or sudo.  Without its recommended packages (udev, upower, avahi, CUPS and Samba's libraries,
# Mesa's GL drivers, the Liberation fonts: about 160 of 400 packages on an empty Debian 12): the tests run it
# headless with the GPU off and need no printer, network discovery or power daemon, and its fonts are the
# DejaVu fonts fontconfig depends on.
install_chromium() {
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends chromium >/dev/null
}
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" != 0 ] && [ -z "$SUDO" ]; then
    echo "run_tests.sh: installing chromium needs root or sudo: apt-get install --no-install-recommends chromium" >&2
    exit 1
  fi
  install_chromium
fi

# Pinned test tools (requirements-dev.txt) and the pinned web runtimes (package-lock.json).
python3 -m pip install -q --disable-pip-version-check -r requirements-dev.txt
if [ ! -d node_modules/@pyscript/core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

set +e
python3 -m pytest "$@"
status=$?
set -e
if [ "$status" = 5 ]; then
  echo "run_tests.sh: pytest collected no tests" >&2
  exit 1
fi
exit "$status"
