"""Renders Strata's benchmark frames (SVG exports written by `strata bench --svg-dir`) with
ThorVG and Skia, replays their drawing commands (the JSON beside each SVG) with Blend2D, times
resvg's whole render, and prints them beside Strata's own figures from `strata bench --json`
of the same run, with the ratios.

Blend2D's Python binding (blend2d-py) fills polygons with solid colours and nothing else: the
replay flattens every path (16 segments a curve), fills gradients with their stops' mean colour,
bitmaps as their outline, shadows unblurred, and leaves out strokes, clips and group layers. It
does the same geometry as Strata with less of the compositing, so its time is a lower bound of
what Blend2D would need for the whole frame. `strata bench` also times Strata on exactly
those polygons (`<frame>.polygons.raster`, the reduction in PolygonReplay.swift), for the
ratio of the two rasterizers on the same geometry.

    python peers.py BENCH.jsonl SVG_DIR [ROUNDS]
"""
import json
import statistics
import subprocess
import sys
import time

bench_path, svg_dir = sys.argv[1], sys.argv[2]
rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 7
ours = {}
for line in open(bench_path):
    line = line.strip()
    if line.startswith("{"):
        r = json.loads(line)
        ours[r["name"]] = r

SCALE = 1  # the SVG export is already in device pixels (1170 × 2532)
frames = [("render", "the seven-layer frame"), ("render.animals", "the animals frame")]


def median_ms(fn):
    samples = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    return statistics.median(samples)


def thorvg_ms(svg, w, h):
    import thorvg_python as tvg

    engine = tvg.Engine(threads=0)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h)
    picture = tvg.Picture(engine)
    data = open(svg, "rb").read()
    picture.load_data(data, "svg", None, True)
    picture.set_size(w, h)
    canvas.add(picture)

    def draw():
        canvas.update()
        canvas.draw(True)
        canvas.sync()

    draw()  # parse and first layout outside the timing
    return median_ms(draw)


def skia_ms(svg, w, h):
    import skia

    dom = skia.SVGDOM.MakeFromStream(skia.Stream.MakeFromFile(svg))
    surface = skia.Surface(w, h)

    def draw():
        with surface as canvas:
            canvas.clear(skia.ColorTRANSPARENT)
            canvas.save()
            canvas.scale(SCALE, SCALE)
            dom.render(canvas)
            canvas.restore()
        surface.flushAndSubmit()

    draw()
    return median_ms(draw)


def blend2d_ms(json_path, w, h):
    import re
    import blend2d

    doc = json.load(open(json_path))
    number = re.compile(r"[MLQCZ]|-?[0-9.]+(?:e-?[0-9]+)?")

    def polygons(data, t):
        a, b, c, d, tx, ty = t

        def dev(x, y):
            return (a * x + c * y + tx, b * x + d * y + ty)

        tokens = number.findall(data)
        out, current, start, pen, i = [], [], None, (0.0, 0.0), 0
        while i < len(tokens):
            op = tokens[i]
            i += 1
            if op == "Z":
                if current:
                    out.append(current)
                current = []
                pen = start or pen
                continue
            k = {"M": 2, "L": 2, "Q": 4, "C": 6}[op]
            v = [float(x) for x in tokens[i:i + k]]
            i += k
            if op == "M":
                if current:
                    out.append(current)
                pen = start = (v[0], v[1])
                current = [dev(*pen)]
            elif op == "L":
                pen = (v[0], v[1])
                current.append(dev(*pen))
            else:
                pts = [pen] + [(v[j], v[j + 1]) for j in range(0, k, 2)]
                for s in range(1, 17):
                    u = s / 16
                    if op == "Q":
                        (x0, y0), (x1, y1), (x2, y2) = pts
                        x = (1 - u) ** 2 * x0 + 2 * (1 - u) * u * x1 + u * u * x2
                        y = (1 - u) ** 2 * y0 + 2 * (1 - u) * u * y1 + u * u * y2
                    else:
                        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = pts
                        x = (1 - u) ** 3 * x0 + 3 * (1 - u) ** 2 * u * x1 + 3 * (1 - u) * u * u * x2 + u ** 3 * x3
                        y = (1 - u) ** 3 * y0 + 3 * (1 - u) ** 2 * u * y1 + 3 * (1 - u) * u * u * y2 + u ** 3 * y3
                    current.append(dev(x, y))
                pen = pts[-1]
        if current:
            out.append(current)
        return out

    def rgba(color, opacity):
        r, g, b, a = color
        return tuple(int(round(255 * x)) for x in (r, g, b)) + (int(round(255 * a * opacity)),)

    def paint_color(paint, opacity):
        if paint["type"] == "solid":
            return rgba(paint["color"], opacity)
        stops = [s["color"] for s in paint["stops"]] or [[0, 0, 0, 0]]
        mean = [sum(c[k] for c in stops) / len(stops) for k in range(4)]
        return rgba(mean, opacity)

    shapes = []
    for c in doc["commands"]:
        op = c["op"]
        if op == "fill":
            shapes.append((polygons(c["path"], c["transform"]), paint_color(c["paint"], c["opacity"])))
        elif op == "glyphs":
            shapes.append((polygons(c["path"], c["transform"]), rgba(c["color"], c["opacity"])))
        elif op == "shadow":
            shapes.append((polygons(c["path"], [1, 0, 0, 1, 0, 0]), rgba(c["color"], c["opacity"])))
        elif op == "image":
            iw, ih = c["width"], c["height"]
            shapes.append((polygons(f"M0 0 L{iw} 0 L{iw} {ih} L0 {ih} Z", c["transform"]), (128, 128, 128, 255)))
    paths = []
    for polys, color in shapes:
        p = blend2d.Path()
        for poly in polys:
            p.move_to(*poly[0])
            for q in poly[1:]:
                p.line_to(*q)
            p.close()
        paths.append((p, color))

    def draw():
        image = blend2d.Image(w, h)
        ctx = blend2d.Context(image)
        ctx.set_comp_op(blend2d.CompOp.SRC_OVER)
        for p, color in paths:
            ctx.set_fill_style_rgba(*color)
            ctx.fill_path(p)
        ctx.end()

    draw()
    return median_ms(draw)


def resvg_ms(svg):
    def run():
        subprocess.run(
            ["resvg", "--zoom", str(SCALE), svg, svg + ".resvg.png"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return median_ms(run)


print("| frame | Strata raster, 1 thread | 2 threads | Strata encode, 1 thread | raster + encode, 1 thread | both on 2 threads | ThorVG raster | Skia raster | Blend2D replay (lower bound) | Strata on the replay's polygons | resvg whole | Strata raster ÷ ThorVG (goal ≤ 0.08) | ÷ Skia | ÷ Blend2D (goal ≤ 2) | same polygons: Strata ÷ Blend2D | Strata raster+encode ÷ resvg |")
print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
for prefix, label in frames:
    raster = next((v for k, v in ours.items() if k.startswith(prefix + ".raster.") and "fps" not in k and "threads" not in k), None)
    banded = next((v for k, v in ours.items() if k.startswith(prefix + ".raster.2threads.") and "speedup" not in k), None)
    polygons = next((v for k, v in ours.items() if k.startswith(prefix + ".polygons.raster.")), None)
    encoded2 = next((v for k, v in ours.items() if k.startswith(prefix + ".encode.2threads.")), None)
    encode = next((v for k, v in ours.items() if k.startswith(prefix + ".encode.") and k.count(".") == len(prefix.split(".")) + 1), None)
    if raster is None or encode is None:
        print(f"| {label} | (no figures from strata bench) |")
        continue
    size = raster["name"].rsplit(".", 1)[1]
    w, h = (int(x) for x in size.split("x"))
    svg = f"{svg_dir}/{prefix}.svg"
    r, e = raster["median"], encode["median"]
    r2 = banded["median"] if banded else float("nan")
    e2 = encoded2["median"] if encoded2 else float("nan")
    try:
        t = thorvg_ms(svg, w, h)
    except Exception as error:  # a peer that fails is reported, not fatal
        t = float("nan")
        print(f"note: ThorVG failed: {error}", file=sys.stderr)
    try:
        s = skia_ms(svg, w, h)
    except Exception as error:
        s = float("nan")
        print(f"note: Skia failed: {error}", file=sys.stderr)
    try:
        b = blend2d_ms(f"{svg_dir}/{prefix}.json", w, h)
    except Exception as error:
        b = float("nan")
        print(f"note: Blend2D failed: {error}", file=sys.stderr)
    v = resvg_ms(svg)
    p = polygons["median"] if polygons else float("nan")
    print(f"| {label} ({w}×{h}) | {r:.1f} ms | {r2:.1f} ms | {e:.1f} ms | {r + e:.1f} ms | {r2 + e2:.1f} ms | {t:.1f} ms | {s:.1f} ms | {b:.1f} ms | {p:.1f} ms | {v:.0f} ms | {r / t:.2f} | {r / s:.2f} | {r / b:.2f} | {p / b:.2f} | {(r + e) / v:.3f} |")
