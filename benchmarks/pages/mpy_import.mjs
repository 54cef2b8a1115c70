// Time what the page's MicroPython does between its start and the first draw, per module,
// under the same MicroPython WebAssembly build in node (see benchmarks/pages/mpy_import.py).
//   node benchmarks/pages/mpy_import.mjs SRC_DIR MODULE[,MODULE...] [SCRIPT]
// SRC_DIR holds the files as the page's FS would (web modules at the top, dvonn_core/ below),
// as .py or .mpy; a stub `pyscript` module is added so the page modules import.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { loadMicroPython } = await import(
  join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs"));
const [src, modules, script = ""] = process.argv.slice(2);
const t0 = performance.now();
const mp = await loadMicroPython({ heapsize: 64 * 1024 * 1024, stdout: (l) => process.stdout.write(l + "\n"),
                                   stderr: (l) => process.stderr.write(l + "\n") });
const tBoot = performance.now() - t0;
function copyTree(from, to) {
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) { mp.FS.mkdir(to + "/" + name); copyTree(path, to + "/" + name); }
    else mp.FS.writeFile(to + "/" + name, readFileSync(path));
  }
}
mp.FS.mkdir("/app");
copyTree(src, "/app");
mp.FS.mkdir("/app/pyscript");
mp.FS.writeFile("/app/pyscript/__init__.py",
  "class _Any:\n def __getattr__(s, n): return _Any()\n def __call__(s, *a, **k): return _Any()\n" +
  "document = window = _Any()\ndef create_named_worker(*a, **k): pass\n");
mp.FS.writeFile("/app/pyscript/ffi.py", "def create_proxy(f): return f\ndef to_js(x, **k): return x\n");
const code = `
import sys, gc, json, js
now = js.performance.now
sys.path.insert(0, '/app')
import pyscript, pyscript.ffi
out = []
gc.collect()
for name in ${JSON.stringify(modules.split(","))}:
    t = now()
    __import__(name)
    out.append([name, now() - t])
t = now()
${script}
out.append(["(script)", now() - t])
print(json.dumps(out))
`;
mp.runPython(code);
console.log(JSON.stringify([["(boot)", tBoot]]));
