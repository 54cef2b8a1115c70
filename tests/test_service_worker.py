"""The service worker (web/shared/sw.js), run by node with the browser's parts it uses stood in for: what it
precaches at install, by the connection the browser reports, and what it caches when a page first fetches it
(issue 45).  tests/e2e/test_bot_and_offline.py covers it in Chromium: offline play, and the cache on first use."""

import json
import os
import shutil
import subprocess
import tempfile

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

FILES = ["./", "./index.html", "./packs/index.pack?v=1", "./vendor/pyodide-1/boot-2.mjs"]
SNAPSHOT_START = ["./vendor/pyodide-1/snapshot-3.bin.gz", "./vendor/pyodide-1/stdlib-later-4.zip"]
PLAIN_START = ["./vendor/pyodide-1/python_stdlib.zip", "./dvonn_core/game.py?v=5"]
ON_FIRST_USE = SNAPSHOT_START + PLAIN_START + ["./dvonn/main.py?v=6"]

# The stand-ins: a cache (URL -> body), fetch (which records each URL), the worker's global scope; then the install,
# and a page's fetch of each URL given.
SCRIPT = """
import vm from "node:vm";
import fs from "node:fs";
const [source, connection, later] = [fs.readFileSync(process.argv[2], "utf8"), JSON.parse(process.argv[3]),
                                     JSON.parse(process.argv[4])];
const SCOPE = "http://site/";
const stored = new Map(), fetched = [], listeners = {};
const key = (r) => new URL(typeof r === "string" ? r : r.url, SCOPE + "sw.js").href;
const cache = { put: async (r, response) => { stored.set(key(r), await response.text()); },
                match: async (r) => (stored.has(key(r)) ? new Response(stored.get(key(r))) : undefined) };
const scope = {
  location: new URL(SCOPE + "sw.js"), navigator: { connection },
  addEventListener: (type, listener) => { listeners[type] = listener; },
  skipWaiting: async () => {}, clients: { claim: async () => {} },
  caches: { open: async () => cache, keys: async () => [], delete: async () => true },
  fetch: async (url) => { fetched.push(key(url).slice(SCOPE.length)); return new Response("body of " + key(url)); },
  URL, Response, Set, Promise, console, Error,
};
scope.self = scope;
vm.runInNewContext(source, scope);
let done;
listeners.install({ waitUntil: (promise) => { done = promise; } });
await done;
const installed = [...fetched].sort();
fetched.length = 0;
for (const url of later) {
  let answer;
  const request = { method: "GET", url: SCOPE + url.slice(2), mode: "cors" };
  listeners.fetch({ request, respondWith: (promise) => { answer = promise; } });
  await (await answer).text();
}
const cached = [...stored.keys()].map((u) => u.slice(SCOPE.length)).sort();
console.log(JSON.stringify({ installed, fetchedLater: fetched, cached }));
"""


def run(connection: str, later: "list[str]") -> dict:
    with open(os.path.join(ROOT, "web", "shared", "sw.js")) as f:
        source = f.read()
    for name, value in (("version", "test"), ("files", json.dumps(FILES)),
                        ("snapshot_start", json.dumps(SNAPSHOT_START)), ("plain_start", json.dumps(PLAIN_START)),
                        ("on_first_use", json.dumps(ON_FIRST_USE))):
        source = source.replace("{{%s}}" % name, value)
    with tempfile.TemporaryDirectory() as tmp:
        sw, script = os.path.join(tmp, "sw.js"), os.path.join(tmp, "run.mjs")
        with open(sw, "w") as f:
            f.write(source)
        with open(script, "w") as f:
            f.write(SCRIPT)
        out = subprocess.run(["node", script, sw, connection, json.dumps(later)], capture_output=True, text=True,
                             timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def bare(urls: "list[str]") -> "list[str]":
    return sorted(u[2:] for u in urls)


pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node (run_tests.sh runs on a machine with it)")


@pytest.mark.parametrize("connection", ['{"effectiveType": "4g", "saveData": false}', "null"])
def test_a_fast_connection_precaches_the_start_from_the_snapshot(connection):
    result = run(connection, [])
    assert result["installed"] == bare(FILES + SNAPSHOT_START)


@pytest.mark.parametrize("connection", ['{"saveData": true}', '{"effectiveType": "3g"}', '{"effectiveType": "2g"}'])
def test_a_slow_connection_precaches_the_start_without_it(connection):
    """Where the boot module starts Pyodide without its snapshot, the snapshot (3.8 MB) is not downloaded either."""
    result = run(connection, [])
    assert result["installed"] == bare(FILES + PLAIN_START)


def test_the_files_not_precached_are_cached_when_first_fetched():
    result = run('{"effectiveType": "4g"}', PLAIN_START + ["./dvonn/main.py?v=6", "./not-listed.txt"])
    assert result["fetchedLater"] == [u[2:] for u in PLAIN_START] + ["dvonn/main.py?v=6", "not-listed.txt"]
    # cached: the precache, and what was fetched of ON_FIRST_USE; not a file the site does not list
    assert result["cached"] == bare(FILES + SNAPSHOT_START + PLAIN_START + ["./dvonn/main.py?v=6"])
    again = run('{"effectiveType": "4g"}', FILES[1:])  # precached files come from the cache, not the network
    assert again["fetchedLater"] == []
