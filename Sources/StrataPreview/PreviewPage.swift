import Strata
import StrataRender

/// The preview's page and script, served from memory.
enum PreviewPage {
  /// The screen sizes the page offers: the devices `strata audit` checks, from the same list
  /// (``LayoutAudit/Device/matrix``), each as the `size` setting's WIDTHxHEIGHT.
  static var sizeOptions: String {
    LayoutAudit.Device.matrix.map { d in
      let size = "\(LayoutAudit.format(d.size.width))x\(LayoutAudit.format(d.size.height))"
      return "<option value=\"\(size)\">\(d.description)</option>"
    }.joined()
  }

  /// The text sizes the page offers: every ``ContentSize``, by the names Swift, the spec
  /// (`options.contentSize`) and the command line (`--text-size`) use; `large` chosen.
  static var textSizeOptions: String {
    ContentSize.allCases.map {
      "<option\($0 == .large ? " selected" : "")>\($0.rawValue)</option>"
    }.joined()
  }

  /// The page, titled with the onboarding's name.
  static func html(title: String) -> String {
    let safe = title.map { c -> String in
      switch c {
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "&": return "&amp;"
      case "\"": return "&quot;"
      default: return String(c)
      }
    }.joined()
    return """
      <!doctype html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(safe) · Strata preview</title>
      <style>
        body { margin: 0; font: 14px/1.4 system-ui, sans-serif; background: #eceef1; color: #1d1d1f; }
        main { display: flex; gap: 32px; padding: 24px; align-items: flex-start; }
        #phone { padding: 14px; border-radius: 44px; background: #1d1d1f;
                 box-shadow: 0 10px 30px rgba(0,0,0,.25); }
        #screen { display: block; position: relative; overflow: hidden; border-radius: 30px;
                  background: #fff; touch-action: none; cursor: grab; width: 375px; height: 667px; }
        #screen canvas { display: block; width: 100%; height: 100%; }
        .l { position: absolute; left: 0; top: 0; transform-origin: 0 0; pointer-events: none; }
        .k, .s, .b, .c, .g { position: absolute; left: 0; top: 0; }
        .s { transform-origin: 0 0; }
        .b { box-sizing: border-box; }
        aside { min-width: 280px; max-width: 360px; }
        h1 { font-size: 18px; margin: 0 0 12px; }
        .row { margin: 10px 0; }
        label { margin-right: 12px; }
        #scrub { width: 100%; }
        #events { height: 260px; overflow: auto; background: #fff; border-radius: 8px;
                  padding: 6px 8px; font: 12px/1.5 ui-monospace, monospace; }
        #error { display: none; white-space: pre-wrap; background: #fde2e1; color: #7a1c16;
                 border-radius: 8px; padding: 8px; }
        #state { font-variant-numeric: tabular-nums; }
      </style>
      </head>
      <body>
      <main>
        <div id="phone"><div id="screen"></div></div>
        <aside>
          <h1>\(safe)</h1>
          <div class="row" id="state">connecting…</div>
          <div class="row"><input type="range" id="scrub" min="0" max="2" step="0.01" value="0"
            aria-label="page position"></div>
          <div class="row">
            <label><input type="checkbox" id="reduceMotion"> reduced motion</label>
            <label><input type="checkbox" id="rtl"> right to left</label>
          </div>
          <div class="row" id="pager">
            <label><input type="checkbox" id="circular"> go round</label>
            <label><input type="checkbox" id="vertical"> vertical</label>
            <label>autoplay <select id="autoplay">
              <option value="">the onboarding's</option><option value="0">off</option>
              <option value="1">1 s</option><option value="2">2 s</option>
              <option value="4">4 s</option>
            </select></label>
          </div>
          <div class="row">
            <label>size <select id="size">
              <option value="">the onboarding's</option>
              \(sizeOptions)
            </select></label>
            <label>text <select id="textSize">
              \(textSizeOptions)
            </select></label>
          </div>
          <div class="row" id="error" role="alert"></div>
          <div class="row"><div id="events" aria-live="polite"></div></div>
        </aside>
      </main>
      <script src="/app.js"></script>
      </body>
      </html>

      """
  }

  /// The script: keeps the page's layers in step with the server's operations (or, with
  /// `?mode=frames`, draws whole frames), sends touches as they happen.
  static let script = """
    "use strict";
    const screen = document.getElementById("screen");
    const state = document.getElementById("state");
    const scrub = document.getElementById("scrub");
    const events = document.getElementById("events");
    const error = document.getElementById("error");
    const params = new URLSearchParams(location.search);
    const token = params.get("token") || "";
    const mode = params.get("mode") === "frames" ? "frames" : "layers";
    const socket = new WebSocket(
      `ws://${location.host}/ws?token=${encodeURIComponent(token)}&mode=${mode}`);
    socket.binaryType = "arraybuffer";
    let frame = null;
    let received = 0;
    let bytes = 0;
    let scrubbing = false;
    window.strataPreview = {
      frames: () => received, state: () => frame, bytes: () => bytes, mode,
      layers: () => layers.size, contents: () => contents.size,
    };
    const canvas = mode === "frames" ? document.createElement("canvas") : null;
    if (canvas) screen.appendChild(canvas);

    // Layers: the server's retained tree, one element per layer. A layer is a box (its
    // opacity and mask) holding, bottom first, its shadow's bitmap, its background, its
    // content's bitmap, a clip box with the sublayers (moved by the bounds' origin), and a
    // border drawn over them.
    const layers = new Map();
    const contents = new Map();
    const order = ["shadow", "bg", "img", "shapes", "clip", "border"];
    function make(id) {
      const el = document.createElement("div");
      el.className = "l";
      const clip = document.createElement("div");
      clip.className = "k";
      const subs = document.createElement("div");
      subs.className = "s";
      clip.appendChild(subs);
      el.appendChild(clip);
      const layer = { el, clip, subs, shadow: null, bg: null, img: null, shapes: null,
                      border: null, r: 0, clips: false, w: 0, h: 0 };
      layers.set(id, layer);
      return layer;
    }
    function px(v) { return `${v}px`; }
    // The element in `slot` of layer `l`, made and put in its place when it is missing.
    function part(l, slot, tag, className) {
      if (l[slot]) return l[slot];
      const e = document.createElement(tag);
      e.className = className;
      if (tag === "img") e.alt = "";
      const after = order.slice(order.indexOf(slot) + 1).map((k) => l[k]).find((x) => x);
      l.el.insertBefore(e, after || null);
      l[slot] = e;
      return e;
    }
    function drop(l, slot) {
      if (l[slot]) { l[slot].remove(); l[slot] = null; }
    }
    function round(l) {
      const r = l.r ? px(l.r) : "";
      if (l.bg) l.bg.style.borderRadius = r;
      if (l.border) l.border.style.borderRadius = r;
      l.clip.style.borderRadius = l.clips ? r : "";
    }
    function size(l) {
      for (const e of [l.el, l.clip, l.bg, l.border]) {
        if (e) { e.style.width = px(l.w); e.style.height = px(l.h); }
      }
    }
    function place(l, slot, o) {
      if (o.c === null || !contents.has(o.c)) { drop(l, slot); return; }
      const img = part(l, slot, "img", "c");
      if (img.getAttribute("src") !== contents.get(o.c)) img.src = contents.get(o.c);
      img.style.left = px(o.x);
      img.style.top = px(o.y);
      img.style.width = px(o.w);
      img.style.height = px(o.h);
    }
    function apply(o) {
      if (o.op === "reset") { screen.textContent = ""; layers.clear(); return; }
      if (o.op === "drop") {
        URL.revokeObjectURL(contents.get(o.c));
        contents.delete(o.c);
        return;
      }
      if (o.op === "create") { make(o.id); return; }
      const l = layers.get(o.id);
      if (!l) return;
      switch (o.op) {
        case "insert": {
          l.el.remove();
          const into = o.parent === null ? screen : layers.get(o.parent)?.subs;
          if (into) into.insertBefore(l.el, into.children[o.index] || null);
          break;
        }
        case "remove": l.el.remove(); break;
        case "destroy": l.el.remove(); layers.delete(o.id); break;
        case "geometry":
          l.el.style.transform = `matrix(${o.m.join(",")})`;
          l.w = o.w; l.h = o.h;
          size(l);
          l.subs.style.transform = o.ox || o.oy ? `translate(${-o.ox}px,${-o.oy}px)` : "";
          break;
        case "alpha": l.el.style.opacity = o.a === 1 ? "" : String(o.a); break;
        case "hidden": l.el.style.display = o.h ? "none" : ""; break;
        case "clip":
          l.clips = o.c;
          l.clip.style.overflow = o.c ? "hidden" : "";
          l.el.style.clipPath = o.mask ? `path('${o.mask}')` : "";
          round(l);
          break;
        case "look":
          l.r = o.r;
          if (o.bg) part(l, "bg", "div", "g").style.backgroundColor = o.bg; else drop(l, "bg");
          if (o.bw > 0 && o.bc) part(l, "border", "div", "b").style.border = `${o.bw}px solid ${o.bc}`;
          else drop(l, "border");
          size(l);
          round(l);
          break;
        case "shadow": place(l, "shadow", o); break;
        case "content": place(l, "img", o); break;
        case "shapes": {
          // A content split into shapes: each a coverage bitmap as a mask, in its tint.
          if (o.s.length === 0) { drop(l, "shapes"); break; }
          const box = part(l, "shapes", "div", "c");
          while (box.children.length > o.s.length) box.lastChild.remove();
          while (box.children.length < o.s.length) box.appendChild(document.createElement("div"));
          o.s.forEach((s, i) => {
            const d = box.children[i];
            const url = contents.get(s.c);
            d.style.cssText = url === undefined ? "display:none" :
              `position:absolute;left:${s.x}px;top:${s.y}px;width:${s.w}px;height:${s.h}px;` +
              `mask:url(${url}) 0 0/100% 100% no-repeat;-webkit-mask:url(${url}) 0 0/100% 100% no-repeat;`;
          });
          break;
        }
        case "tints": {
          if (!l.shapes) break;
          o.t.forEach(([color, opacity], i) => {
            const d = l.shapes.children[i];
            if (!d) return;
            d.style.backgroundColor = color;
            d.style.opacity = opacity === 1 ? "" : String(opacity);
          });
          break;
        }
        case "name": if (o.name) l.el.dataset.name = o.name; break;
      }
    }

    function send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    }
    function showError(text) {
      error.textContent = text;
      error.style.display = text ? "block" : "none";
    }
    function log(text) {
      const line = document.createElement("div");
      line.textContent = text;
      events.prepend(line);
      while (events.childNodes.length > 200) events.removeChild(events.lastChild);
    }
    function showState(m) {
      frame = m;
      state.textContent = `page ${m.page + 1} of ${m.pageCount} · position ${m.position.toFixed(3)}`;
      scrub.max = Math.max(0, m.pageCount - 1);
      if (!scrubbing) scrub.value = m.position;
      screen.style.width = px(m.width);
      screen.style.height = px(m.height);
    }

    socket.onmessage = async (message) => {
      const data = message.data;
      bytes += typeof data === "string" ? data.length : data.byteLength;
      if (typeof data === "string") {
        const m = JSON.parse(data);
        if (m.type === "layers") {
          for (const o of m.ops) apply(o);
          showState(m);
          // Acknowledged once the browser has shown it: the server sends at the display's pace.
          requestAnimationFrame(() => { received += 1; send({ type: "ack" }); });
        } else if (m.type === "frame") {
          showState(m);
        } else if (m.type === "event") {
          const { time, event, ...rest } = m.event;
          log(`${time.toFixed(2)} s  ${event} ${JSON.stringify(rest)}`);
        } else if (m.type === "error") {
          showError(m.message);
        } else if (m.type === "reloaded") {
          showError("");
          log("reloaded");
        }
        return;
      }
      if (mode === "layers") {
        const head = new DataView(data, 0, 4).getUint32(0);
        contents.set(head, URL.createObjectURL(new Blob([data.slice(4)], { type: "image/png" })));
        return;
      }
      const bitmap = await createImageBitmap(new Blob([data], { type: "image/png" }));
      if (canvas.width !== bitmap.width || canvas.height !== bitmap.height) {
        canvas.width = bitmap.width;
        canvas.height = bitmap.height;
      }
      canvas.getContext("2d").drawImage(bitmap, 0, 0);
      received += 1;
      send({ type: "ack" });
    };
    socket.onclose = () => { state.textContent = "disconnected (is strata preview running?)"; };

    function point(e) {
      const r = screen.getBoundingClientRect();
      const w = frame ? frame.width : r.width;
      const h = frame ? frame.height : r.height;
      return { x: (e.clientX - r.left) * w / r.width, y: (e.clientY - r.top) * h / r.height };
    }
    for (const [name, phase] of [["pointerdown", "down"], ["pointermove", "move"],
                                 ["pointerup", "up"], ["pointercancel", "cancel"]]) {
      screen.addEventListener(name, (e) => {
        if (phase === "move" && e.buttons === 0 && e.pointerType === "mouse") return;
        if (phase === "down") {
          try { screen.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer */ }
        }
        e.preventDefault();
        send({ type: "touch", phase, ...point(e) });
      });
    }
    scrub.addEventListener("input", () => {
      scrubbing = true;
      send({ type: "scrub", position: Number(scrub.value) });
    });
    scrub.addEventListener("change", () => { scrubbing = false; });
    function settings() {
      send({
        type: "settings",
        rtl: document.getElementById("rtl").checked,
        reduceMotion: document.getElementById("reduceMotion").checked,
        size: document.getElementById("size").value || undefined,
        textSize: document.getElementById("textSize").value,
      });
    }
    for (const id of ["rtl", "reduceMotion", "size", "textSize"]) {
      document.getElementById(id).addEventListener("change", settings);
    }
    // The pager switches send only the one that changed, so the spec's own stay until then.
    for (const id of ["circular", "vertical"]) {
      const box = document.getElementById(id);
      box.addEventListener("change", () => send({ type: "settings", [id]: box.checked }));
    }
    const autoplay = document.getElementById("autoplay");
    autoplay.addEventListener("change", () => {
      if (autoplay.value !== "") send({ type: "settings", autoplay: Number(autoplay.value) });
    });

    """
}
