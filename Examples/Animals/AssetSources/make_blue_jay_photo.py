"""Makes blue-jay@3x.jpg, the "photograph" of the animals onboarding's second print.

It is drawn here, from nothing but shapes and noise, to look like a photo: a blue jay on a
branch in front of foliage thrown out of focus (soft discs of light), lit from the top left,
with a little lens vignetting and film grain, saved as a progressive JPEG. Run it with Pillow
installed (python3 make_blue_jay_photo.py) from this folder; the committed JPEG is its output,
so nothing needs Pillow to build or test Strata.
"""

import random

from PIL import Image, ImageChops, ImageDraw, ImageFilter

W, H = 420, 300  # 140 × 100 points at @3x
S = 4  # supersampling for the sharp subject
random.seed(7)


def background():
    """The foliage behind the bird, out of focus, and the sun coming through it."""
    img = Image.new("RGB", (W, H))
    d = ImageDraw.Draw(img)
    # A light falling from the top left.
    for y in range(H):
        for x in range(0, W, 2):
            t = (x / W) * 0.6 + (y / H) * 0.4
            d.line([(x, y), (x + 1, y)], fill=(int(120 - 70 * t), int(150 - 70 * t), int(96 - 50 * t)))
    # Leaves far behind: discs of light and shade, blurred as a wide aperture would.
    for _ in range(70):
        x, y = random.uniform(-20, W + 20), random.uniform(-20, H + 20)
        r = random.uniform(8, 34)
        g = random.randint(90, 200)
        c = (int(g * random.uniform(0.55, 0.8)), g, int(g * random.uniform(0.35, 0.6)))
        d.ellipse([x - r, y - r, x + r, y + r], fill=c)
    img = img.filter(ImageFilter.GaussianBlur(9))
    # Bokeh: bright, even discs where the sun comes through, added on top.
    glow = Image.new("RGB", (W, H))
    gd = ImageDraw.Draw(glow)
    for _ in range(16):
        x, y = random.uniform(0, W * 0.7), random.uniform(0, H * 0.6)
        r = random.uniform(6, 14)
        k = random.randint(50, 110)
        gd.ellipse([x - r, y - r, x + r, y + r], fill=(k, k, int(k * 0.7)))
    return ImageChops.add(img, glow.filter(ImageFilter.GaussianBlur(2.2)))


def subject():
    big = Image.new("RGBA", (W * S, H * S), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)

    def e(cx, cy, rx, ry, c):
        d.ellipse([(cx - rx) * S, (cy - ry) * S, (cx + rx) * S, (cy + ry) * S], fill=c)

    def poly(points, c):
        d.polygon([(x * S, y * S) for x, y in points], fill=c)

    # The branch, from the left edge to beyond the right one.
    d.line([(0, 236 * S), (200 * S, 228 * S), (430 * S, 246 * S)], fill=(92, 68, 48), width=14 * S)
    d.line([(0, 232 * S), (200 * S, 224 * S), (430 * S, 242 * S)], fill=(120, 92, 66), width=4 * S)
    # Tail, body, belly, wing, head, crest, beak, eye.
    poly([(150, 170), (96, 150), (104, 186), (150, 196)], (38, 92, 160))
    e(214, 170, 56, 58, (58, 128, 206))
    e(226, 190, 36, 34, (214, 232, 244))
    poly([(170, 150), (238, 168), (228, 206), (164, 190)], (40, 98, 170))
    for i in range(4):  # wing bars
        x = 178 + i * 14
        d.line([(x * S, (160 + i * 3) * S), ((x + 6) * S, (196 + i * 2) * S)], fill=(240, 244, 250), width=3 * S)
    e(246, 116, 34, 32, (62, 136, 214))
    poly([(230, 92), (214, 58), (250, 86)], (46, 108, 186))
    poly([(274, 110), (304, 120), (274, 128)], (40, 40, 44))
    d.line([(222 * S, 126 * S), (272 * S, 140 * S)], fill=(24, 28, 36), width=4 * S)  # necklace
    e(258, 110, 6, 6, (20, 22, 28))
    e(260, 108, 2, 2, (255, 255, 255))
    # Feet on the branch.
    for x in (206, 232):
        d.line([(x * S, 214 * S), ((x - 4) * S, 232 * S)], fill=(70, 60, 56), width=3 * S)
    return big.resize((W, H), Image.LANCZOS)


def shade(bird):
    """Light from the top left on the bird: lighter there, darker to the bottom right."""
    light = Image.new("L", (W, H))
    px = light.load()
    for y in range(H):
        for x in range(W):
            px[x, y] = max(0, min(255, int(128 + 90 * (0.5 - (x - 170) / 160 * 0.6 - (y - 80) / 160 * 0.8))))
    lit = ImageChops.overlay(bird.convert("RGB"), Image.merge("RGB", [light] * 3))
    out = lit.convert("RGBA")
    out.putalpha(bird.getchannel("A"))
    return out


def main():
    img = background()
    bird = subject()
    # The bird's shadow on the leaves behind: soft and offset down to the right.
    shadow = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    shadow.putalpha(bird.getchannel("A").point(lambda a: a * 45 // 255))
    shadow = shadow.filter(ImageFilter.GaussianBlur(6))
    img.paste(shadow, (6, 8), shadow)
    bird = shade(bird).filter(ImageFilter.GaussianBlur(0.4))
    img.paste(bird, (0, 0), bird)
    # Vignetting and grain.
    px = img.load()
    for y in range(H):
        for x in range(W):
            dx, dy = (x - W / 2) / (W / 2), (y - H / 2) / (H / 2)
            v = 1 - 0.28 * (dx * dx + dy * dy) / 2
            n = random.gauss(0, 5)
            px[x, y] = tuple(max(0, min(255, int(ch * v + n))) for ch in px[x, y])
    img.save("../Assets/blue-jay@3x.jpg", "JPEG", quality=86, progressive=True, optimize=True)


if __name__ == "__main__":
    main()
