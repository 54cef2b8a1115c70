#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian 12 machine, then run them all:
# unit and property tests, the MicroPython portability check and the browser tests.
#   bash run_tests.sh [extra pytest arguments]
set -euo pipefail
cd "$(dirname "$0")"

SUDO=""
if [ "$(id -u)" != 0 ] && command -v sudo >/dev/null; then SUDO=sudo; fi

# Debian's Chromium drives the browser tests (Playwright cannot download browsers here).
if [ ! -x /usr/bin/chromium ]; then
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
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
