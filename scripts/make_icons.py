"""Draw the app's icons (tutor/assets/icons/ and favicon.png): two cards, the front one with a red
heart, on the green of a card table. Standard library only (zlib PNGs), so anyone can redraw them:

    .venv/bin/python scripts/make_icons.py

"any" icons are a rounded square with transparent corners; "maskable" ones fill the square with the
green and keep the cards inside the central 80 % circle a phone's mask may cut to.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parents[1] / "tutor" / "assets"
GREEN = (27, 94, 32)  # the manifest's theme colour, #1B5E20
WHITE = (255, 255, 255)
EDGE = (176, 190, 197)
RED = (198, 40, 40)
Pixel = tuple[int, int, int, int]


def _png(size: int, pixels: list[Pixel]) -> bytes:
    rows = b"".join(b"\0" + b"".join(bytes(p) for p in pixels[y * size:(y + 1) * size]) for y in range(size))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def _in_rounded(x: float, y: float, half_w: float, half_h: float, radius: float) -> bool:
    dx, dy = max(abs(x) - (half_w - radius), 0.0), max(abs(y) - (half_h - radius), 0.0)
    return abs(x) <= half_w and abs(y) <= half_h and dx * dx + dy * dy <= radius * radius


def _card(x: float, y: float, cx: float, cy: float, angle: float, scale: float) -> str | None:
    """What of a card (centred at cx, cy, turned by ``angle``) is at (x, y): "edge", "face", "heart" or None."""
    cos, sin = math.cos(-angle), math.sin(-angle)
    u, v = (x - cx) * cos - (y - cy) * sin, (x - cx) * sin + (y - cy) * cos
    half_w, half_h = 0.21 * scale, 0.29 * scale
    if not _in_rounded(u, v, half_w, half_h, 0.04 * scale):
        return None
    if not _in_rounded(u, v, half_w - 0.012 * scale, half_h - 0.012 * scale, 0.03 * scale):
        return "edge"
    hx, hy = u / (0.12 * scale), -(v + 0.01 * scale) / (0.12 * scale)  # the heart, its point down
    return "heart" if (hx * hx + hy * hy - 1) ** 3 - hx * hx * hy ** 3 <= 0 else "face"


def draw(size: int, maskable: bool) -> bytes:
    scale = 0.78 if maskable else 1.0  # a maskable icon's cards inside its safe zone
    samples = 3
    pixels: list[Pixel] = []
    for py in range(size):
        for px in range(size):
            total = [0.0, 0.0, 0.0, 0.0]
            for sy in range(samples):
                for sx in range(samples):
                    x = (px + (sx + 0.5) / samples) / size - 0.5
                    y = (py + (sy + 0.5) / samples) / size - 0.5
                    colour: tuple[int, int, int] | None = GREEN
                    if not maskable and not _in_rounded(x, y, 0.5, 0.5, 0.18):
                        colour = None
                    back = _card(x, y, -0.07 * scale, 0.01 * scale, -0.22, scale)
                    front = _card(x, y, 0.08 * scale, 0.03 * scale, 0.14, scale)
                    part = front or back
                    if colour is not None and part is not None:
                        colour = {"edge": EDGE, "face": WHITE, "heart": RED if front else WHITE}[part]
                    if colour is not None:
                        total[0] += colour[0]
                        total[1] += colour[1]
                        total[2] += colour[2]
                        total[3] += 255
            n = samples * samples
            alpha = total[3] / n
            pixels.append((round(total[0] / max(1, total[3] / 255)), round(total[1] / max(1, total[3] / 255)),
                           round(total[2] / max(1, total[3] / 255)), round(alpha)) if alpha else (0, 0, 0, 0))
    return _png(size, pixels)


def main() -> None:
    icons = ASSETS / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(draw(size, maskable=False))
        if size == 512:  # what the web client shows while it loads, in place of Flet's logo
            (icons / "loading-animation.png").write_bytes(draw(size, maskable=False))
        (icons / f"icon-maskable-{size}.png").write_bytes(draw(size, maskable=True))
    (icons / "apple-touch-icon-192.png").write_bytes(draw(192, maskable=True))  # iOS rounds it itself
    (ASSETS / "favicon.png").write_bytes(draw(32, maskable=False))


if __name__ == "__main__":
    main()
