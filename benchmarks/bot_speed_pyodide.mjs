// Run benchmarks/bot_speed.py in Pyodide under Node (the same WebAssembly Python as the browser worker).
//   node benchmarks/bot_speed_pyodide.mjs [SECONDS] [OVERSHOOT_MOVES]
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });
py.FS.mkdirTree("/home/pyodide/dvonn_core");
py.FS.mkdirTree("/home/pyodide/benchmarks");
for (const f of fs.readdirSync(path.join(root, "dvonn_core"))) {
  if (f.endsWith(".py")) py.FS.writeFile("/home/pyodide/dvonn_core/" + f, fs.readFileSync(path.join(root, "dvonn_core", f), "utf8"));
}
py.FS.writeFile("/home/pyodide/benchmarks/__init__.py", "");
py.FS.writeFile("/home/pyodide/benchmarks/bot_speed.py", fs.readFileSync(path.join(root, "benchmarks/bot_speed.py"), "utf8"));
const seconds = Number(process.argv[2] || "1.0");
const overshootMoves = Number(process.argv[3] || "0");
const out = py.runPython(`
import sys, json
sys.path.insert(0, "/home/pyodide")
from benchmarks import bot_speed
json.dumps({"python": sys.version.split()[0], "rows": bot_speed.measure(bot_speed.POSITIONS, ${seconds}),
            "overshoot": bot_speed.overshoot(${overshootMoves}, ${seconds}) if ${overshootMoves} else None})
`);
const { python, rows, overshoot } = JSON.parse(out);
console.log("Pyodide " + python);
for (const r of rows) console.log(JSON.stringify(r));
if (overshoot) console.log(JSON.stringify(overshoot));
