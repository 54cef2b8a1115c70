// Run a Python script under the MicroPython WebAssembly build that the web page uses
// (npm @micropython/micropython-webassembly-pyscript), with the whole dvonn_core package
// (subpackages included), the pages' packages (web/) and the given data files in its in-memory file system.
//   node tests/micropython/run.mjs SCRIPT.py [DATA_FILE ...]
import { readFileSync, readdirSync, statSync } from "node:fs";
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

function copyTree(from, to) {
  mp.FS.mkdir(to);
  for (const name of readdirSync(from)) {
    const path = join(from, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copyTree(path, to + "/" + name);
    } else if (name.endsWith(".py")) {
      mp.FS.writeFile(to + "/" + name, readFileSync(path));
    }
  }
}

mp.FS.mkdir("/pkg");
copyTree(join(root, "dvonn_core"), "/pkg/dvonn_core");
// The pages' packages, imported by their full names as on the page (kernel.url, dvonn.persist).
for (const name of ["kernel", "study", "dvonn", "diamonds"]) copyTree(join(root, "web", name), "/pkg/" + name);
mp.FS.mkdir("/data");
const [script, ...data] = process.argv.slice(2);
for (const file of data) {
  mp.FS.writeFile("/data/" + basename(file), readFileSync(file));
}
// How many paths looked up in the in-memory file system were not there (each costs the page an exception
// object): read as js.fsMisses() by a check (tests/test_micropython.py, the packs' mount).
let misses = 0;
const lookupPath = mp.FS.lookupPath;
mp.FS.lookupPath = function (...args) {
  try {
    return lookupPath.apply(this, args);
  } catch (err) {
    misses += 1;
    throw err;
  }
};
globalThis.fsMisses = () => misses;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/pkg')\n" + readFileSync(script, "utf8"));
} catch (err) {
  failed = true;
  process.stderr.write(String(err && err.message ? err.message : err) + "\n");
}
process.exit(failed ? 1 : 0);
