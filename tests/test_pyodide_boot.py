"""The bot worker's Pyodide loader (web/shared/pyodide_boot.mjs): it starts Pyodide from the build's
memory snapshot, falls back to a plain start when the snapshot cannot be used, and skips the snapshot
(2.9 MB more to download) on a connection the browser reports as slow, or with data saving on.  Started
from the snapshot, the worker has its modules imported already; started without it, the loader writes
the worker's files into Pyodide's file system itself (PyScript's config no longer lists them).

The module runs under Node with Pyodide's ``loadPyodide`` replaced by a stand-in that records its
options (and, like Pyodide, fails when the snapshot it is given fails); the browser tests
(tests/e2e/test_bot_and_offline.py) cover the real start with and without the snapshot.
"""

import base64
import json
import os
import shutil
import struct
import subprocess
import tempfile

import pytest

from sitebuild.vendor import compress_snapshot

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

STAND_IN = """
const calls = [];
const written = {};
const load = async (options) => {
  calls.push({ snapshot: "_loadSnapshot" in options, indexURL: options.indexURL, stdLibURL: options.stdLibURL,
               env: options.env });
  // Pyodide fetches its module first, then waits for the snapshot (and fails when the snapshot does).
  const module = await fetch(new URL("pyodide.asm.wasm", options.indexURL));
  if (!module.ok) throw new Error("no module");
  await module.arrayBuffer();
  if (options._loadSnapshot) calls.at(-1).memory = Array.from(await options._loadSnapshot);
  const FS = { cwd: () => "/home/pyodide", mkdirTree: () => {},
               writeFile: (path, data) => { written[path] = new TextDecoder().decode(data); } };
  return { runPython: () => 42, FS };
};
globalThis.written = written;
const version = "test";
globalThis.bootCalls = calls;
"""

# The stand-in's Pyodide: a module of two active data segments (at addresses 4 and 9) and its snapshot, stored as the
# build stores it (tools/pyodide_snapshot.mjs, sitebuild/vendor.py): a 16-byte header whose second word is its
# length, then the memory from address 0 with the segments XOR-ed out, compressed with Zstandard.  MEMORY is the
# interpreter's memory as Pyodide must receive it.
SEGMENTS = [(4, [1, 2, 3, 4]), (9, [200, 201])]
MEMORY = [0, 0, 0, 0, 1, 2, 3, 5, 0, 200, 7, 0, 0, 0, 0, 0]


def stored_snapshot() -> bytes:
    stored = bytearray(struct.pack("<4I", 0x706E7300, 16, 0, 0) + bytes(MEMORY))
    for at, data in SEGMENTS:
        for i, b in enumerate(data):
            stored[16 + at + i] ^= b
    return compress_snapshot(bytes(stored))


SCRIPT = """
globalThis.navigator = { connection: %s };
const MODULE = [0, 97, 115, 109, 1, 0, 0, 0, 11, 14, 2, 0, 65, 4, 11, 4, 1, 2, 3, 4, 0, 65, 9, 11, 2, 200, 201];
const MEMORY = %s;
const stored = Buffer.from("%s", "base64");
const fetched = [];
globalThis.fetch = async (url) => {
  fetched.push(String(url));
  if (String(url).includes(".py")) return new Response("# " + String(url).split("/").pop());
  if (String(url).endsWith(".wasm")) return new Response(new Uint8Array(MODULE));
  return %s;
};
const boot = await import(%s);
const py = await boot.loadPyodide({ indexURL: "elsewhere/", env: { HOME: "/home/pyodide" } });
console.log(JSON.stringify({ start: globalThis.dvonnPyodideStart, calls: globalThis.bootCalls, memory: MEMORY,
                             answer: py.runPython("6 * 7"), written: globalThis.written, fetched,
                             fetchRestored: !String(globalThis.fetch).includes("WASM_URL") }));
"""


#: What the stand-in's fetch answers for the snapshot.
SNAPSHOT_ANSWERS = {"found": "new Response(stored)", "missing": 'new Response("gone", { status: 404 })',
                    "corrupt": "new Response(stored.subarray(0, stored.length - 9))"}


def run_boot(connection: str, snapshot: str) -> dict:
    with open(os.path.join(ROOT, "web", "shared", "pyodide_boot.mjs")) as f:
        source = f.read()
    source = source.replace("{{pyodide_snapshot}}", "snapshot-test.bin.zst")
    source = source.replace("{{fzstd}}", "fzstd.mjs")
    source = source.replace("{{pyodide_files}}", json.dumps(FILES))
    source = source.replace("{{wasm_data}}", "wasm_data.mjs")
    source = source.replace("{{pyodide_stdlib_later}}", "stdlib-later-test.zip")
    import_line = 'import { loadPyodide as load, version } from "./pyodide.mjs";'
    assert import_line in source
    source = source.replace(import_line, STAND_IN)
    with tempfile.TemporaryDirectory() as tmp:
        module = os.path.join(tmp, "boot.mjs")
        shutil.copy(os.path.join(ROOT, "web", "shared", "wasm_data.mjs"), tmp)
        shutil.copy(os.path.join(ROOT, "node_modules", "fzstd", "esm", "index.mjs"), os.path.join(tmp, "fzstd.mjs"))
        with open(module, "w") as f:
            f.write(source)
        script = os.path.join(tmp, "run.mjs")
        with open(script, "w") as f:
            f.write(SCRIPT % (connection, json.dumps(MEMORY), base64.b64encode(stored_snapshot()).decode(),
                              SNAPSHOT_ANSWERS[snapshot], json.dumps("file://" + module)))
        out = subprocess.run(["node", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


#: The worker's files as build.py gives them to the boot module: FS path -> URL relative to the module.
FILES = {"./dvonn_core/__init__.py": "../../dvonn_core/__init__.py?v=1",
         "./kernel/bot_worker.py": "../../kernel/bot_worker.py?v=2"}
WRITTEN = {"/home/pyodide/dvonn_core/__init__.py": "# __init__.py?v=1",
           "/home/pyodide/kernel/bot_worker.py": "# bot_worker.py?v=2"}


pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node (run_tests.sh runs on a machine with it)")


def optimized(result: dict) -> bool:
    """Every start runs Python with -OO, as the snapshot was taken, and keeps the caller's environment."""
    return all(c["env"] == {"HOME": "/home/pyodide", "PYTHONOPTIMIZE": "2"} for c in result["calls"])


def wasm_fetches(result: dict) -> int:
    return sum(u.endswith("pyodide.asm.wasm") for u in result["fetched"])


def test_a_fast_connection_starts_from_the_snapshot():
    result = run_boot('{ effectiveType: "4g", saveData: false }', snapshot="found")
    assert result["start"] == "snapshot" and result["answer"] == 42
    assert [c["snapshot"] for c in result["calls"]] == [True] and optimized(result)
    # the module's data segments XOR-ed back into the memory: Pyodide gets the snapshot as it was taken
    assert result["calls"][0]["memory"][16:] == result["memory"]
    assert result["calls"][0]["memory"][:8] == [0, 0x73, 0x6E, 0x70, 16, 0, 0, 0]
    # one download of the module for both: the boot module hands its response to Pyodide, then lets fetch be
    assert wasm_fetches(result) == 1 and result["fetchRestored"]
    # the standard library the snapshot has not imported, from the zip made for it (beside the boot module)
    assert result["calls"][0]["stdLibURL"].endswith("/stdlib-later-test.zip")
    # the snapshot has the worker's modules imported: none of its files is fetched
    assert result["written"] == {} and not [u for u in result["fetched"] if ".py" in u]
    # Pyodide's own folder, wherever the caller thinks it is (PyScript passes its own indexURL).
    assert result["calls"][0]["indexURL"].endswith("/") and "elsewhere" not in result["calls"][0]["indexURL"]


def test_a_snapshot_that_cannot_be_decoded_only_costs_time():
    result = run_boot('{ effectiveType: "4g" }', snapshot="corrupt")
    assert result["start"].startswith("without the snapshot: ")
    assert [c["snapshot"] for c in result["calls"]] == [True, False] and result["answer"] == 42
    assert result["written"] == WRITTEN


def test_no_connection_information_also_uses_the_snapshot():
    assert run_boot("undefined", snapshot="found")["start"] == "snapshot"


def test_a_missing_snapshot_only_costs_time():
    result = run_boot('{ effectiveType: "4g" }', snapshot="missing")
    assert result["start"].startswith("without the snapshot: ") and "404" in result["start"]
    assert [c["snapshot"] for c in result["calls"]] == [True, False] and optimized(result)
    assert result["answer"] == 42
    assert wasm_fetches(result) == 2 and result["fetchRestored"]  # the second start fetches it anew
    assert "stdLibURL" not in result["calls"][1]  # Pyodide's own zip: the whole (trimmed) standard library
    assert result["written"] == WRITTEN  # the worker's files, where the snapshot would have had them imported
    assert sorted(u.split("/")[-2] for u in result["fetched"] if ".py" in u) == ["dvonn_core", "kernel"]


@pytest.mark.parametrize("connection", ['{ saveData: true }', '{ effectiveType: "3g" }', '{ effectiveType: "2g" }',
                                        '{ effectiveType: "slow-2g" }'])
def test_a_slow_connection_or_data_saving_starts_without_the_snapshot(connection):
    result = run_boot(connection, snapshot="found")
    assert result["start"] == "without the snapshot: slow connection or data saving"
    assert [c["snapshot"] for c in result["calls"]] == [False] and optimized(result)
    assert result["answer"] == 42
    assert result["written"] == WRITTEN
    assert wasm_fetches(result) == 1  # Pyodide's own fetch: the boot module does not fetch the module
    assert "stdLibURL" not in result["calls"][0]
