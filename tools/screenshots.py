#!/usr/bin/env python3
"""Screenshots of the board editor and the analysis board (issue 40), on a phone and a desktop, both games:
docs/screenshots/{editor,analysis}-{dvonn,diamonds}-{phone,desktop}.png.

    python tools/screenshots.py [--site DIR] [--out docs/screenshots]

Builds the site (or uses ``--site``), serves it on 127.0.0.1 and takes each page in headless Debian
chromium at a middle-game position (the analysis board's search bounded at depth 4, so that its line is
the same on every run; the depth a search reaches in so many seconds is benchmarks/pages/analysis_board.py's).
The shot is the window on a desktop and the whole page on a phone (where the analysis is under the board),
written with a palette of at most 256 colours
(Chromium writes 24-bit colour), so that each file stays under 150 KB.
"""

from __future__ import annotations

import argparse
import base64
import struct
import sys
import zlib
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.harness import site_in_chromium  # noqa: E402
from benchmarks.pages.analysis_board import POSITIONS  # noqa: E402

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
EDITORS = {"dvonn": "editor.html", "diamonds": "diamonds-editor.html"}
#: The pixels of a PNG (base64), decoded by the browser: width, height, RGBA as base64.
PIXELS = """async (png) => {
  const blob = await (await fetch("data:image/png;base64," + png)).blob();
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  context.drawImage(bitmap, 0, 0);
  const data = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
  let text = "";
  for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode.apply(null, data.subarray(i, i + 0x8000));
  return [bitmap.width, bitmap.height, btoa(text)];
}"""
BOUND = "document.addEventListener('DOMContentLoaded', () => { document.body.dataset.analysisDepth = '4'; })"


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def palette_png(width: int, height: int, rgba: bytes) -> bytes:
    """An 8-bit palette PNG of the pixels: the 256 most frequent colours (to 5 bits a channel, each the
    mean of its pixels), every other colour drawn as the nearest of them."""
    import numpy as np

    pixels = np.frombuffer(rgba, np.uint8).reshape(height, width, 4)[:, :, :3].reshape(-1, 3).astype(np.int64)
    q = pixels >> 3
    keys = (q[:, 0] << 10) | (q[:, 1] << 5) | q[:, 2]
    uniq, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    means = np.stack([np.bincount(inverse, weights=pixels[:, c], minlength=len(uniq)) for c in range(3)], 1)
    means = means / counts[:, None]
    top = np.argsort(-counts, kind="stable")[:256]
    palette = np.rint(means[top]).astype(np.int64)
    nearest = np.empty(len(uniq), np.int64)
    for start in range(0, len(uniq), 4096):  # (in slices: a distance table of every colour at once is large)
        d = ((means[start:start + 4096, None, :] - palette[None, :, :]) ** 2).sum(2)
        nearest[start:start + 4096] = d.argmin(1)
    index = nearest[inverse].astype(np.uint8).reshape(height, width)
    rows = np.hstack([np.zeros((height, 1), np.uint8), index]).tobytes()  # filter 0 on every row
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", palette.astype(np.uint8).tobytes()) + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def shoot(page, base: str, out: Path) -> list[Path]:  # type: ignore[no-untyped-def]
    made = []
    for kind, (analysis, position) in POSITIONS.items():
        for page_name, name in ((EDITORS[kind], "editor"), (analysis, "analysis")):
            page.goto(base + page_name + "#position=" + quote(position))
            page.wait_for_function("document.body.dataset.ready === 'true'")
            if name == "analysis":
                page.wait_for_function("document.body.dataset.analysing === 'false'"
                                       " && +document.body.dataset.depth >= 4", timeout=300_000)
            for size, viewport in SIZES.items():
                page.set_viewport_size(viewport)
                page.wait_for_timeout(300)  # the layout's media queries (the board turned on a phone)
                path = out / f"{name}-{kind}-{size}.png"
                path.write_bytes(page.screenshot(full_page=size == "phone"))
                made.append(path)
    return made


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with site_in_chromium(args.site) as (browser, base):
        page = browser.new_page()
        page.add_init_script(BOUND)
        blank = browser.new_page()
        for path in shoot(page, base, args.out):
            width, height, rgba = blank.evaluate(PIXELS, base64.b64encode(path.read_bytes()).decode())
            path.write_bytes(palette_png(width, height, base64.b64decode(rgba)))
            print(f"{path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
