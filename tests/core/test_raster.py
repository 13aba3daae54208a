"""The shared raster toolkit: PNG bytes decode back to the same pixels, and
every primitive draws where it should and clips quietly at the edges."""

from __future__ import annotations

import struct
import zlib

import numpy as np
import pytest

from zombie_envs.core.raster import (
    ADVANCE,
    GLYPH_H,
    Canvas,
    encode_png,
    text_mask,
    text_size,
    write_png,
)

BG = (10, 20, 30)
RED = (200, 0, 0)


def decode_png(data: bytes) -> np.ndarray:
    """A strict decoder for what ``encode_png`` writes (8-bit, no interlace)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        assert crc == zlib.crc32(kind + body) & 0xFFFFFFFF, kind
        chunks.append((kind, body))
        pos += 12 + length
    assert pos == len(data)
    kinds = [k for k, _ in chunks]
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    w, h, depth, colour_type, comp, filt, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, comp, filt, interlace) == (8, 0, 0, 0)
    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(h, 1 + w * channels)
    assert (rows[:, 0] == 0).all()  # filter type "none" on every row
    return rows[:, 1:].reshape(h, w, channels)


@pytest.mark.parametrize("shape", [(17, 23, 3), (5, 9, 4), (8, 3), (1, 1, 3)])
def test_png_round_trip(shape, tmp_path):
    rng = np.random.default_rng(0)
    image = rng.integers(0, 256, size=shape, dtype=np.uint8)
    data = encode_png(image)
    decoded = decode_png(data)
    assert decoded.shape[:2] == image.shape[:2]
    np.testing.assert_array_equal(decoded.reshape(image.shape), image)
    path = tmp_path / "x.png"
    write_png(path, image)
    assert path.read_bytes() == data


def test_png_of_a_canvas(tmp_path):
    c = Canvas(40, 30, BG)
    c.fill_rect(5, 5, 10, 10, RED)
    c.text(2, 20, "Hi", (255, 255, 255))
    np.testing.assert_array_equal(decode_png(encode_png(c.pixels)), c.pixels)
    c.save(tmp_path / "c.png")
    np.testing.assert_array_equal(decode_png((tmp_path / "c.png").read_bytes()), c.pixels)


@pytest.mark.parametrize(
    "bad",
    [
        np.zeros((4, 4, 3), dtype=np.float32),
        np.zeros((4, 4, 2), dtype=np.uint8),
        np.zeros((0, 4, 3), dtype=np.uint8),
        np.zeros((4,), dtype=np.uint8),
    ],
)
def test_png_rejects_bad_arrays(bad):
    with pytest.raises(ValueError):
        encode_png(bad)


def test_canvas_background_and_shape():
    c = Canvas(7, 5, BG)
    assert c.pixels.shape == (5, 7, 3) and c.pixels.dtype == np.uint8
    assert (c.pixels == BG).all()
    assert (c.width, c.height) == (7, 5)


def _ink(c: Canvas) -> np.ndarray:
    return (c.pixels != BG).any(axis=2)


@pytest.mark.parametrize("scale", [1, 2, 3])
def test_text_draws_inside_its_box(scale):
    c = Canvas(200, 60, BG)
    label = "Mall 42, Gg!"
    w, h = c.text(10, 12, label, RED, scale)
    assert (w, h) == text_size(label, scale)
    assert w == (len(label) * ADVANCE - 1) * scale and h == GLYPH_H * scale
    ys, xs = np.nonzero(_ink(c))
    assert len(xs) > 0
    assert xs.min() >= 10 and xs.max() < 10 + w
    assert ys.min() >= 12 and ys.max() < 12 + h
    assert ys.max() >= 12 + 7 * scale  # the descender of "g" reaches the last row
    assert (c.pixels[_ink(c)] == RED).all()


def test_text_anchors_and_lines():
    c = Canvas(100, 40, BG)
    w, h = c.text(50, 2, "ABC", RED, anchor="center")
    xs = np.nonzero(_ink(c))[1]
    assert xs.min() == 50 - w // 2 and xs.max() < 50 - w // 2 + w
    c = Canvas(100, 40, BG)
    c.text(90, 2, "ABC", RED, anchor="right")
    assert np.nonzero(_ink(c))[1].max() == 89
    c = Canvas(100, 40, BG)
    w, h = c.text(0, 0, "A\nBB", RED)
    assert text_size("A\nBB") == (w, h) == (2 * ADVANCE - 1, 10 + GLYPH_H)
    assert _ink(c)[10:18].any() and not _ink(c)[h:].any()


def test_font_distinguishes_glyphs():
    masks = {ch: text_mask(ch).tobytes() for ch in "AaBb0Oo1lI.:,;-_ "}
    assert len(set(masks.values())) == len(masks)
    assert not text_mask(" ").any()
    assert text_mask("\u2603").any()  # a character the font lacks shows as a box
    assert text_mask("\u2603").tobytes() == text_mask("\u00e9").tobytes()
    assert not text_mask("A").flags.writeable


def test_text_clips_at_every_edge():
    c = Canvas(20, 10, BG)
    for x, y in [(-7, -3), (15, 5), (-100, 0), (0, 100), (18, -4)]:
        c.text(x, y, "WWW", RED, 2)
    assert _ink(c)[0:5, 0:5].any() and _ink(c)[5:, 15:].any()


def test_fill_rect_clips():
    c = Canvas(10, 8, BG)
    c.fill_rect(-5, -5, 8, 7, RED)
    assert (c.pixels[:2, :3] == RED).all()
    assert (c.pixels[2:, :] == BG).all() and (c.pixels[:, 3:] == BG).all()
    c.fill_rect(8, 6, 100, 100, (0, 200, 0))
    assert (c.pixels[6:, 8:] == (0, 200, 0)).all()
    before = c.pixels.copy()
    c.fill_rect(20, 20, 5, 5, RED)
    c.fill_rect(-10, 0, 5, 5, RED)
    c.fill_rect(2, 2, 0, 5, RED)
    np.testing.assert_array_equal(c.pixels, before)


def test_fill_rect_alpha_blends():
    c = Canvas(4, 4, (0, 0, 0))
    c.fill_rect(0, 0, 2, 4, (200, 100, 50), alpha=0.5)
    assert tuple(c.pixels[0, 0]) == (100, 50, 25)
    assert tuple(c.pixels[0, 3]) == (0, 0, 0)


def test_rect_outline_leaves_inside():
    c = Canvas(12, 12, BG)
    c.rect(2, 2, 8, 8, RED, width=2)
    assert (c.pixels[2, 2:10] == RED).all() and (c.pixels[9, 2:10] == RED).all()
    assert (c.pixels[2:10, 3] == RED).all() and (c.pixels[2:10, 8] == RED).all()
    assert (c.pixels[4:8, 4:8] == BG).all()
    assert (c.pixels[1, :] == BG).all() and (c.pixels[:, 10] == BG).all()
    c.rect(-3, -3, 30, 30, (0, 0, 255), width=4)  # only its inner part shows
    assert (c.pixels[0, :] == (0, 0, 255)).all()


def test_disc_and_ring():
    c = Canvas(21, 21, BG)
    c.disc(10, 10, 5, RED)
    assert tuple(c.pixels[10, 10]) == RED and tuple(c.pixels[10, 15]) == RED
    assert tuple(c.pixels[10, 16]) == BG and tuple(c.pixels[4, 4]) == BG
    assert _ink(c).sum() == sum(
        1 for y in range(21) for x in range(21) if (x - 10) ** 2 + (y - 10) ** 2 <= 5.5**2
    )
    c = Canvas(21, 21, BG)
    c.ring(10, 10, 6, RED, width=2)
    assert tuple(c.pixels[10, 10]) == BG and tuple(c.pixels[10, 16]) == RED
    assert tuple(c.pixels[10, 14]) == BG


def test_disc_clips_at_corners():
    c = Canvas(10, 10, BG)
    c.disc(0, 0, 4, RED)
    c.disc(9, 9, 30, (0, 255, 0))
    c.disc(-50, 5, 3, RED)
    assert tuple(c.pixels[0, 0]) == (0, 255, 0)
    c = Canvas(10, 10, BG)
    c.disc(0, 0, 4, RED)
    assert tuple(c.pixels[0, 0]) == RED and tuple(c.pixels[4, 0]) == RED
    assert tuple(c.pixels[4, 4]) == BG


def test_line_clips_and_hits_endpoints():
    c = Canvas(10, 10, BG)
    c.line(-5, -5, 20, 20, RED)
    for i in range(10):
        assert tuple(c.pixels[i, i]) == RED
    assert _ink(c).sum() == 10
    c = Canvas(10, 10, BG)
    c.line(2, 8, 7, 8, RED, width=3)  # a square pen: one extra pixel all round
    assert (c.pixels[7:10, 1:9] == RED).all()
    assert _ink(c).sum() == 3 * 8
    c.line(100, 100, 200, 300, RED, width=5)  # wholly outside: nothing, no error
    assert _ink(c).sum() == 24


def test_polygon_fills_and_clips():
    c = Canvas(10, 10, BG)
    c.polygon([(0, 0), (9, 0), (0, 9)], RED)
    assert tuple(c.pixels[1, 1]) == RED and tuple(c.pixels[8, 8]) == BG
    c = Canvas(10, 10, BG)
    c.polygon([(-20, -20), (30, -20), (30, 30), (-20, 30)], RED)
    assert (c.pixels == RED).all()
    c.polygon([(1, 1), (2, 2)], BG)  # fewer than three points: nothing
    assert (c.pixels == RED).all()


def test_layer_copies_a_cached_part_clipped_and_stamp_skips_a_piece_across_an_edge():
    part = np.full((3, 4, 3), 200, dtype=np.uint8)
    c = Canvas(6, 5, BG)
    c.layer(4, 3, part, draw=None)  # only its top-left 2 x 2 lies inside
    assert (c.pixels[3:, 4:] == 200).all() and _ink(c).sum() == 4
    mask = np.array([[False, True, False], [True, True, True], [False, True, False]])
    sprite = (np.full((3, 3, 3), 90, dtype=np.uint8), mask)
    c = Canvas(6, 5, BG)
    c.stamp(2, 2, sprite, draw=None)
    assert (_ink(c) == np.pad(mask, ((1, 1), (1, 2)))).all()
    c.stamp(0, 2, sprite, draw=None)  # one column would fall outside: left out whole
    assert _ink(c).sum() == 5
