// The bot worker's Pyodide (PyScript imports this as the worker's interpreter): Pyodide's own
// loadPyodide, started from a memory snapshot of an interpreter that has already run Python's
// start-up (written by build.py with tools/pyodide_snapshot.mjs), which saves seconds of CPU
// before the bot is ready (issue 12).  If the snapshot cannot be used, Pyodide starts as usual.
import { loadPyodide as load, version } from "./pyodide.mjs";
import { initialMemory, snapshotMemoryStart, xorImage } from "./{{wasm_data}}";

export { version };

// build.py writes this module into Pyodide's folder (vendor/pyodide-<version>/).
const INDEX_URL = new URL("./", import.meta.url).href;
const SNAPSHOT_URL = new URL("./{{pyodide_snapshot}}", import.meta.url).href;
const WASM_URL = new URL("./pyodide.asm.wasm", import.meta.url).href;
// With the snapshot, the standard library zip holds only what the snapshot has not imported (build.py:
// sitebuild/stdlib.py later); a start without it reads Pyodide's python_stdlib.zip (trimmed) as usual.
const STDLIB_LATER_URL = new URL("./{{pyodide_stdlib_later}}", import.meta.url).href;
// The worker's Python files (FS path -> URL relative to this module; filled in by build.py).  The snapshot's
// file system has them already, so PyScript's config does not list them (it would fetch them all again
// before the worker's script runs); a start without the snapshot fetches and writes them here.
const FILES = {{pyodide_files}};
// Pyodide's WebAssembly trampoline for calls through Python's function pointers (copied by build.py
// from pyodide.asm.mjs, where Pyodide builds it at every start).
const TRAMPOLINE = "{{pyodide_trampoline}}";

// The snapshot is stored with pyodide.asm.wasm's data segments XOR-ed out of its memory (1.5 MB less to
// download: web/shared/wasm_data.mjs); they are put back from the module's initial memory (`image`, worked
// out from its bytes while the snapshot is still coming).  It is compressed with Zstandard (2.9 MB, against
// 3.8 MB gzip), which browsers do not decode themselves: fzstd does, in one call that writes into one buffer of
// the size the frame records (its streaming decoder moves its whole window at every block: far slower).
async function snapshot(image) {
  const decoder = import("./{{fzstd}}");
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL}: ${response.status}`);
  const compressed = new Uint8Array(await response.arrayBuffer());
  const bytes = (await decoder).decompress(compressed);
  return xorImage(bytes, await image, snapshotMemoryStart(bytes, SNAPSHOT_URL));
}

// One download of pyodide.asm.wasm for Pyodide and the snapshot: the boot module fetches it, reads a copy
// (Response.clone: the same transfer), and hands the response to Pyodide when Pyodide fetches it, until
// `done` is called.  Returns the module's bytes (a promise) and `done`.
function shareWasm() {
  const fetchAsBefore = globalThis.fetch;
  const response = fetchAsBefore.call(globalThis, WASM_URL, { credentials: "same-origin" });
  const bytes = response.then((r) => {
    if (!r.ok) throw new Error(`${WASM_URL}: ${r.status}`);
    return r.clone().arrayBuffer();
  });
  const done = () => {
    if (globalThis.fetch === shared) globalThis.fetch = fetchAsBefore;
  };
  const shared = function (input, init) {
    if (String(input instanceof Request ? input.url : input) !== WASM_URL) return fetchAsBefore.call(this, input, init);
    done();
    return response;
  };
  globalThis.fetch = shared;
  return { bytes, done };
}

// The snapshot is 2.9 MB more to download against seconds of CPU saved: on a connection the
// browser reports as slow, or with data saving on, Pyodide starts without it.
function slowConnection() {
  const c = globalThis.navigator && navigator.connection;
  return !!c && (c.saveData === true || ["slow-2g", "2g", "3g"].includes(c.effectiveType));
}

export async function loadPyodide(given) {
  // Python with -OO, as in the snapshot (tools/pyodide_snapshot.mjs), whichever way it starts.
  const options = { ...given, env: { ...(given && given.env), PYTHONOPTIMIZE: "2" } };
  if (slowConnection()) {
    globalThis.dvonnPyodideStart = "without the snapshot: slow connection or data saving";
    return withFiles(await load({ ...options, indexURL: INDEX_URL }));
  }
  const wasm = shareWasm();
  const image = wasm.bytes.then(initialMemory);
  image.catch(() => {});  // a module that cannot be fetched fails Pyodide's start too
  try {
    const pyodide = await load({ ...options, indexURL: INDEX_URL, stdLibURL: STDLIB_LATER_URL,
                                 _loadSnapshot: snapshot(image) });
    globalThis.dvonnPyodideStart = "snapshot";  // read by the e2e tests
    restoreTrampoline(pyodide);
    return pyodide;
  } catch (error) {
    wasm.done();  // the start without the snapshot fetches the module again (from the HTTP cache)
    console.warn("Pyodide snapshot not used:", error);
    globalThis.dvonnPyodideStart = "without the snapshot: " + error;
    return withFiles(await load({ ...options, indexURL: INDEX_URL }));
  } finally {
    wasm.done();
  }
}

// Write the worker's files where the snapshot has them (and PyScript would write them): under Pyodide's
// working folder.
async function withFiles(pyodide) {
  const home = pyodide.FS.cwd();
  await Promise.all(Object.entries(FILES).map(async ([dest, rel]) => {
    const url = new URL(rel, import.meta.url).href;
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const target = home + "/" + dest.replace(/^\.\//, "");
    pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
    pyodide.FS.writeFile(target, new Uint8Array(await response.arrayBuffer()));
  }));
  return pyodide;
}

// The snapshot is taken in node, which cannot build Pyodide's WebAssembly trampoline, so the restored
// interpreter calls through JavaScript frames, and WebAssembly stack switching (JSPI: the bot worker's
// run_sync, which lets a search give the worker's event loop a turn) cannot suspend across them.  Pyodide
// builds that trampoline before it copies the snapshot in; this builds it again and puts it where
// Python's runtime looks for it.  Where the browser cannot build it, calls stay as they were.
function restoreTrampoline(pyodide) {
  const M = pyodide._module;
  if (!M || !M.addFunction || !M.memory || !M.HEAP32 || TRAMPOLINE.length < 16) return;
  try {
    const bytes = new Uint8Array(TRAMPOLINE.match(/../g).map((h) => parseInt(h, 16)));
    const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes),
      { env: { __indirect_function_table: M.wasmTable, memory: M.memory } });
    const offset = M.HEAP32[M.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
    M.HEAP32[(M.__PyRuntime + offset) / 4] = M.addFunction(instance.exports.trampoline_call);
    globalThis.dvonnPyodideTrampoline = "restored";
  } catch (error) {
    globalThis.dvonnPyodideTrampoline = "not restored: " + error;
  }
}
