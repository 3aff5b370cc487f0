// torchlit in the browser (see crates/web/src/protocol.rs and wire.rs). A screen with a
// scene is drawn on a canvas at one tile per map cell, with an HTML side panel and
// message log; a text page (menus, help, dialogs) is HTML text. Plain JavaScript, no
// build step; game text only ever reaches the page through textContent or the canvas.
"use strict";

(function () {
  const params = new URLSearchParams(location.search);
  const watching = location.pathname === "/watch";
  const watchId = params.get("id");
  const $ = (id) => document.getElementById(id);
  const canvas = $("screen");
  const ctx = canvas.getContext("2d");
  const main = $("main"), game = $("game"), maparea = $("maparea"), textEl = $("text");
  const statusEl = $("status"), toggle = $("toggle"), watchable = $("watchable");
  const ZOOMS = [16, 24, 32, 40, 48, 56, 64];

  let atlasTile = 16;       // atlas pixels per tile
  let atlas = null;         // Image
  let index = {};           // sprite name (or NAME@M) -> [col, row]
  let legendText = {};      // sprite name -> words, from /tiles.json
  let floors = {};          // actor, item or mark sprite name -> the floors it stands on
  let helpLegend = null;    // the legend shown under a help page, once built
  let inHelp = false;       // a help page (opened by ? or F1 over a scene) is up
  let names = ["none"];     // sprite number -> name (from hello)
  let tiles = localStorage.getItem("torchlit-glyphs") !== "1";
  let ts = Number(localStorage.getItem("torchlit-tile")) || 32;  // CSS px per map cell
  if (!ZOOMS.includes(ts)) ts = 32;
  let sc = null;            // the scene: see applyScene
  let text = null;          // the text page: {w, h, cells}
  let cols = 0, rows = 0;   // map cells the canvas shows
  let off = [0, 0];         // cells from the canvas's corner to the view's (a small map)
  let hover = null;         // the map cell the mouse is over, "x,y"
  let ws = null, ended = false, role = watching ? "watch" : "play", greeted = false;
  let frames = 0, bytes = 0;
  let notice = "";
  const held = new Map();   // KeyboardEvent.code -> the key sent at keydown
  const SPECIAL = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
    "Enter", "Escape", "Backspace", "Tab"]);

  function setStatus(t) { statusEl.textContent = t; }
  function hex(c) { return "#" + (c >>> 0).toString(16).padStart(6, "0"); }
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN && role === "play") ws.send(JSON.stringify(msg));
  }

  // ---- the scene ------------------------------------------------------------------

  // Applies a `scene` message: cells are kept by map coordinate across views.
  function applyScene(m) {
    if (m.reset || !sc) {
      sc = { mode: m.mode, turn: 0, view: [0, 0, 0, 0], hero: null, cells: [], ents: [],
        marks: [], panel: {}, log: [] };
    }
    const [vx, vy, vw, vh] = m.view;
    const [ox, oy, ow, oh] = sc.view;
    if (vx !== ox || vy !== oy || vw !== ow || vh !== oh) {
      const cells = new Array(vw * vh).fill(null);
      for (let y = Math.max(vy, oy); y < Math.min(vy + vh, oy + oh); y++) {
        for (let x = Math.max(vx, ox); x < Math.min(vx + vw, ox + ow); x++) {
          cells[(y - vy) * vw + (x - vx)] = sc.cells[(y - oy) * ow + (x - ox)];
        }
      }
      sc.cells = cells;
      sc.view = m.view;
    }
    for (const c of m.c) {
      const i = (c[1] - vy) * vw + (c[0] - vx);
      if (i >= 0 && i < sc.cells.length) sc.cells[i] = c[7] === 0 ? null : c;
    }
    sc.mode = m.mode;
    sc.turn = m.turn;
    sc.hero = m.hero;
    if (m.e) sc.ents = m.e;
    if (m.m) sc.marks = m.m;
    if (m.lr) sc.log = [];
    if (m.log) {
      for (const l of m.log) sc.log.push(l);
      if (sc.log.length > 1000) sc.log.splice(0, sc.log.length - 1000);
    }
    if (m.p) { sc.panel = m.p; drawPanel(); }
    if (m.log || m.lr || m.reset) drawLog(m.reset || m.lr);
    if (m.e || m.reset) drawInView();
  }

  function cellAt(x, y) {
    const [vx, vy, vw, vh] = sc.view;
    if (x < vx || y < vy || x >= vx + vw || y >= vy + vh) return null;
    return sc.cells[(y - vy) * vw + (x - vx)];
  }

  // The atlas cell of a sprite number, with the autotile variant NAME@M when the
  // tileset has one (M: which of N=1, E=2, S=4, W=8 have the same terrain sprite).
  function terrainTile(c, x, y) {
    const name = names[c[2]];
    if (!name || name === "none") return null;
    if (index[name + "@0"]) {
      let mask = 0;
      const same = (dx, dy) => { const n = cellAt(x + dx, y + dy); return n && n[2] === c[2]; };
      if (same(0, -1)) mask |= 1;
      if (same(1, 0)) mask |= 2;
      if (same(0, 1)) mask |= 4;
      if (same(-1, 0)) mask |= 8;
      if (index[name + "@" + mask]) return index[name + "@" + mask];
    }
    return index[name] || null;
  }

  function spriteTile(n) { const name = names[n]; return name && name !== "none" ? index[name] || null : null; }

  function blit(t, px, py) {
    ctx.drawImage(atlas, t[0] * atlasTile, t[1] * atlasTile, atlasTile, atlasTile, px, py, ts, ts);
  }

  function glyph(g, colour, px, py, bold) {
    if (!g || g === " ") return;
    ctx.fillStyle = hex(colour);
    ctx.font = (bold ? "bold " : "") + Math.round(ts * 0.8) + "px 'DejaVu Sans Mono', monospace";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(g, px + ts / 2, py + ts / 2 + 1);
  }

  function px(x) { return (x - sc.view[0] + off[0]) * ts; }
  function py(y) { return (y - sc.view[1] + off[1]) * ts; }

  function drawCells(useTiles) {
    const [vx, vy, vw, vh] = sc.view;
    for (let y = vy; y < vy + vh; y++) {
      for (let x = vx; x < vx + vw; x++) {
        const c = cellAt(x, y);
        if (!c) continue;
        const X = px(x), Y = py(y);
        const t = useTiles ? terrainTile(c, x, y) : null;
        if (t) {
          blit(t, X, Y);
        } else {
          ctx.fillStyle = hex(c[5]);
          ctx.fillRect(X, Y, ts, ts);
          glyph(c[3], c[4], X, Y, false);
        }
        // Remembered cells dimmed; seen ones by their light.
        const dim = c[7] === 1 ? 0.55 : (1 - c[6] / 255) * 0.8;
        if (dim > 0.01) {
          ctx.fillStyle = "rgba(0,0,0," + dim.toFixed(3) + ")";
          ctx.fillRect(X, Y, ts, ts);
        }
      }
    }
  }

  function drawEntities(useTiles) {
    for (const e of sc.ents) {
      const [x, y, sprite, g, fg, , , health, state, faded] = e;
      if (!cellAt(x, y) && !(sc.hero && sc.hero[0] === x && sc.hero[1] === y)) continue;
      const X = px(x), Y = py(y);
      ctx.globalAlpha = faded ? 0.45 : 1;
      const t = useTiles ? spriteTile(sprite) : null;
      if (t) {
        // The terminal's cue for a monster's state is its cell's background: a frame here
        // (red: it hunts you; blue: a guard at its post).
        const ring = /^hunting/.test(state || "") ? "#e03030" : /^guard/.test(state || "") ? "#3070e0" : null;
        if (ring) {
          ctx.strokeStyle = ring;
          ctx.lineWidth = Math.max(3, ts / 8);
          ctx.strokeRect(X + ctx.lineWidth / 2, Y + ctx.lineWidth / 2, ts - ctx.lineWidth, ts - ctx.lineWidth);
        }
        blit(t, X, Y);
      } else {
        if (!useTiles) {
          const c = cellAt(x, y);
          ctx.fillStyle = hex(c ? c[5] : 0);
          ctx.fillRect(X, Y, ts, ts);
        }
        glyph(g, fg, X, Y, true);
      }
      ctx.globalAlpha = 1;
      if (health && health[1] > 0) lifeBar(X, Y, health[0] / health[1]);
    }
  }

  function lifeBar(X, Y, f) {
    const h = Math.max(3, Math.round(ts / 10)), w = ts - 4;
    f = Math.max(0, Math.min(1, f));
    ctx.fillStyle = "#000";
    ctx.fillRect(X + 1, Y + 1, w + 2, h + 2);
    ctx.fillStyle = "#601010";
    ctx.fillRect(X + 2, Y + 2, w, h);
    ctx.fillStyle = f > 0.5 ? "#40d040" : f > 0.25 ? "#e0c030" : "#f03030";
    ctx.fillRect(X + 2, Y + 2, Math.round(w * f), h);
  }

  function drawMarks(useTiles) {
    for (const [x, y, kind, sprite] of sc.marks) {
      const X = px(x), Y = py(y);
      if (kind === "danger") {
        ctx.fillStyle = "rgba(255,30,20,0.33)";
        ctx.fillRect(X, Y, ts, ts);
        ctx.strokeStyle = "rgba(255,60,40,0.7)";
        ctx.lineWidth = 1;
        ctx.strokeRect(X + 0.5, Y + 0.5, ts - 1, ts - 1);
      } else if (kind === "cursor") {
        ctx.strokeStyle = "#ffff40";
        ctx.lineWidth = Math.max(3, ts / 8);
        ctx.strokeRect(X + 1, Y + 1, ts - 2, ts - 2);
      } else if (kind === "goal") {
        ctx.strokeStyle = "#60e0ff";
        ctx.lineWidth = 2;
        ctx.setLineDash([4, 3]);
        ctx.strokeRect(X + 2, Y + 2, ts - 4, ts - 4);
        ctx.setLineDash([]);
      } else if (kind === "path") {
        ctx.fillStyle = "#60e0ff";
        ctx.beginPath();
        ctx.arc(X + ts / 2, Y + ts / 2, Math.max(2, ts / 10), 0, 2 * Math.PI);
        ctx.fill();
      } else if (kind === "effect") {
        const t = useTiles ? spriteTile(sprite) : null;
        if (t) blit(t, X, Y); else glyph("*", 0xffd040, X, Y, true);
      }
    }
  }

  // The cell under the mouse pointer: a thin white outline over whatever is there, so the
  // player sees which cell the look text describes and a click would act on.
  function drawPointer() {
    if (hover === null || !sc) return;
    const [x, y] = hover.split(",").map(Number);
    if (x < sc.view[0] || y < sc.view[1] || x >= sc.view[0] + sc.view[2] || y >= sc.view[1] + sc.view[3]) return;
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.lineWidth = 1;
    ctx.strokeRect(px(x) + 0.5, py(y) + 0.5, ts - 1, ts - 1);
  }

  function drawScene() {
    if (!sc) return;
    const useTiles = tiles && !!atlas;
    const [, , vw, vh] = sc.view;
    off = [Math.max(0, Math.floor((cols - vw) / 2)), Math.max(0, Math.floor((rows - vh) / 2))];
    const W = Math.max(cols, vw) * ts, H = Math.max(rows, vh) * ts;
    if (canvas.width !== W || canvas.height !== H) { canvas.width = W; canvas.height = H; }
    ctx.imageSmoothingEnabled = false;
    ctx.fillStyle = "#000";
    ctx.fillRect(0, 0, W, H);
    drawCells(useTiles);
    drawEntities(useTiles);
    drawMarks(useTiles);
    drawPointer();
    const b = $("banner");
    b.hidden = !sc.panel.banner;
    b.textContent = sc.panel.banner || "";
  }

  // ---- the panel and the log (HTML, textContent only) ---------------------------------

  function el(tag, cls, textContent) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (textContent !== undefined) e.textContent = textContent;
    return e;
  }

  function drawPanel() {
    const p = sc.panel;
    $("p-title").textContent = p.title || sc.mode;
    const meters = $("p-meters");
    meters.replaceChildren();
    for (const [label, now, max, colour] of p.meters || []) {
      const row = el("div", "meter");
      row.appendChild(el("span", "label", label));
      const bar = el("div", "bar");
      const fill = el("div", "fill");
      fill.style.width = (max > 0 ? Math.min(100, 100 * now / max) : 0) + "%";
      fill.style.background = hex(colour);
      bar.appendChild(fill);
      row.appendChild(bar);
      row.appendChild(el("span", "num", now + "/" + max));
      meters.appendChild(row);
    }
    const stats = $("p-stats");
    stats.replaceChildren();
    for (const [k, v] of p.stats || []) {
      const tr = el("tr");
      tr.appendChild(el("td", "", k));
      tr.appendChild(el("td", "", v));
      stats.appendChild(tr);
    }
    const goal = $("p-goal"), look = $("p-look");
    goal.hidden = !p.goal; goal.textContent = p.goal || "";
    look.hidden = !p.look; look.textContent = p.look || "";
    const hints = $("p-hints");
    hints.replaceChildren();
    for (const [k, what] of p.hints || []) {
      const s = el("span");
      s.appendChild(el("kbd", "", k));
      s.appendChild(document.createTextNode(what));
      hints.appendChild(s);
    }
    const b = $("banner");
    b.hidden = !p.banner;
    b.textContent = p.banner || "";
  }

  // The monsters in view first (each with its health and state), then the items, the
  // same ones counted once ("rock ×12").
  function drawInView() {
    const list = $("p-view");
    list.replaceChildren();
    const items = new Map();
    const add = (g, fg, label, extra, kind) => {
      const li = el("li", kind);
      const gl = el("span", "g", g);
      gl.style.color = hex(fg);
      li.appendChild(gl);
      li.appendChild(document.createTextNode(label));
      if (extra) li.appendChild(el("span", "st", " (" + extra + ")"));
      list.appendChild(li);
    };
    for (const [, , , g, fg, name, kind, health, state] of sc.ents) {
      if (kind === "hero") continue;
      if (kind === "item") {
        const it = items.get(name) || { g: g, fg: fg, n: 0 };
        it.n++;
        items.set(name, it);
        continue;
      }
      const extra = [];
      if (health) extra.push(health[0] + "/" + health[1] + " hp");
      if (state) extra.push(state);
      add(g, fg, name, extra.join(", "), kind);
    }
    for (const [name, it] of items) add(it.g, it.fg, it.n > 1 ? name + " ×" + it.n : name, "", "item");
    $("p-view-box").hidden = list.children.length === 0;
  }

  function drawLog(reset) {
    const log = $("log");
    const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    if (reset) log.replaceChildren();
    for (let i = log.children.length; i < sc.log.length; i++) {
      const [t, colour] = sc.log[i];
      const d = el("div", "", t);
      d.style.color = hex(colour);
      log.appendChild(d);
    }
    while (log.children.length > sc.log.length) log.removeChild(log.firstChild);
    if (atEnd || reset) log.scrollTop = log.scrollHeight;
  }

  // ---- text pages ----------------------------------------------------------------------

  let charW = 9.6, lineH = 19.2;
  function measureText() {
    const pre = el("pre");
    const row = el("div", "", "0123456789".repeat(4));
    pre.appendChild(row);
    pre.style.visibility = "hidden";
    pre.style.position = "absolute";
    textEl.hidden = false;
    textEl.appendChild(pre);
    const r = row.getBoundingClientRect();
    if (r.width > 0) { charW = r.width / 40; lineH = r.height; }
    pre.remove();
  }

  function isBox(g) { const k = g.codePointAt(0); return k >= 0x2500 && k <= 0x259f; }

  // The text frame as rows of spans, one span per run of one style.
  function drawText() {
    const pre = el("pre");
    for (let y = 0; y < text.h; y++) {
      const row = el("div");
      let run = "", style = null;
      const flush = () => {
        if (!run) return;
        const s = el("span", "", run);
        s.style.color = hex(style[0]);
        if (style[1]) s.style.background = hex(style[1]);
        if (style[2]) s.style.fontWeight = "bold";
        row.appendChild(s);
        run = "";
      };
      for (let x = 0; x < text.w; x++) {
        const c = text.cells[y * text.w + x];
        const st = [c[1], c[2], c[6]];
        if (!style || st[0] !== style[0] || st[1] !== style[1] || st[2] !== style[2]) {
          flush();
          style = st;
        }
        run += c[0] === "" ? " " : c[0];
      }
      flush();
      pre.appendChild(row);
    }
    textEl.replaceChildren(pre);
    if (inHelp && atlas) {
      if (!helpLegend) {
        helpLegend = el("section", "help-legend");
        helpLegend.appendChild(el("h2", "", "Sprites"));
        helpLegend.appendChild(el("p", "", "What the tiles view draws. Actors, items and marks "
          + "are shown on each floor they can stand on. F2 switches to glyphs."));
        helpLegend.appendChild(legendList());
      }
      textEl.appendChild(helpLegend);
    }
  }

  function textRows() {
    if (!text) return [];
    const out = [];
    for (let y = 0; y < text.h; y++) {
      let s = "";
      for (let x = 0; x < text.w; x++) s += text.cells[y * text.w + x][0];
      out.push(s);
    }
    return out;
  }

  // ---- layout, zoom, the view the server is asked for ---------------------------------

  function showing(scene) {
    game.hidden = !scene;
    textEl.hidden = scene;
  }

  // The map area: beside the panel on wide windows, above it on narrow ones (as
  // style.css lays them out), known even while a text page hides it.
  function mapArea() {
    const W = main.clientWidth, H = main.clientHeight;
    return W > 1000 ? [W - 320, H] : [W, H - 190];
  }

  let asked = null;         // the text grid last asked for
  function fit() {
    const [W, H] = mapArea();
    const c = Math.max(4, Math.floor(W / ts)), r = Math.max(4, Math.floor(H / ts));
    if (c !== cols || r !== rows) {
      cols = c; rows = r;
      send({ t: "view", w: cols, h: rows });
    }
    const tw = Math.max(40, Math.min(200, Math.floor((main.clientWidth - 16) / charW)));
    const th = Math.max(16, Math.min(80, Math.floor((main.clientHeight - 4) / lineH)));
    if (!asked || tw !== asked[0] || th !== asked[1]) {
      asked = [tw, th];
      send({ t: "size", w: tw, h: th });
    }
    if (sc && !game.hidden) drawScene();
  }

  function zoom(by) {
    const i = ZOOMS.indexOf(ts);
    const next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, (i < 0 ? 2 : i) + by))];
    if (next === ts) return;
    ts = next;
    localStorage.setItem("torchlit-tile", String(ts));
    // A game that can't be watched: the list of the others, with a note saying why.
  function refusedWatch(why) {
    history.replaceState(null, "", "/watch");
    game.hidden = true;
    textEl.hidden = true;
    const note = $("list-note");
    note.textContent = "You can't watch that game: " + why + ". Pick another game below, or come back later.";
    note.hidden = false;
    setStatus("");
    listGames();
  }

  $("zoom-size").textContent = String(ts);
    fit();
  }

  // ---- the mouse ------------------------------------------------------------------------

  function mapCell(ev) {
    if (!sc) return null;
    const r = canvas.getBoundingClientRect();
    const cx = Math.floor((ev.clientX - r.left) / ts) - off[0];
    const cy = Math.floor((ev.clientY - r.top) / ts) - off[1];
    if (cx < 0 || cy < 0 || cx >= sc.view[2] || cy >= sc.view[3]) return null;
    return [sc.view[0] + cx, sc.view[1] + cy];
  }

  function mouse(k, p) { send({ t: "mouse", k: k, x: p ? p[0] : 0, y: p ? p[1] : 0 }); }

  canvas.addEventListener("mousemove", (ev) => {
    const p = mapCell(ev);
    const key = p ? p.join(",") : null;
    if (key === hover) return;
    hover = key;
    mouse(p ? "hover" : "leave", p);
    drawScene();
  });
  canvas.addEventListener("mouseleave", () => {
    if (hover !== null) { hover = null; mouse("leave"); drawScene(); }
  });
  canvas.addEventListener("click", (ev) => { const p = mapCell(ev); if (p) mouse("click", p); });
  canvas.addEventListener("contextmenu", (ev) => {
    ev.preventDefault();
    const p = mapCell(ev);
    if (p) mouse("inspect", p);
  });
  let pressTimer = null;
  canvas.addEventListener("touchstart", (ev) => {
    const t = ev.touches[0];
    const p = t && mapCell(t);
    clearTimeout(pressTimer);
    if (p) pressTimer = setTimeout(() => { pressTimer = null; mouse("inspect", p); }, 500);
  }, { passive: true });
  canvas.addEventListener("touchend", () => clearTimeout(pressTimer));
  textEl.addEventListener("click", (ev) => {
    const pre = textEl.querySelector("pre");
    if (!pre) return;
    const r = pre.getBoundingClientRect();
    const col = Math.floor((ev.clientX - r.left) / charW), row = Math.floor((ev.clientY - r.top) / lineH);
    if (col >= 0 && row >= 0 && text && col < text.w && row < text.h) mouse("text", [col, row]);
  });

  // ---- the socket ----------------------------------------------------------------------

  function onMessage(ev) {
    bytes += ev.data.length;
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.t === "hello") {
      greeted = true;
      names = m.sprites;
      role = m.role;
      if (m.role === "play") {
        sessionStorage.setItem("torchlit-token", m.token);
        cols = rows = 0;
        asked = null;
        fit();
        watchable.disabled = false;
      }
      setStatus(m.role === "watch" ? "watching (read-only)" : notice);
    } else if (m.t === "notice") {
      notice = m.text;
      setStatus(m.text);
    } else if (m.t === "scene") {
      inHelp = false;
      applyScene(m);
      text = null;
      showing(true);
      drawScene();
    } else if (m.t === "full") {
      text = { w: m.w, h: m.h, cells: m.c };
      sc = null;
      showing(false);
      drawText();
    } else if (m.t === "diff") {
      if (!text) return;
      for (const d of m.c) text.cells[d[0]] = d.slice(1);
      drawText();
    } else if (m.t === "end") {
      ended = true;
      if (role === "play") sessionStorage.removeItem("torchlit-token");
      if (watching && !greeted) {
        // Refused before it started (a reload of a game that ended or stopped being
        // watchable): the list of games, saying why, rather than a blank page.
        refusedWatch(m.why);
        return;
      }
      setStatus(m.why);
      if (window.torchlitAccount) window.torchlitAccount.ended(m.why, role);
    }
    frames++;
    canvas.dataset.frames = String(frames);
    canvas.dataset.bytes = String(bytes);
  }

  let retries = 0;
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const q = new URLSearchParams();
    if (watching) {
      q.set("watch", watchId);
    } else {
      const token = sessionStorage.getItem("torchlit-token");
      if (token) q.set("token", token);
      for (const k of ["play", "seed", "level"]) if (params.get(k)) q.set(k, params.get(k));
    }
    const qs = q.toString();
    ws = new WebSocket(proto + "//" + location.host + "/ws" + (qs ? "?" + qs : ""));
    ws.onopen = () => { retries = 0; };
    ws.onmessage = onMessage;
    ws.onclose = (ev) => {
      ws = null;
      if (ended) return;
      if (ev.code === 1008 || ev.code === 1013) {
        setStatus("disconnected: " + (ev.reason || "refused"));
        return;
      }
      if (retries++ < 30) {
        setStatus("reconnecting…");
        setTimeout(connect, 1000);
      } else {
        setStatus("disconnected");
      }
    };
  }

  // ---- keys, buttons -------------------------------------------------------------------

  function setTiles(on) {
    tiles = on;
    localStorage.setItem("torchlit-glyphs", on ? "0" : "1");
    toggle.textContent = on ? "Glyphs" : "Tiles";
    drawScene();
  }

  toggle.addEventListener("click", () => { setTiles(!tiles); toggle.blur(); });
  $("zoom-in").addEventListener("click", (e) => { zoom(1); e.currentTarget.blur(); });
  $("zoom-out").addEventListener("click", (e) => { zoom(-1); e.currentTarget.blur(); });
  $("legend-button").addEventListener("click", (e) => {
    const l = $("legend");
    l.hidden = !l.hidden;
    if (!l.hidden) buildLegend();
    e.currentTarget.blur();
  });
  watchable.addEventListener("change", () => {
    send({ t: "watchable", on: watchable.checked });
    watchable.blur();
  });

  window.addEventListener("keydown", (e) => {
    if (e.key === "F2") { e.preventDefault(); setTiles(!tiles); return; }
    if (e.ctrlKey && (e.key === "+" || e.key === "=")) { e.preventDefault(); zoom(1); return; }
    if (e.ctrlKey && (e.key === "-" || e.key === "_")) { e.preventDefault(); zoom(-1); return; }
    if (e.key === "Escape" && !$("legend").hidden) { $("legend").hidden = true; return; }
    if (role !== "play" || watching || e.altKey || e.metaKey) return;
    // Typing in a form (the login form) is not playing.
    const t = e.target;
    if (t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) return;
    // Help asked for over a game: the text page that comes is help, the legend goes under it.
    if ((e.key === "?" || e.key === "F1") && sc && !game.hidden) inHelp = true;
    if (!(e.key.length === 1 || SPECIAL.has(e.key))) return;
    e.preventDefault();
    if (!e.repeat) held.set(e.code, { k: e.key, c: e.ctrlKey });
    send({ t: "down", k: e.key, c: e.ctrlKey, r: e.repeat });
  });
  window.addEventListener("keyup", (e) => {
    const k = held.get(e.code);
    if (!k) return;
    held.delete(e.code);
    send({ t: "up", k: k.k, c: k.c });
  });
  window.addEventListener("blur", () => {
    for (const k of held.values()) send({ t: "up", k: k.k, c: k.c });
    held.clear();
  });
  window.addEventListener("resize", fit);

  // The sprite legend: every sprite of the tileset, its picture and its name; actors,
  // items and marks drawn over each floor they can stand on (data-sprite, data-floor).
  function buildLegend() {
    const list = $("legend-list");
    if (list.children.length || !atlas) return;
    list.replaceWith(legendList());
  }

  function legendTile(name, floor) {
    const c = el("canvas");
    c.width = c.height = 32;
    c.dataset.sprite = name;
    c.dataset.floor = floor || "";
    if (floor) c.title = (legendText[name] || name) + " on " + floor.replace(/_/g, " ");
    const g = c.getContext("2d");
    g.imageSmoothingEnabled = false;
    for (const n of floor ? [floor, name] : [name]) {
      const t = index[n];
      if (t) g.drawImage(atlas, t[0] * atlasTile, t[1] * atlasTile, atlasTile, atlasTile, 0, 0, 32, 32);
    }
    return c;
  }

  function legendList() {
    const list = el("div");
    list.id = "legend-list";
    const words = (name) => legendText[name] || name.replace(/_/g, " ");
    const all = Object.keys(index).filter((n) => !n.includes("@")).sort();
    for (const name of all.filter((n) => floors[n])) {
      const row = el("div", "actor");
      const pics = el("span", "pics");
      for (const f of floors[name]) pics.appendChild(legendTile(name, f));
      row.appendChild(pics);
      row.appendChild(el("span", "", words(name)));
      list.appendChild(row);
    }
    for (const name of all.filter((n) => !floors[n])) {
      const row = el("div");
      row.appendChild(legendTile(name, null));
      row.appendChild(el("span", "", words(name)));
      list.appendChild(row);
    }
    return list;
  }

  // ---- the test hook ---------------------------------------------------------------------

  window.torchlit = {
    // What is drawn: the scene's view, one character per map cell (SceneMap::rows), or
    // the text page's rows when no scene is up (mode null).
    probe() {
      if (!sc || game.hidden) {
        return { mode: null, view: null, rows: textRows(), hero: null, entities: [], turn: null };
      }
      const [vx, vy, vw, vh] = sc.view;
      const g = [];
      for (let i = 0; i < vw * vh; i++) { const c = sc.cells[i]; g.push(c ? c[3] : " "); }
      for (const e of sc.ents) {
        const x = e[0] - vx, y = e[1] - vy;
        if (x >= 0 && y >= 0 && x < vw && y < vh) g[y * vw + x] = e[3];
      }
      const out = [];
      for (let y = 0; y < vh; y++) out.push(g.slice(y * vw, (y + 1) * vw).join(""));
      return {
        mode: sc.mode, view: { x: vx, y: vy, w: vw, h: vh }, rows: out, hero: sc.hero,
        entities: sc.ents.map((e) => ({ x: e[0], y: e[1], name: e[5], kind: e[6] })), turn: sc.turn,
        tile: ts, look: sc.panel.look || null,
      };
    },
    // Map cell (x, y)'s rectangle in CSS pixels of the viewport, or null when not drawn.
    cellRect(x, y) {
      if (!sc || game.hidden) return null;
      const [vx, vy, vw, vh] = sc.view;
      if (x < vx || y < vy || x >= vx + vw || y >= vy + vh) return null;
      const r = canvas.getBoundingClientRect();
      const k = r.width / canvas.width;
      return { left: r.left + px(x) * k, top: r.top + py(y) * k, width: ts * k, height: ts * k };
    },
  };

  // ---- start ----------------------------------------------------------------------------

  function listGames() {
    $("list").hidden = false;
    const body = document.querySelector("#games tbody");
    const none = $("none");
    async function refresh() {
      try {
        const r = await fetch("/sessions");
        const games = await r.json();
        body.replaceChildren();
        for (const g of games) {
          const tr = el("tr");
          const min = Math.floor(g.seconds / 60), sec = g.seconds % 60;
          const who = g.player ? g.player + ": " : "";
          for (const t of [who + (g.status || "starting"), min + "m " + sec + "s", String(g.spectators)]) {
            tr.appendChild(el("td", "", t));
          }
          const td = el("td");
          const a = el("a", "", "watch");
          a.href = "/watch?id=" + encodeURIComponent(g.id);
          td.appendChild(a);
          tr.appendChild(td);
          body.appendChild(tr);
        }
        none.hidden = games.length > 0;
        $("games").hidden = games.length === 0;
      } catch (e) {
        setStatus("cannot reach the server");
      }
    }
    refresh();
    setInterval(refresh, 2000);
  }

  // A game that can't be watched: the list of the others, with a note saying why.
  function refusedWatch(why) {
    history.replaceState(null, "", "/watch");
    game.hidden = true;
    textEl.hidden = true;
    const note = $("list-note");
    note.textContent = "You can't watch that game: " + why + ". Pick another game below, or come back later.";
    note.hidden = false;
    setStatus("");
    listGames();
  }

  $("zoom-size").textContent = String(ts);
  toggle.textContent = tiles ? "Glyphs" : "Tiles";
  measureText();
  if (watching) {
    $("watchable-label").hidden = true;
    $("watch-link").hidden = true;
  } else {
    $("play-link").hidden = true;
    watchable.disabled = true;
  }
  if (watching && !watchId) {
    listGames();
    return;
  }
  // A public server asks for a login first (account.js).
  function start() { if (window.torchlitAccount) window.torchlitAccount.ready(connect); else connect(); }
  fetch("/tiles.json").then((r) => r.json()).then((ix) => {
    atlasTile = ix.tile;
    index = ix.sprites || {};
    legendText = ix.legend || {};
    floors = ix.floors || {};
    const img = new Image();
    img.onload = () => { atlas = img; drawScene(); };
    img.src = "/tiles.png";
    start();
  }).catch(() => { tiles = false; start(); });
})();
