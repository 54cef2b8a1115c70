"""The service worker (web/shared/sw.js), run by node with the browser's parts it uses stood in for: what it
precaches at install, by the connection the browser reports and the languages of the open pages, what it caches
when a page first fetches it, and a page of a language not cached, online and offline (issue 45).
tests/e2e/test_bot_and_offline.py covers it in Chromium: offline play, and the cache on first use;
tests/e2e/test_languages.py: a language opened online, then offline."""

import json
import os
import shutil
import subprocess
import tempfile

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

FILES = ["./embedding.html", "./packs/index.pack?v=1", "./vendor/pyodide-1/boot-2.mjs"]
FOLDERS = {"en": "./", "de": "./de/", "fr": "./fr/"}
PAGES = {language: [folder] + [folder + name for name in ("embed.html", "index.html", "rules.html")]
         for language, folder in FOLDERS.items()}
SNAPSHOT_START = ["./vendor/pyodide-1/snapshot-3.bin.gz", "./vendor/pyodide-1/stdlib-later-4.zip"]
PLAIN_START = ["./vendor/pyodide-1/python_stdlib.zip", "./dvonn_core/game.py?v=5"]
ON_FIRST_USE = SNAPSHOT_START + PLAIN_START + ["./dvonn/main.py?v=6"]

# The stand-ins: the caches (each URL -> body), fetch (which records each URL, and fails offline), the window clients,
# the worker's global scope; then the install, the activation, and a page's fetch of each request given (a URL, or
# {"url", "navigate": a navigation, "offline": the network off}), with what the worker did meanwhile (waitUntil).
SCRIPT = """
import vm from "node:vm";
import fs from "node:fs";
const [source, connection, windows, old, later] = [fs.readFileSync(process.argv[2], "utf8"),
  ...process.argv.slice(3).map((arg) => JSON.parse(arg))];
const SCOPE = "http://site/";
const caches = new Map(), fetched = [], listeners = {}, matchAll = [];
let offline = false;
const key = (r) => new URL(typeof r === "string" ? r : r.url, SCOPE + "sw.js").href;
const bare = (url, options) => (options && options.ignoreSearch ? url.split("?")[0] : url);
function open(name) {
  if (!caches.has(name)) {
    const stored = new Map();
    caches.set(name, {
      stored,
      put: async (r, response) => { stored.set(key(r), await response.text()); },
      match: async (r, options) => {
        const found = [...stored.keys()].find((url) => bare(url, options) === bare(key(r), options));
        return found === undefined ? undefined : new Response(stored.get(found));
      },
    });
  }
  return caches.get(name);
}
for (const url of old) await open("dvonn-old").put(url, new Response("old body of " + key(url)));
const scope = {
  location: new URL(SCOPE + "sw.js"), navigator: { connection },
  addEventListener: (type, listener) => { listeners[type] = listener; },
  skipWaiting: async () => {},
  clients: { claim: async () => {},
             matchAll: async (options) => {
               matchAll.push(options);
               return windows.map((url) => ({ url: key(url) }));
             } },
  caches: {
    open: async (name) => open(name), keys: async () => [...caches.keys()],
    delete: async (name) => caches.delete(name),
    match: async (r) => { for (const c of caches.values()) { const hit = await c.match(r); if (hit) return hit; } },
  },
  fetch: async (r) => {
    if (offline) throw new TypeError("Failed to fetch");
    fetched.push(key(r).slice(SCOPE.length));
    return new Response("body of " + key(r));
  },
  URL, Response, Map, Set, Promise, console, Error, TypeError, Object,
};
scope.self = scope;
vm.runInNewContext(source, scope);
let done;
listeners.install({ waitUntil: (promise) => { done = promise; } });
await done;
const installed = [...fetched].sort();
listeners.activate({ waitUntil: (promise) => { done = promise; } });
await done;
fetched.length = 0;
const answers = [];
for (const step of later) {
  const { url, navigate, offline: off } = typeof step === "string" ? { url: step } : step;
  offline = !!off;
  let answer;
  const background = [];
  const request = { method: "GET", url: SCOPE + url.slice(2), mode: navigate ? "navigate" : "cors" };
  listeners.fetch({ request, respondWith: (promise) => { answer = promise; },
                    waitUntil: (promise) => { background.push(promise); } });
  try {
    const response = await answer;
    answers.push({ status: response.status, location: response.headers.get("location"), body: await response.text() });
  } catch (error) {
    answers.push({ error: String(error) });
  }
  await Promise.all(background);
}
const cached = [...open("dvonn-test").stored.keys()].map((u) => u.slice(SCOPE.length)).sort();
console.log(JSON.stringify({ installed, fetchedLater: fetched, cached, answers, matchAll,
                             caches: [...caches.keys()] }));
"""


def run(connection: str, later: "list[str | dict]", windows: "tuple[str, ...]" = (),
        old: "tuple[str, ...]" = ()) -> dict:
    """sw.js run with the given stand-ins: ``windows``, the addresses of the site's open pages; ``old``, what the
    cache of the version before holds."""
    with open(os.path.join(ROOT, "web", "shared", "sw.js")) as f:
        source = f.read()
    for name, value in (("version", "test"), ("files", json.dumps(FILES)), ("source", "en"),
                        ("folders", json.dumps(FOLDERS)), ("pages", json.dumps(PAGES)),
                        ("snapshot_start", json.dumps(SNAPSHOT_START)), ("plain_start", json.dumps(PLAIN_START)),
                        ("on_first_use", json.dumps(ON_FIRST_USE))):
        source = source.replace("{{%s}}" % name, value)
    assert "{{" not in source
    with tempfile.TemporaryDirectory() as tmp:
        sw, script = os.path.join(tmp, "sw.js"), os.path.join(tmp, "run.mjs")
        with open(sw, "w") as f:
            f.write(source)
        with open(script, "w") as f:
            f.write(SCRIPT)
        out = subprocess.run(["node", script, sw, connection, json.dumps(list(windows)), json.dumps(list(old)),
                              json.dumps(later)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def bare(urls: "list[str]") -> "list[str]":
    return sorted(u[2:] for u in urls)


pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node (run_tests.sh runs on a machine with it)")


@pytest.mark.parametrize("connection", ['{"effectiveType": "4g", "saveData": false}', "null"])
def test_a_fast_connection_precaches_the_start_from_the_snapshot(connection):
    result = run(connection, [])
    assert result["installed"] == bare(FILES + SNAPSHOT_START + PAGES["en"])


@pytest.mark.parametrize("connection", ['{"saveData": true}', '{"effectiveType": "3g"}', '{"effectiveType": "2g"}'])
def test_a_slow_connection_precaches_the_start_without_it(connection):
    """Where the boot module starts Pyodide without its snapshot, the snapshot (3.8 MB) is not downloaded either."""
    result = run(connection, [])
    assert result["installed"] == bare(FILES + PLAIN_START + PAGES["en"])


def test_the_files_not_precached_are_cached_when_first_fetched():
    result = run('{"effectiveType": "4g"}', PLAIN_START + ["./dvonn/main.py?v=6", "./not-listed.txt"])
    assert result["fetchedLater"] == [u[2:] for u in PLAIN_START] + ["dvonn/main.py?v=6", "not-listed.txt"]
    # cached: the precache, and what was fetched of ON_FIRST_USE; not a file the site does not list
    assert result["cached"] == bare(FILES + PAGES["en"] + SNAPSHOT_START + PLAIN_START + ["./dvonn/main.py?v=6"])
    again = run('{"effectiveType": "4g"}', FILES + PAGES["en"])  # precached files come from the cache, not the network
    assert again["fetchedLater"] == []


FAST = '{"effectiveType": "4g"}'


def navigate(url: str, offline: bool = False) -> dict:
    return {"url": url, "navigate": True, "offline": offline}


def test_the_install_precaches_the_pages_of_the_open_pages_languages():
    """The page that registered the worker is one of the window clients, controlled or not yet."""
    result = run(FAST, [], windows=("./de/rules.html#x", "./embedding.html"))
    assert result["matchAll"] == [{"type": "window", "includeUncontrolled": True}]
    assert result["installed"] == bare(FILES + SNAPSHOT_START + PAGES["de"])
    assert not any(u.startswith(("fr/", "rules.html", "index.html")) for u in result["installed"])
    both = run(FAST, [], windows=("./fr/", "./de/embed.html?position=x"))
    assert both["installed"] == bare(FILES + SNAPSHOT_START + PAGES["de"] + PAGES["fr"])


@pytest.mark.parametrize("windows", [(), ("./embedding.html",), ("./elsewhere.html",)])
def test_with_no_open_page_in_a_language_the_install_precaches_english(windows):
    result = run(FAST, [], windows=windows)
    assert result["installed"] == bare(FILES + SNAPSHOT_START + PAGES["en"])


def test_the_languages_the_version_before_cached_stay_cached():
    result = run(FAST, [], windows=("./de/",), old=["./fr/", "./fr/rules.html"])
    assert result["installed"] == bare(FILES + SNAPSHOT_START + PAGES["de"] + PAGES["fr"])
    assert result["caches"] == ["dvonn-test"]  # the old cache deleted on activation


def test_a_page_of_another_language_opened_online_caches_its_language():
    result = run(FAST, [navigate("./fr/rules.html"), navigate("./fr/embed.html?position=x", offline=True),
                        navigate("./fr/", offline=True)], windows=("./index.html",))
    first, embed, index = result["answers"]
    assert first == {"status": 200, "location": None, "body": "body of http://site/fr/rules.html"}
    # the page, then its language's pages (the page again: revalidated, from the HTTP cache)
    assert result["fetchedLater"] == ["fr/rules.html"] + [u[2:] for u in PAGES["fr"]]
    assert result["cached"] == bare(FILES + SNAPSHOT_START + PAGES["en"] + PAGES["fr"])
    assert embed["body"] == "body of http://site/fr/embed.html" and index["body"] == "body of http://site/fr/"


def test_a_page_of_a_cached_language_comes_from_the_cache():
    result = run(FAST, [navigate("./de/embed.html?position=x"), navigate("./de/rules.html")], windows=("./de/",))
    assert result["fetchedLater"] == []
    assert [a["body"] for a in result["answers"]] == ["body of http://site/de/embed.html",
                                                      "body of http://site/de/rules.html"]


def test_offline_a_page_of_a_language_not_cached_is_the_same_page_in_a_cached_one():
    """A redirect, with the page's query: the page's relative addresses then resolve from its own folder."""
    german = run(FAST, [navigate("./fr/embed.html?position=x", offline=True), navigate("./fr/", offline=True),
                        navigate("./index.html", offline=True)], windows=("./de/index.html",))
    assert [(a["status"], a["location"]) for a in german["answers"]] == [
        (302, "http://site/de/embed.html?position=x"), (302, "http://site/de/"), (302, "http://site/de/index.html")]
    # English first when it is cached
    both = run(FAST, [navigate("./fr/rules.html", offline=True)], windows=("./de/", "./"))
    assert both["answers"][0]["location"] == "http://site/rules.html"
    assert both["fetchedLater"] == [] and "fr/rules.html" not in both["cached"]


def test_offline_an_address_not_cached_is_the_index_or_a_failure():
    result = run(FAST, [navigate("./missing.html?x=1", offline=True), {"url": "./missing.txt", "offline": True},
                        navigate("./missing.html")], windows=("./de/",))
    missing, file, online = result["answers"]
    assert (missing["status"], missing["location"]) == (302, "http://site/de/")
    assert "Failed to fetch" in file["error"]
    assert online["body"] == "body of http://site/missing.html"  # online, the network's answer
    assert result["cached"] == bare(FILES + SNAPSHOT_START + PAGES["de"])
