// The memory a WebAssembly module starts with: its active data segments (issue 45: the bytes of a visit).
//
// Pyodide's memory snapshot copies the interpreter's whole memory, and its first 3.8 MB are mostly the
// data segments of pyodide.asm.wasm, which the visit downloads anyway.  The build stores the snapshot
// with those bytes XOR-ed out (zeros where the memory still holds what the module put there: 1.5 MB less
// to download, gzip); the bot worker's boot module XORs them back in from the module it fetches.  The
// same function does both: tools/pyodide_snapshot.mjs in node, pyodide_boot.mjs in the browser.

// The active data segments of a module's memory 0 with a constant offset, each given to
// `visit(offset, bytes, start, end)` (the segment is bytes[start:end]).  A segment whose offset is not a
// constant (a relocatable module's) is an error: its place is not known before the module runs.
function eachSegment(module, visit) {
  const bytes = module instanceof Uint8Array ? module : new Uint8Array(module);
  const magic = bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  if (!magic) throw new Error("not a WebAssembly module");
  let p = 8;
  // An unsigned LEB128 number at p (p moves past it).
  const leb = () => {
    let value = 0;
    let scale = 1;
    for (;;) {
      const byte = bytes[p++];
      value += (byte & 0x7f) * scale;
      if (!(byte & 0x80)) return value;
      scale *= 128;
    }
  };
  while (p < bytes.length) {
    const id = bytes[p++];
    const size = leb();
    const next = p + size;
    if (id === 11) {  // the data section
      for (let count = leb(), k = 0; k < count; k++) {
        const flags = leb();
        if (flags === 1) {  // passive: copied by the module's own code, not at start
          const length = leb();  // (not p += leb(): that would add to p as it was before the number)
          p += length;
          continue;
        }
        if (flags !== 0 || bytes[p++] !== 0x41) throw new Error(`data segment ${k}: no constant offset`);
        // i32.const: a signed LEB128; the offsets of a module's own memory are below 2 GB.
        const offset = leb();
        if (bytes[p - 1] & 0x40 || bytes[p++] !== 0x0b) throw new Error(`data segment ${k}: bad offset`);
        const length = leb();
        visit(offset, bytes, p, p + length);
        p += length;
      }
    }
    p = next;
  }
}

// The active data segments: [offset, bytes] pairs.
export function dataSegments(module) {
  const segments = [];
  eachSegment(module, (offset, bytes, start, end) => segments.push([offset, bytes.subarray(start, end)]));
  return segments;
}

// The module's memory as its data segments leave it, from address 0 to the end of the last one (a later
// segment overwrites an earlier one, as at instantiation), padded to whole 32-bit words.
export function initialMemory(module) {
  let size = 0;
  eachSegment(module, (offset, bytes, start, end) => { size = Math.max(size, offset + end - start); });
  const image = new Uint8Array(Math.ceil(size / 4) * 4);
  eachSegment(module, (offset, bytes, start, end) => {
    if (end - start > 64) image.set(bytes.subarray(start, end), offset);
    else for (let i = start; i < end; i++) image[offset + i - start] = bytes[i];
  });
  return image;
}

// Where the memory starts in a Pyodide memory snapshot (Pyodide's API.makeSnapshot): after its header, whose
// length is the header's second 32-bit word.  `name` names it in the error of one too short to be a snapshot.
export function snapshotMemoryStart(snapshot, name = "the snapshot") {
  if (snapshot.length < 16) throw new Error(`${name}: ${snapshot.length} bytes, not a snapshot`);
  return new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4)[1];
}

// XOR a module's initial memory (`image`, from initialMemory) into `memory` (a Uint8Array), whose byte `base`
// is the module's address 0: the same call takes it out of a snapshot and puts it back.  A word at a time
// where the two line up (3.8 MB: a few milliseconds).
export function xorImage(memory, image, base) {
  if (base + image.length > memory.length) throw new Error("the module's data lies beyond the memory");
  const start = memory.byteOffset + base;
  if (start % 4 === 0) {
    const words = new Int32Array(memory.buffer, start, image.length / 4);
    const data = new Int32Array(image.buffer, image.byteOffset, image.length / 4);
    for (let i = 0; i < data.length; i++) words[i] ^= data[i];
  } else {
    for (let i = 0; i < image.length; i++) memory[base + i] ^= image[i];
  }
  return memory;
}

export function xorData(memory, module, base) {
  return xorImage(memory, initialMemory(module), base);
}
