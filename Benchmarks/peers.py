"""Renders Strata's benchmark frames (SVG exports written by `strata bench --svg-dir`) with
ThorVG and Skia, times resvg's whole render, and prints them beside Strata's own figures from
`strata bench --json` of the same run, with the ratios.

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


def resvg_ms(svg):
    def run():
        subprocess.run(
            ["resvg", "--zoom", str(SCALE), svg, svg + ".resvg.png"],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return median_ms(run)


print("| frame | Strata raster | Strata encode | ThorVG raster | Skia raster | resvg whole | Strata raster ÷ ThorVG | ÷ Skia | Strata raster+encode ÷ resvg |")
print("|---|---|---|---|---|---|---|---|---|")
for prefix, label in frames:
    raster = next((v for k, v in ours.items() if k.startswith(prefix + ".raster.") and "fps" not in k), None)
    encode = next((v for k, v in ours.items() if k.startswith(prefix + ".encode.") and k.count(".") == len(prefix.split(".")) + 1), None)
    if raster is None or encode is None:
        print(f"| {label} | (no figures from strata bench) |")
        continue
    size = raster["name"].rsplit(".", 1)[1]
    w, h = (int(x) for x in size.split("x"))
    svg = f"{svg_dir}/{prefix}.svg"
    r, e = raster["median"], encode["median"]
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
    v = resvg_ms(svg)
    print(f"| {label} ({w}×{h}) | {r:.1f} ms | {e:.1f} ms | {t:.1f} ms | {s:.1f} ms | {v:.0f} ms | {r / t:.2f} | {r / s:.2f} | {(r + e) / v:.3f} |")
