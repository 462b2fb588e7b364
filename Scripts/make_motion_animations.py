#!/usr/bin/env python3
"""Writes the Lottie animations of the motion example (Examples/Motion/Animations).

Each is built here from shapes, so the example carries no third-party art. Run it again
after changing a scene: `python3 Scripts/make_motion_animations.py`. The output is
deterministic (same bytes every run).
"""
import json
import math
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "Examples", "Motion", "Animations")
FRAMES = 60
EASE_OUT = ({"x": [0.25], "y": [0.1]}, {"x": [0.25], "y": [1]})
SMOOTH = ({"x": [0.42], "y": [0]}, {"x": [0.58], "y": [1]})


def value(v):
    return {"a": 0, "k": v}


def keys(*frames, ease=SMOOTH, hold=False):
    """Keyframes from (time, value[, to, ti]) tuples, each eased to the next."""
    out = []
    for n, f in enumerate(frames):
        t, v = f[0], f[1]
        k = {"t": t, "s": v if isinstance(v, list) else [v]}
        if n + 1 < len(frames):
            if hold:
                k["h"] = 1
            else:
                k["o"], k["i"] = ease
            if len(f) > 2:
                k["to"], k["ti"] = f[2], f[3]
        out.append(k)
    return {"a": 1, "k": out}


def transform(p=(0, 0), a=(0, 0), s=(100, 100), r=0, o=100, **extra):
    t = {"ty": "tr", "p": p if isinstance(p, dict) else value(list(p)),
         "a": value(list(a)), "s": s if isinstance(s, dict) else value(list(s)),
         "r": r if isinstance(r, dict) else value(r), "o": o if isinstance(o, dict) else value(o)}
    t.update(extra)
    return t


def group(items, name="", **tr):
    return {"ty": "gr", "nm": name, "it": items + [transform(**tr)]}


def rgb(hexcode):
    return [int(hexcode[i:i + 2], 16) / 255 for i in (0, 2, 4)]


def fill(hexcode, opacity=100):
    return {"ty": "fl", "c": value(rgb(hexcode) + [1]), "o": value(opacity)
            if not isinstance(opacity, dict) else opacity, "r": 1}


def stroke(hexcode, width, cap=2, join=2, dashes=None):
    s = {"ty": "st", "c": value(rgb(hexcode) + [1]), "o": value(100), "w": value(width),
         "lc": cap, "lj": join, "ml": 4}
    if dashes:
        s["d"] = [{"n": "d", "v": value(dashes[0])}, {"n": "g", "v": value(dashes[1])},
                  {"n": "o", "v": value(0)}]
    return s


def gradient(kind, start, end, stops, highlight=None, stroke_width=None):
    """A gradient fill (or stroke with a width): stops as (offset, hex, alpha)."""
    numbers = []
    for offset, hexcode, _ in stops:
        numbers += [offset] + rgb(hexcode)
    for offset, _, alpha in stops:
        numbers += [offset, alpha]
    g = {"ty": "gs" if stroke_width else "gf", "o": value(100), "r": 1,
         "t": 1 if kind == "linear" else 2, "s": value(list(start)), "e": value(list(end)),
         "g": {"p": len(stops), "k": value(numbers)}}
    if highlight:
        g["h"], g["a"] = value(highlight[0]), value(highlight[1])
    if stroke_width:
        g.update({"w": value(stroke_width), "lc": 2, "lj": 2})
    return g


def rect(p, s, r=0):
    return {"ty": "rc", "p": value(list(p)), "s": value(list(s)), "r": value(r)}


def ellipse(p, s):
    return {"ty": "el", "p": value(list(p)), "s": value(list(s) if not isinstance(s, dict) else s)}


def path(points, closed=True, tangents=None):
    """A path through points; tangents (in, out) per point for curves."""
    tin = [list(t[0]) for t in tangents] if tangents else [[0, 0]] * len(points)
    tout = [list(t[1]) for t in tangents] if tangents else [[0, 0]] * len(points)
    return {"ty": "sh", "ks": value({"v": [list(p) for p in points], "i": tin, "o": tout,
                                     "c": closed})}


def star(p, points, outer, inner=None, roundness=0, rotation=0):
    s = {"ty": "sr", "sy": 1 if inner is not None else 2, "d": 1, "p": value(list(p)),
         "pt": value(points), "or": value(outer), "os": value(roundness), "r": value(rotation)}
    if inner is not None:
        s["ir"], s["is"] = value(inner), value(0)
    return s


def layer(name, shapes, ind, ks=None, parent=None, ip=0, op=FRAMES, st=0, **extra):
    l = {"ty": 4, "nm": name, "ind": ind, "ip": ip, "op": op, "st": st,
         "ks": ks or {"o": value(100)}, "shapes": shapes}
    if parent is not None:
        l["parent"] = parent
    l.update(extra)
    return l


def document(name, layers, assets=None, w=240, h=240, op=FRAMES):
    d = {"v": "5.7.0", "nm": name, "fr": 30, "ip": 0, "op": op, "w": w, "h": h,
         "layers": layers}
    if assets:
        d["assets"] = assets
    return d


def circle_mask(cx, cy, r):
    """An add mask: the circle of radius r about (cx, cy)."""
    k = r * 0.5523
    return [{"mode": "a", "inv": False, "o": value(100), "x": value(0),
             "pt": value({"v": [[cx, cy - r], [cx + r, cy], [cx, cy + r], [cx - r, cy]],
                          "i": [[-k, 0], [0, -k], [k, 0], [0, k]],
                          "o": [[k, 0], [0, k], [-k, 0], [0, -k]], "c": True})}]


def circle_matte(ind, cx, cy, r):
    """A matte layer (not drawn itself): a white disc the layer after it shows through."""
    return layer("window", [group([ellipse((cx, cy), (2 * r, 2 * r)), fill("ffffff")])], ind=ind,
                 td=1)


def sunrise():
    sky = layer("sky", [group([
        rect((120, 120), (240, 240)),
        gradient("radial", (120, 200), (120, -40),
                 [(0, "ffd27a", 1), (0.45, "f08a5d", 1), (1, "3b3f8f", 1)],
                 highlight=(30, 0))])], ind=1)
    rays = group([rect((0, -46), (5, 16), 2.5), fill("ffe9a8"),
                  {"ty": "rp", "c": value(12), "o": value(0), "m": 1,
                   "tr": {"ty": "tr", "p": value([0, 0]), "a": value([0, 0]),
                          "s": value([100, 100]), "r": value(30), "so": value(100),
                          "eo": value(100)}}],
                 name="rays", r=keys((0, 0), (FRAMES - 1, 45)))
    sun = layer("sun", [
        rays,
        group([ellipse((0, 0), (58, 58)), fill("ffcf4a")], name="disc"),
    ], ind=2, ks={"o": value(100),
                  "p": keys((0, [48, 206], [20, -80], [-60, 10]), (FRAMES - 1, [150, 92]),
                            ease=EASE_OUT),
                  "s": keys((0, [70, 70]), (FRAMES - 1, [100, 100]), ease=EASE_OUT)})
    back = path([(-30, 190), (70, 150), (150, 176), (270, 140), (270, 250), (-30, 250)],
                tangents=[((0, 0), (30, -18)), ((-30, 0), (30, 0)), ((-30, 0), (30, 0)),
                          ((-30, 0), (0, 0)), ((0, 0), (0, 0)), ((0, 0), (0, 0))])
    front = path([(-30, 214), (100, 180), (270, 206), (270, 250), (-30, 250)],
                 tangents=[((0, 0), (40, -8)), ((-50, 0), (50, 0)), ((-40, -8), (0, 0)),
                           ((0, 0), (0, 0)), ((0, 0), (0, 0))])
    hills = layer("hills", [
        group([front, fill("2f7d5b")], name="front", p=keys((0, [-12, 0]), (FRAMES - 1, [0, 0]))),
        group([back, fill("4fa37a")], name="back", p=keys((0, [10, 6]), (FRAMES - 1, [0, 0]))),
    ], ind=3)
    # Everything inside one round window (the sun's layer moves: its mask follows it back).
    hills["masksProperties"] = circle_mask(120, 120, 112)
    sky["masksProperties"] = circle_mask(120, 120, 112)
    # The sun rises through the round window too: a track matte, since it moves.
    sun["tt"] = 1
    # The first layer is on top.
    return document("sunrise", [hills, circle_matte(9, 120, 120, 112), sun, sky])


def sprout():
    stem = group([
        path([(120, 168), (120, 70)], closed=False,
             tangents=[((0, 0), (-18, -30)), ((14, 30), (0, 0))]),
        {"ty": "tm", "s": value(0), "e": keys((0, 0), (34, 100)), "o": value(0), "m": 1},
        stroke("3c9a52", 7),
    ], name="stem")
    leaf_shape = path([(0, 0), (42, -10)], tangents=[((16, 12), (14, -16)), ((-12, -12), (-10, 12))])
    leaves = [
        group([leaf_shape, fill("58c06b")], name="left leaf", p=(118, 118), s=keys(
            (22, [0, 0]), (40, [-100, 100]), ease=EASE_OUT), r=value(8)),
        group([leaf_shape, fill("6fd07f")], name="right leaf", p=(122, 96), s=keys(
            (30, [0, 0]), (48, [100, 100]), ease=EASE_OUT), r=value(-12)),
    ]
    plant = layer("plant", leaves + [stem], ind=2)
    pot = layer("pot", [group([
        path([(84, 166), (156, 166), (146, 214), (94, 214)]),
        gradient("linear", (84, 166), (156, 214), [(0, "d9774b", 1), (1, "a9532f", 1)]),
    ], name="body"), group([rect((120, 166), (84, 14), 5), fill("c4643c")], name="rim")], ind=3)
    sparkles = []
    for n, (x, y, at) in enumerate([(70, 72, 40), (172, 60, 46), (160, 124, 52)]):
        sparkles.append(group([star((0, 0), 4, 11, 3.5), fill("ffd84d")], name=f"sparkle {n}",
                              p=(x, y), s=keys((at - 8, [0, 0]), (at, [100, 100]), ease=EASE_OUT),
                              r=keys((at - 8, -30), (FRAMES - 1, 30))))
    glow = layer("glow", [group([ellipse((120, 110), (210, 210)),
                                 gradient("radial", (120, 110), (120, 5),
                                          [(0, "fff3c4", 1), (1, "fff3c4", 0)])])], ind=4,
                 ks={"o": keys((0, 30), (FRAMES - 1, 100))})
    return document("sprout", [layer("sparkles", sparkles, ind=1), plant, pot, glow])


def launch():
    puff = group([ellipse((-18, 4), (34, 26)), ellipse((2, -6), (40, 36)),
                  ellipse((22, 4), (32, 24)), {"ty": "mm", "mm": 1}, fill("ffffff", 92)],
                 name="puff")
    cloud = {"id": "cloud", "layers": [layer("puff", [puff], ind=1, op=200, ks={
        "o": value(100), "p": keys((0, [-40, 32]), (90, [110, 32]), ease=({"x": [0], "y": [0]},
                                                                          {"x": [1], "y": [1]}))})]}

    def cloud_layer(ind, y, start, stretch=1, scale=100):
        return {"ty": 0, "nm": f"cloud {ind}", "refId": "cloud", "ind": ind, "w": 240, "h": 60,
                "ip": 0, "op": FRAMES, "st": start, "sr": stretch,
                "ks": {"p": value([0, y]), "s": value([scale, scale]), "o": value(100)}}

    body = path([(0, -46), (16, -10), (14, 26), (-14, 26), (-16, -10)],
                tangents=[((-10, 0), (10, 0)), ((0, -14), (0, 14)), ((0, 0), (0, 0)),
                          ((0, 0), (0, 0)), ((0, 14), (0, -14))])
    rocket = layer("rocket", [
        group([star((0, 40), 3, 14, 6, rotation=180),
               gradient("linear", (0, 28), (0, 58), [(0, "ffe07a", 1), (1, "ff6a3d", 1)])],
              name="flame", s=keys((0, [100, 70]), (5, [100, 110]), (10, [100, 80]),
                                   (15, [100, 115]), (20, [100, 90]), (FRAMES - 1, [100, 100]))),
        group([ellipse((0, -12), (14, 14)), fill("7fd3ff"), stroke("3b4a6b", 2.5)], name="window"),
        group([path([(-14, 10), (-26, 30), (-12, 26)]), path([(14, 10), (26, 30), (12, 26)]),
               fill("e0505e")], name="fins"),
        group([body, fill("f4f4f8"), stroke("3b4a6b", 2.5)], name="body"),
    ], ind=1, ks={"o": value(100),
                  "p": keys((0, [120, 236]), (FRAMES - 1, [120, 112]), ease=EASE_OUT),
                  "r": keys((0, -8), (FRAMES - 1, 0))})
    trail = layer("trail", [group([
        path([(120, 240), (120, 150)], closed=False),
        {"ty": "tm", "s": value(0), "e": keys((0, 0), (FRAMES - 1, 100), ease=EASE_OUT),
         "o": value(0), "m": 1},
        stroke("ffffff", 3, dashes=(6, 8)),
    ])], ind=2, ks={"o": value(70)})
    window = [(120, 10), (230, 120), (120, 230), (10, 120)]
    space = {"ty": 1, "nm": "space", "ind": 6, "ip": 0, "op": FRAMES, "st": 0,
             "sc": "#27305a", "sw": 240, "sh": 240, "ks": {"o": value(100)},
             "masksProperties": [{"mode": "a", "inv": False, "o": value(100), "x": value(0),
                                  "pt": value({"v": [list(p) for p in window],
                                               "i": [[-60, 0], [0, -60], [60, 0], [0, 60]],
                                               "o": [[60, 0], [0, 60], [-60, 0], [0, -60]],
                                               "c": True})}]}
    stars = layer("stars", [group([star((0, 0), 5, 3, 1.3), fill("fff6c9"),
                                   {"ty": "rp", "c": value(5), "o": value(0), "m": 1,
                                    "tr": {"ty": "tr", "p": value([34, 22]), "a": value([0, 0]),
                                           "s": value([100, 100]), "r": value(72),
                                           "so": value(100), "eo": value(40)}}],
                                  p=(60, 40))], ind=5)
    rocket["tt"] = 1
    return document("launch", [circle_matte(9, 120, 120, 110), rocket, trail,
                               cloud_layer(3, 150, 0), cloud_layer(4, 40, -30, 2, 70),
                               stars, space], assets=[cloud])


def hint():
    finger = layer("finger", [
        group([ellipse((0, 0), (18, 18)), fill("ffffff", keys((0, 0), (8, 90), (44, 90), (56, 0)))],
              name="dot"),
    ], ind=1, ks={"o": value(100), "p": keys((0, [96, 20]), (50, [24, 20]))})
    swipe = layer("path", [group([
        path([(96, 20), (24, 20)], closed=False),
        {"ty": "tm", "s": keys((10, 0), (56, 100)), "e": keys((0, 0), (50, 100)), "o": value(0),
         "m": 1},
        stroke("ffffff", 4),
    ])], ind=2, ks={"o": value(45)})
    return document("hint", [finger, swipe], w=120, h=40)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, make in [("sunrise", sunrise), ("sprout", sprout), ("launch", launch),
                       ("hint", hint)]:
        text = json.dumps(make(), separators=(",", ":"), sort_keys=True)
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
