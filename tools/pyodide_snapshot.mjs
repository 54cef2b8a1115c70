// Writes a memory snapshot of a freshly started Pyodide (issue 12), uncompressed: build.py compresses it.
//
//   node tools/pyodide_snapshot.mjs <pyodide dir> <out.bin> [<FS path>=<file> ...] [--import a,b]
//        [--stdlib <python_stdlib.zip>] [--later-stdlib <zip>] [--check c,d]
//   node tools/pyodide_snapshot.mjs <pyodide dir> --imported <out.json> [<FS path>=<file> ...] [--import a,b]
//        [--stdlib <python_stdlib.zip>]
//
// Starting Pyodide means running Python's own start-up inside WebAssembly: about 3 s of CPU
// on a laptop.  A page that loads Pyodide from this snapshot skips that: the WebAssembly
// memory of an interpreter that has already started is copied in (0.5 s).  build.py runs this
// with the pinned node_modules/pyodide and checks the snapshot by starting Pyodide from it.
//
// The files given as <FS path>=<file> are written where PyScript writes the worker's files
// (paths relative to Pyodide's home folder) and the modules of --import are imported before
// the snapshot is taken, so the worker finds them already imported.  The file system itself is not
// part of the snapshot (it lives outside WebAssembly's memory): a module not imported here is not
// there for the worker to import, unless it writes the file again (pyodide_boot.mjs does without it).
//
// --stdlib: the standard library zip the site serves (build.py trims Pyodide's: sitebuild/stdlib.py), which
// the modules are imported from.  --imported: only write the zip's files of the modules imported (a JSON
// list) and stop: build.py leaves them out of --later-stdlib, the zip the worker is given with the snapshot
// (what it may import later; issue 45).  Python's table of the zip's contents is dropped before the snapshot
// is taken, so the restored interpreter reads the zip it is given.  --check: the modules the worker may
// import later, imported once by the restored interpreter from that zip (not kept in the snapshot): a module
// the zip lacks fails the build.
//
// The snapshot is written with pyodide.asm.wasm's data segments XOR-ed out of its memory (web/shared/wasm_data.mjs:
// 1.5 MB less to download); the interpreter that checks it is started from the bytes XOR-ed back, as the
// bot worker's boot module does.  The heap's free memory is zeroed first (zeroFreeMemory), and Python runs
// with -OO: together, 6.5 MB gzip as Pyodide writes it, 3.8 MB as stored (gzip), 2.9 MB in the Zstandard build.py
// compresses it with (sitebuild/vendor.py).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { snapshotMemoryStart, xorData } from "../web/shared/wasm_data.mjs";

// Zero the heap's free memory before the snapshot is taken (issue 45: 0.8 MB less to download).  Starting
// Python leaves what it freed where it was (compiled modules' syntax trees, the zip's reading buffers): 3.8 MB
// of garbage that gzip cannot squeeze.  Each free block of the C heap is allocated with calloc (which zeroes
// a reused block), largest sizes first, then freed again; a block that would come from beyond the heap's
// break is given back at once, so the heap does not grow and Python's objects are not touched.
function zeroFreeMemory(pyodide) {
  const M = pyodide._module;
  const brk = () => M.HEAPU32[M._emscripten_get_sbrk_ptr() >>> 2];
  const memory = M.HEAP8.length;
  const taken = [];
  for (let size = 1 << 16; size >= 8; size >>= 1) {
    while (brk() + size + 64 <= memory) {  // room at the top: an allocation there cannot grow the memory
      const before = brk();
      const block = M._calloc(size, 1);
      if (!block) break;
      if (block + size > before || brk() !== before) {  // not a free block: from the top of the heap
        M._free(block);
        break;
      }
      taken.push(block);
    }
  }
  for (const block of taken) M._free(block);
  if (M.HEAP8.length !== memory) throw new Error("pyodide_snapshot: zeroing the free memory grew the heap");
}

const [dir, first, ...more] = process.argv.slice(2);
const [out, rest] = first === "--imported" ? [undefined, more.slice(1)] : [first, more];
const importedOut = first === "--imported" ? more[0] : undefined;
if (!dir || !(out || importedOut)) {
  console.error("usage: node tools/pyodide_snapshot.mjs <pyodide dir> <out.bin> [<FS path>=<file> ...] [--import a,b]");
  process.exit(2);
}
const files = [];
let imports = [];
let checks = [];
let stdLibURL;
let laterStdLibURL;
for (let i = 0; i < rest.length; i++) {
  if (rest[i] === "--import") imports = rest[++i].split(",").filter(Boolean);
  else if (rest[i] === "--later-stdlib") laterStdLibURL = path.resolve(rest[++i]);
  else if (rest[i] === "--check") checks = rest[++i].split(",").filter(Boolean);
  else if (rest[i] === "--stdlib") stdLibURL = path.resolve(rest[++i]);
  else files.push(rest[i].split("="));
}
const indexURL = path.resolve(dir) + path.sep;
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
// Python runs with -OO (no docstrings, no asserts: 0.4 MB less of the snapshot); the worker's code reads no
// docstring, and asserts check nothing the bot needs.  The boot module sets the same for a start without it.
const pyodide = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true, env: { PYTHONOPTIMIZE: "2" } });
for (const [dest, file] of files) {
  const target = path.posix.join(pyodide.FS.cwd(), dest);
  pyodide.FS.mkdirTree(path.posix.dirname(target));
  pyodide.FS.writeFile(target, fs.readFileSync(file));
}
for (const name of imports) pyodide.pyimport(name);
if (importedOut) {
  const files = pyodide.runPython(`
import sys
sorted({f.split(".zip/", 1)[1] for m in list(sys.modules.values())
        if ".zip/" in (f := getattr(m, "__file__", None) or "")})`).toJs();
  fs.writeFileSync(importedOut, JSON.stringify(files));
  console.log(`pyodide_snapshot: ${importedOut}: ${files.length} files of the zip imported`);
  process.exit(0);
}
if (laterStdLibURL) {
  // Forget the zip's table of contents (zipimport's cache): the restored interpreter reads it from the zip it
  // is given, whose files lie elsewhere.
  pyodide.runPython(`
import sys, zipimport
for finder in list(sys.path_importer_cache.values()):
    if isinstance(finder, zipimport.zipimporter):
        finder.invalidate_caches()
zipimport._zip_directory_cache.clear()`);
}
pyodide.runPython("import gc; gc.collect()");  // what the imports left in cycles, freed before the zeroing
zeroFreeMemory(pyodide);
const snapshot = pyodide.makeMemorySnapshot();
const base = snapshotMemoryStart(snapshot);  // the memory from address 0 follows Pyodide's header
const wasm = fs.readFileSync(path.join(indexURL, "pyodide.asm.wasm"));
const stored = xorData(snapshot.slice(), wasm, base);
// The check: an interpreter started from the stored snapshot, its data segments put back, runs Python.
const restored = await loadPyodide({ indexURL, stdLibURL: laterStdLibURL || stdLibURL,
                                     _loadSnapshot: xorData(stored.slice(), wasm, base) });
const check = "import sys; ' '.join(['%d.%d %d' % (sys.version_info[:2] + (6 * 7,))] + sorted(n for n in sys.modules if n in %s))";
const wanted = JSON.stringify(imports);
const answer = restored.runPython(check.replace("%s", wanted));
if (restored.runPython("import sys; sys.flags.optimize") !== 2) {
  console.error("pyodide_snapshot: the restored interpreter does not run with -OO");
  process.exit(1);
}
const expected = pyodide.runPython(check.replace("%s", wanted));
if (answer !== expected) {
  console.error(`pyodide_snapshot: the restored interpreter answered ${answer}, not ${expected}`);
  process.exit(1);
}
for (const name of checks) {
  try {
    restored.pyimport(name);
  } catch (error) {
    const zip = laterStdLibURL || stdLibURL || "Pyodide's stdlib";
    console.error(`pyodide_snapshot: the worker could not import ${name} from ${zip}: ${error}`);
    process.exit(1);
  }
}
fs.writeFileSync(out, stored);
console.log(`pyodide_snapshot: ${out}: ${snapshot.length} bytes`);
