/// The preview's page and script, served from memory.
enum PreviewPage {
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
        #screen { display: block; border-radius: 30px; background: #fff; touch-action: none;
                  cursor: grab; }
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
        <div id="phone"><canvas id="screen" width="375" height="667"></canvas></div>
        <aside>
          <h1>\(safe)</h1>
          <div class="row" id="state">connecting…</div>
          <div class="row"><input type="range" id="scrub" min="0" max="2" step="0.01" value="0"
            aria-label="page position"></div>
          <div class="row">
            <label><input type="checkbox" id="reduceMotion"> reduced motion</label>
            <label><input type="checkbox" id="rtl"> right to left</label>
          </div>
          <div class="row">
            <label>size <select id="size">
              <option value="">the onboarding's</option>
              <option>320x568</option><option>375x667</option><option>390x844</option>
              <option>430x932</option><option>667x375</option><option>844x390</option>
              <option>1024x768</option>
            </select></label>
            <label>text <select id="textSize">
              <option>xSmall</option><option>small</option><option>medium</option>
              <option selected>large</option><option>xLarge</option><option>xxLarge</option>
              <option>xxxLarge</option><option>accessibility1</option><option>accessibility2</option>
              <option>accessibility3</option><option>accessibility4</option><option>accessibility5</option>
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

  /// The script: draws frames as they come, sends touches as they happen.
  static let script = """
    "use strict";
    const screen = document.getElementById("screen");
    const context = screen.getContext("2d");
    const state = document.getElementById("state");
    const scrub = document.getElementById("scrub");
    const events = document.getElementById("events");
    const error = document.getElementById("error");
    const token = new URLSearchParams(location.search).get("token") || "";
    const socket = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    socket.binaryType = "arraybuffer";
    let frame = null;
    let received = 0;
    let scrubbing = false;
    window.strataPreview = { frames: () => received, state: () => frame };

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

    socket.onmessage = async (message) => {
      if (typeof message.data === "string") {
        const m = JSON.parse(message.data);
        if (m.type === "frame") {
          frame = m;
          state.textContent = `page ${m.page + 1} of ${m.pageCount} · position ${m.position.toFixed(3)}`;
          scrub.max = Math.max(0, m.pageCount - 1);
          if (!scrubbing) scrub.value = m.position;
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
      const bitmap = await createImageBitmap(new Blob([message.data], { type: "image/png" }));
      if (frame) {
        screen.style.width = `${frame.width}px`;
        screen.style.height = `${frame.height}px`;
      }
      if (screen.width !== bitmap.width || screen.height !== bitmap.height) {
        screen.width = bitmap.width;
        screen.height = bitmap.height;
      }
      context.drawImage(bitmap, 0, 0);
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
        if (phase === "down") screen.setPointerCapture(e.pointerId);
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

    """
}
