"""Shapes text with HarfBuzz (uharfbuzz), independently of Strata.

Usage: python3 hb_oracle.py FONT SIZE TEXT
Prints one line per glyph, in drawing order (left to right): glyph-id x-of-origin advance
y-offset, in points at SIZE. Direction and script are guessed from the text, default features.
Exits 3 when uharfbuzz is not installed.
"""
import sys

try:
    import uharfbuzz as hb
except ImportError:
    sys.exit(3)

path, size, text = sys.argv[1], float(sys.argv[2]), sys.argv[3]
with open(path, "rb") as f:
    blob = hb.Blob(f.read())
face = hb.Face(blob)
font = hb.Font(face)
scale = size / face.upem
buf = hb.Buffer()
buf.add_str(text)
buf.guess_segment_properties()
hb.shape(font, buf, {})
x = 0
for info, pos in zip(buf.glyph_infos, buf.glyph_positions):
    print(info.codepoint, (x + pos.x_offset) * scale, pos.x_advance * scale, pos.y_offset * scale)
    x += pos.x_advance
