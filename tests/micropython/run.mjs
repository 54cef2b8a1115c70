// Run a Python script under the MicroPython WebAssembly build that the web page uses
// (npm @micropython/micropython-webassembly-pyscript), with dvonn_core and the test data
// copied into its in-memory file system.
//   node tests/micropython/run.mjs SCRIPT.py [DATA_FILE ...]
import { readFileSync, readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { loadMicroPython } = await import(
  join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);

let failed = false;
const mp = await loadMicroPython({
  heapsize: 64 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => { failed = true; process.stderr.write(line + "\n"); },
});

mp.FS.mkdir("/pkg");
mp.FS.mkdir("/pkg/dvonn_core");
for (const name of readdirSync(join(root, "dvonn_core"))) {
  if (name.endsWith(".py")) {
    mp.FS.writeFile("/pkg/dvonn_core/" + name, readFileSync(join(root, "dvonn_core", name)));
  }
}
mp.FS.mkdir("/data");
const [script, ...data] = process.argv.slice(2);
for (const file of data) {
  mp.FS.writeFile("/data/" + basename(file), readFileSync(file));
}
try {
  mp.runPython("import sys\nsys.path.insert(0, '/pkg')\n" + readFileSync(script, "utf8"));
} catch (err) {
  failed = true;
  process.stderr.write(String(err && err.message ? err.message : err) + "\n");
}
process.exit(failed ? 1 : 0);
