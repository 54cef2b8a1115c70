// Run a benchmark script of this folder (its path here: bot/bot_speed.py) in Pyodide under Node: the same
// WebAssembly CPython as the browser's bot worker, with the whole dvonn_core package (subpackages included) in
// its file system.
//   node benchmarks/pyodide_run.mjs bot/bot_speed.py [ARGS...]        # DVONN bot: nodes per second, overshoot
//   node benchmarks/pyodide_run.mjs core/diamonds_speed.py [ARGS...]  # Diamonds & Pivots: games/s, bot nodes/s
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, "..");
const [script, ...args] = process.argv.slice(2);
if (!script || !fs.existsSync(path.join(here, script))) {
  console.error("usage: node benchmarks/pyodide_run.mjs SCRIPT.py [ARGS...] (SCRIPT.py: its path in benchmarks/, such as bot/bot_speed.py)");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });

function copyTree(src, dest) {
  py.FS.mkdirTree(dest);
  for (const entry of fs.readdirSync(src, { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== "__pycache__") copyTree(path.join(src, entry.name), dest + "/" + entry.name);
    else if (entry.name.endsWith(".py")) py.FS.writeFile(dest + "/" + entry.name, fs.readFileSync(path.join(src, entry.name), "utf8"));
  }
}
copyTree(path.join(root, "dvonn_core"), "/home/pyodide/dvonn_core");
py.FS.mkdirTree(path.posix.dirname("/home/pyodide/benchmarks/" + script));
py.FS.writeFile("/home/pyodide/benchmarks/" + script, fs.readFileSync(path.join(here, script), "utf8"));
py.globals.set("argv", py.toPy([script, ...args]));
py.runPython(`
import runpy, sys
sys.argv = list(argv)
sys.path.insert(0, "/home/pyodide")
print("Pyodide, Python " + sys.version.split()[0])
try:
    runpy.run_path("/home/pyodide/benchmarks/" + sys.argv[0], run_name="__main__")
except SystemExit as e:  # a script's main() returning 0 is not an error
    if e.code not in (0, None):
        raise
`);
