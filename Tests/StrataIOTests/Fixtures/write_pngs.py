"""Writes PNG test files with Python's own zlib, independently of Strata's encoder.

For every colour type and bit depth the PNG standard allows, plain and Adam7-interlaced,
with and without tRNS, it writes NAME.png and NAME.rgba: the expected straight-alpha
8-bit RGBA pixels, computed here from the samples.
Usage: python3 write_pngs.py OUTPUT_FOLDER
"""
import os
import struct
import sys
import zlib

W, H = 13, 11
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def sample(x, y, c, maxv):
    return ((x * 7 + y * 13 + c * 5 + x * y) * 2654435761 >> 7) % (maxv + 1)


def pack(values, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", v) for v in values)
    if depth == 8:
        return bytes(values)
    bits = "".join(format(v, "0%db" % depth) for v in values)
    bits += "0" * (-len(bits) % 8)
    return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))


def to8(v, depth):
    if depth == 16:
        return (v * 255 + 32767) // 65535
    return v * 255 // ((1 << depth) - 1)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filter_rows(rows, bpp):
    out = b""
    prev = bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        f = y % 5
        enc = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][f]
            enc.append((x - pred) & 0xFF)
        out += bytes([f]) + bytes(enc)
        prev = row
    return out


def write(folder, name, color_type, depth, interlace, trns):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    maxv = (1 << depth) - 1
    palette = []
    if color_type == 3:
        n = min(1 << depth, 200)
        palette = [(sample(i, 1, 0, 255), sample(i, 2, 1, 255), sample(i, 3, 2, 255)) for i in range(n)]
        maxv = n - 1
    samples = [[[sample(x, y, c, maxv) for c in range(channels)] for x in range(W)] for y in range(H)]
    trns_value = samples[2][3] if trns and color_type in (0, 2) else None
    palette_alpha = [sample(i, 4, 3, 255) for i in range(len(palette) // 2)] if trns and color_type == 3 else []
    expected = bytearray()
    for y in range(H):
        for x in range(W):
            s = samples[y][x]
            if color_type == 0:
                g = to8(s[0], depth)
                a = 0 if trns_value is not None and s == trns_value else 255
                expected += bytes([g, g, g, a])
            elif color_type == 2:
                a = 0 if trns_value is not None and s == trns_value else 255
                expected += bytes([to8(s[0], depth), to8(s[1], depth), to8(s[2], depth), a])
            elif color_type == 3:
                r, g, b = palette[s[0]]
                a = palette_alpha[s[0]] if s[0] < len(palette_alpha) else 255
                expected += bytes([r, g, b, a])
            elif color_type == 4:
                g = to8(s[0], depth)
                expected += bytes([g, g, g, to8(s[1], depth)])
            else:
                expected += bytes([to8(v, depth) for v in s])
    bpp = max(1, channels * depth // 8)
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    raw = b""
    for x0, y0, dx, dy in passes:
        xs = list(range(x0, W, dx))
        ys = list(range(y0, H, dy))
        if not xs or not ys:
            continue
        rows = [pack([v for x in xs for v in samples[y][x]], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    data = zlib.compress(raw, 9)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, interlace))
    png += chunk(b"tEXt", b"Comment\x00written by write_pngs.py")
    if color_type == 3:
        png += chunk(b"PLTE", b"".join(bytes(p) for p in palette))
    if trns_value is not None:
        png += chunk(b"tRNS", b"".join(struct.pack(">H", v) for v in trns_value))
    if palette_alpha:
        png += chunk(b"tRNS", bytes(palette_alpha))
    # Split the image data over several IDAT chunks, as encoders may.
    third = max(1, len(data) // 3)
    for i in range(0, len(data), third):
        png += chunk(b"IDAT", data[i:i + third])
    png += chunk(b"IEND", b"")
    with open(os.path.join(folder, name + ".png"), "wb") as f:
        f.write(png)
    with open(os.path.join(folder, name + ".rgba"), "wb") as f:
        f.write(bytes(expected))


def main():
    folder = sys.argv[1]
    combos = {0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]}
    for color_type, depths in combos.items():
        for depth in depths:
            for interlace in (0, 1):
                for trns in ((False, True) if color_type in (0, 2, 3) else (False,)):
                    name = "ct%d-d%d%s%s" % (color_type, depth, "-i" if interlace else "", "-t" if trns else "")
                    write(folder, name, color_type, depth, interlace, trns)


main()
