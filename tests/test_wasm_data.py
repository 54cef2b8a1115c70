"""web/shared/wasm_data.mjs: a WebAssembly module's initial memory, read from its data segments, which the build
XORs out of Pyodide's memory snapshot and the bot worker's boot module XORs back in (issue 45).  Run by node on
hand-made modules; tests/e2e/test_build.py checks the built snapshot against Pyodide's real module."""

import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
MODULE = "file://" + os.path.join(ROOT, "web", "shared", "wasm_data.mjs")

pytestmark = pytest.mark.skipif(not shutil.which("node"), reason="needs node (run_tests.sh runs on a machine with it)")


def module(*segments: bytes) -> list[int]:
    """A module with only a data section: the header, then section 11 holding ``segments`` (each already
    encoded: flags, offset expression, length, bytes)."""
    body = bytes([len(segments)]) + b"".join(segments)
    return list(b"\0asm\1\0\0\0" + bytes([11, len(body)]) + body)


def active(offset: int, data: bytes) -> bytes:
    """An active segment at a constant offset below 64 (a one-byte signed LEB128)."""
    assert offset < 64
    return bytes([0, 0x41, offset, 0x0B, len(data)]) + data


def run(script: str) -> object:
    code = (f"import * as w from {json.dumps(MODULE)};\n"
            f"console.log(JSON.stringify(await (async () => {{ {script} }})()));")
    out = subprocess.run(["node", "--input-type=module", "-e", code], capture_output=True, text=True, timeout=60)
    if out.returncode:
        return {"error": next(line for line in out.stderr.splitlines() if line.startswith("Error"))}
    return json.loads(out.stdout)


def test_the_initial_memory_is_the_active_segments_in_place():
    passive = bytes([1, 3, 9, 9, 9])  # copied by the module's code later: not at start
    wasm = module(active(4, b"\1\2\3"), passive, active(9, b"\xc8\xc9"))
    image = run(f"return Array.from(w.initialMemory(new Uint8Array({wasm})));")
    assert image == [0, 0, 0, 0, 1, 2, 3, 0, 0, 200, 201, 0]  # padded to whole words


def test_a_later_segment_overwrites_an_earlier_one_as_at_instantiation():
    wasm = module(active(0, b"\1\1\1\1"), active(2, b"\7"))
    assert run(f"return Array.from(w.initialMemory(new Uint8Array({wasm})));") == [1, 1, 7, 1]


def test_xor_takes_the_segments_out_and_puts_them_back():
    wasm = module(active(4, b"\1\2\3\4"), active(9, b"\xc8\xc9"))
    memory = [5] * 4 + [1, 2, 3, 9, 0, 200, 77, 0, 0, 0, 0, 0]  # the program changed two bytes of its data
    for offset in (0, 1):  # a memory lined up with words, and one that is not
        result = run(f"""
            const memory = new Uint8Array({[0] * offset + [6] * 16 + memory}).subarray({offset});
            const base = 16, wasm = new Uint8Array({wasm});
            const stored = Array.from(w.xorData(memory.slice(), wasm, base));
            return [stored, Array.from(w.xorData(Uint8Array.from(stored), wasm, base))];""")
        stored, restored = result
        assert stored[16:] == [5] * 4 + [0, 0, 0, 13, 0, 0, 77 ^ 201, 0, 0, 0, 0, 0]  # zeros where data is unchanged
        assert stored[:16] == [6] * 16  # the header before the memory is left alone
        assert restored == [6] * 16 + memory


def test_bad_modules_are_named():
    not_wasm = run("return w.initialMemory(new Uint8Array([1, 2, 3, 4, 1, 0, 0, 0]));")
    assert "not a WebAssembly module" in not_wasm["error"]
    relocatable = bytes([0, 0x23, 0, 0x0B, 1, 1])  # offset from a global (global.get 0): unknown before it runs
    assert "no constant offset" in run(f"return w.initialMemory(new Uint8Array({module(relocatable)}));")["error"]
    big = [0] * 4 + [1] * 16
    wasm = module(active(4, bytes(big)))
    assert "beyond the memory" in run(f"return w.xorData(new Uint8Array(8), new Uint8Array({wasm}), 0);")["error"]


def test_the_memory_of_a_pyodide_snapshot_starts_after_its_header():
    header = "new Uint8Array(new Uint32Array([0x706e7300, 144, 0, 0, 0, 0]).buffer)"
    assert run(f"return w.snapshotMemoryStart({header});") == 144
    assert run(f"return w.snapshotMemoryStart({header}.subarray(4, 20), 'x');") == 0  # a view: its own offset
    short = run("return w.snapshotMemoryStart(new Uint8Array(9), 'snapshot-1.bin.zst');")
    assert short["error"] == "Error: snapshot-1.bin.zst: 9 bytes, not a snapshot"
