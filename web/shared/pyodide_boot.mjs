// The bot worker's Pyodide (PyScript imports this as the worker's interpreter): Pyodide's own
// loadPyodide, started from a memory snapshot of an interpreter that has already run Python's
// start-up (written by build.py with tools/pyodide_snapshot.mjs), which saves seconds of CPU
// before the bot is ready (issue 12).  If the snapshot cannot be used, Pyodide starts as usual.
import { loadPyodide as load, version } from "./pyodide.mjs";

export { version };

// build.py writes this module into Pyodide's folder (vendor/pyodide-<version>/).
const INDEX_URL = new URL("./", import.meta.url).href;
const SNAPSHOT_URL = new URL("./{{pyodide_snapshot}}", import.meta.url).href;

async function snapshot() {
  const response = await fetch(SNAPSHOT_URL);
  if (!response.ok) throw new Error(`${SNAPSHOT_URL}: ${response.status}`);
  const data = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(data).arrayBuffer());
}

// The snapshot is 6 MB more to download (gzip) against seconds of CPU saved: on a connection the
// browser reports as slow, or with data saving on, Pyodide starts without it.
function slowConnection() {
  const c = globalThis.navigator && navigator.connection;
  return !!c && (c.saveData === true || ["slow-2g", "2g", "3g"].includes(c.effectiveType));
}

export async function loadPyodide(options) {
  if (slowConnection()) {
    globalThis.dvonnPyodideStart = "without the snapshot: slow connection or data saving";
    return load({ ...options, indexURL: INDEX_URL });
  }
  try {
    const pyodide = await load({ ...options, indexURL: INDEX_URL, _loadSnapshot: snapshot() });
    globalThis.dvonnPyodideStart = "snapshot";  // read by the e2e tests
    return pyodide;
  } catch (error) {
    console.warn("Pyodide snapshot not used:", error);
    globalThis.dvonnPyodideStart = "without the snapshot: " + error;
    return load({ ...options, indexURL: INDEX_URL });
  }
}
