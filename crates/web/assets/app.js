// torchlit in the browser: one canvas, drawn with tiles or glyphs from the cells the
// server sends (see crates/web/src/protocol.rs). Plain JavaScript, no build step.
// Game text only ever reaches the page through the canvas or textContent.
"use strict";

(function () {
  const params = new URLSearchParams(location.search);
  const watching = location.pathname === "/watch";
  const watchId = params.get("id");
  const canvas = document.getElementById("screen");
  const ctx = canvas.getContext("2d");
  const main = document.getElementById("main");
  const statusEl = document.getElementById("status");
  const toggle = document.getElementById("toggle");
  const watchable = document.getElementById("watchable");

  let tile = 16;            // atlas pixels per tile
  let atlas = null;         // Image
  let index = {};           // sprite name -> [col, row]
  let names = ["none"];     // sprite number -> name (from hello)
  let tiles = localStorage.getItem("torchlit-glyphs") !== "1";
  let w = 0, h = 0, cells = [];
  let scale = 1;
  let ws = null, ended = false, role = "play";
  let frames = 0, bytes = 0, rateBytes = 0, rateStart = performance.now(), rate = 0;
  const held = new Map();   // KeyboardEvent.code -> the key sent at keydown
  const SPECIAL = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight",
    "Enter", "Escape", "Backspace", "Tab"]);

  function setStatus(text) { statusEl.textContent = text; }

  function hex(c) { return "#" + c.toString(16).padStart(6, "0"); }

  function cellSize() { return tile * scale; }

  function drawCell(i) {
    const c = cells[i];
    if (!c) return;
    const cs = cellSize();
    const x = (i % w) * cs, y = Math.floor(i / w) * cs;
    const [g, fg, bg, sp, un, light, bold] = c;
    ctx.fillStyle = hex(bg);
    ctx.fillRect(x, y, cs, cs);
    const sprite = index[names[sp]], under = index[names[un]];
    if (tiles && atlas && sp !== 0 && sprite) {
      if (un !== 0 && under) {
        ctx.drawImage(atlas, under[0] * tile, under[1] * tile, tile, tile, x, y, cs, cs);
      }
      ctx.drawImage(atlas, sprite[0] * tile, sprite[1] * tile, tile, tile, x, y, cs, cs);
      if (light < 255) {
        ctx.fillStyle = "rgba(0,0,0," + (1 - light / 255).toFixed(3) + ")";
        ctx.fillRect(x, y, cs, cs);
      }
      return;
    }
    if (tiles && atlas && un !== 0 && under) {
      ctx.drawImage(atlas, under[0] * tile, under[1] * tile, tile, tile, x, y, cs, cs);
    }
    if (g !== " ") {
      ctx.fillStyle = hex(fg);
      ctx.font = (bold ? "bold " : "") + Math.floor(cs * 0.9) + "px monospace";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      if (g === "_") underscore(x, y, cs, cs);
      else ctx.fillText(g, x + cs / 2, y + cs / 2 + 1);
    }
  }

  // `_` as a bar inside its cell: the font draws it below the cell, where the next row's
  // background covers it (the title logo lost its underscores).
  function underscore(x, y, width, cs) {
    ctx.fillRect(x, y + Math.floor(cs * 0.82), width, Math.max(1, Math.round(cs / 12)));
  }

  // A cell of text: no sprite over or under it (status lines, messages, menus).
  function isText(c) { return !!c && c[3] === 0 && c[4] === 0; }
  // Box-drawing and block characters, which must fill their cell.
  function isBox(g) { const k = g.codePointAt(0); return k >= 0x2500 && k <= 0x259f; }

  // Whether row y is a status bar: text on one background colour other than black.
  function isBar(y) {
    const bg = cells[y * w] ? cells[y * w][2] : 0;
    if (bg === 0) return false;
    for (let x = 0; x < w; x++) {
      const c = cells[y * w + x];
      if (!isText(c) || c[2] !== bg) return false;
    }
    return true;
  }

  // Cells x0..x1 of row y as one run of text in the font's own spacing, from cell x0.
  function drawRun(y, x0, x1) {
    const cs = cellSize();
    for (let x = x0; x < x1; x++) {
      ctx.fillStyle = hex(cells[y * w + x][2]);
      ctx.fillRect(x * cs, y * cs, cs, cs);
    }
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0 * cs, y * cs, (x1 - x0) * cs, cs);
    ctx.clip();
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    let pen = x0 * cs;
    for (let x = x0; x < x1; x++) {
      const [g, fg, , , , , bold] = cells[y * w + x];
      ctx.font = (bold ? "bold " : "") + Math.floor(cs * 0.9) + "px monospace";
      if (g === "_") {
        ctx.fillStyle = hex(fg);
        underscore(pen, y * cs, Math.min(cs, ctx.measureText(g).width), cs);
      } else if (g !== " ") {
        ctx.fillStyle = hex(fg);
        ctx.fillText(g, pen, y * cs + cs / 2 + 1);
      }
      pen += Math.min(cs, ctx.measureText(g).width);
    }
    ctx.restore();
  }

  // Row y. In tiles mode a cell is a square tile, so text drawn a glyph a cell looks
  // letter-spaced: runs of words are drawn with the font's own spacing instead, each
  // from its first cell, so columns and borders stay where the screen put them. A run
  // ends at a border, a tile, or two spaces (three on a status bar, whose pieces stay
  // together); runs without a word (pictures made of characters) keep a glyph a cell.
  function drawRow(y) {
    const at = (x) => cells[y * w + x];
    const text = (x) => x < w && isText(at(x)) && !isBox(at(x)[0]);
    const space = (x) => text(x) && at(x)[0] === " ";
    const bar = isBar(y), gap = bar ? 3 : 2;
    const runs = [];
    let x = 0;
    while (x < w) {
      if (!text(x) || space(x)) { x++; continue; }
      let end = x;
      while (text(end)) {
        let n = 0;
        while (n < gap && space(end + n)) n++;
        if (n === 0) { end++; continue; }
        if (n >= gap || !text(end + n)) break;
        end += n;
      }
      let s = "";
      for (let k = x; k < end; k++) s += at(k)[0];
      if (bar || /\p{L}{2}/u.test(s)) runs.push([x, end]);
      x = end;
    }
    // A glyph drawn in its cell may reach past it (`_`): only cells outside runs get one.
    let r = 0;
    for (let k = 0; k < w; k++) {
      while (r < runs.length && runs[r][1] <= k) r++;
      if (r < runs.length && runs[r][0] <= k) continue;
      drawCell(y * w + k);
    }
    for (const [x0, x1] of runs) drawRun(y, x0, x1);
  }

  function redraw() {
    const cs = cellSize();
    if (canvas.width !== w * cs || canvas.height !== h * cs) {
      canvas.width = w * cs;
      canvas.height = h * cs;
    }
    ctx.imageSmoothingEnabled = false;
    ctx.fillStyle = "#000";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (tiles) {
      for (let y = 0; y < h; y++) drawRow(y);
    } else {
      for (let i = 0; i < cells.length; i++) drawCell(i);
    }
  }

  // The biggest whole multiple of the tile size that fits the window.
  function fitScale() {
    const W = main.clientWidth, H = main.clientHeight;
    if (!w || !h) return 1;
    return Math.max(1, Math.floor(Math.min(W / (w * tile), H / (h * tile))));
  }

  // The grid the player asks for: at the largest scale that still gives 56x20 cells.
  function wantedSize() {
    const W = main.clientWidth, H = main.clientHeight;
    let s = 1;
    for (let k = 4; k >= 1; k--) {
      if (Math.floor(W / (tile * k)) >= 56 && Math.floor(H / (tile * k)) >= 20) { s = k; break; }
    }
    const clamp = (v, lo, hi) => Math.max(lo, Math.min(hi, v));
    return [clamp(Math.floor(W / (tile * s)), 40, 200), clamp(Math.floor(H / (tile * s)), 16, 80)];
  }

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function sendSize() {
    if (role !== "play") return;
    const [cw, ch] = wantedSize();
    send({ t: "size", w: cw, h: ch });
  }

  function onMessage(ev) {
    bytes += ev.data.length;
    rateBytes += ev.data.length;
    let m;
    try { m = JSON.parse(ev.data); } catch (e) { return; }
    if (m.t === "hello") {
      names = m.sprites;
      role = m.role;
      if (m.role === "play") {
        sessionStorage.setItem("torchlit-token", m.token);
        sendSize();
        watchable.disabled = false;
      }
      setStatus(m.role === "watch" ? "watching (read-only)" : "");
    } else if (m.t === "full") {
      w = m.w; h = m.h; cells = m.c;
      scale = fitScale();
      redraw();
    } else if (m.t === "diff") {
      const rows = new Set();
      for (const d of m.c) {
        cells[d[0]] = d.slice(1);
        if (tiles) rows.add(Math.floor(d[0] / w)); else drawCell(d[0]);
      }
      for (const y of rows) drawRow(y);
    } else if (m.t === "end") {
      ended = true;
      if (role === "play") sessionStorage.removeItem("torchlit-token");
      setStatus(m.why + " — reload the page to play again");
    }
    frames++;
    canvas.dataset.frames = String(frames);
    canvas.dataset.bytes = String(bytes);
    const now = performance.now();
    if (now - rateStart > 1000) {
      rate = rateBytes * 1000 / (now - rateStart);
      rateBytes = 0;
      rateStart = now;
      canvas.dataset.rate = String(Math.round(rate));
    }
  }

  let retries = 0;
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let q;
    if (watching) {
      q = "?watch=" + encodeURIComponent(watchId);
    } else {
      const token = sessionStorage.getItem("torchlit-token");
      q = token ? "?token=" + encodeURIComponent(token) : "";
    }
    ws = new WebSocket(proto + "//" + location.host + "/ws" + q);
    ws.onopen = () => { retries = 0; };
    ws.onmessage = onMessage;
    ws.onclose = (ev) => {
      ws = null;
      if (ended) return;
      if (ev.code === 1008 || ev.code === 1013) {
        setStatus("disconnected: " + (ev.reason || "refused"));
        return;
      }
      // A dropped connection: the game waits a minute for us.
      if (retries++ < 30) {
        setStatus("reconnecting…");
        setTimeout(connect, 1000);
      } else {
        setStatus("disconnected");
      }
    };
  }

  function setTiles(on) {
    tiles = on;
    localStorage.setItem("torchlit-glyphs", on ? "0" : "1");
    toggle.textContent = on ? "Glyphs" : "Tiles";
    if (w) redraw();
  }

  toggle.addEventListener("click", () => { setTiles(!tiles); toggle.blur(); });
  watchable.addEventListener("change", () => {
    send({ t: "watchable", on: watchable.checked });
    watchable.blur();
  });

  window.addEventListener("keydown", (e) => {
    if (e.key === "F2") { e.preventDefault(); setTiles(!tiles); return; }
    if (role !== "play" || watching || e.altKey || e.metaKey) return;
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
  window.addEventListener("resize", () => {
    sendSize();
    const s = fitScale();
    if (s !== scale) { scale = s; redraw(); }
  });

  // The /watch list: built with textContent only.
  function listGames() {
    document.getElementById("list").hidden = false;
    canvas.hidden = true;
    const body = document.querySelector("#games tbody");
    const none = document.getElementById("none");
    async function refresh() {
      try {
        const r = await fetch("/sessions");
        const games = await r.json();
        body.replaceChildren();
        for (const g of games) {
          const tr = document.createElement("tr");
          const min = Math.floor(g.seconds / 60), sec = g.seconds % 60;
          const cols = [g.status || "starting", min + "m " + sec + "s", String(g.spectators)];
          for (const text of cols) {
            const td = document.createElement("td");
            td.textContent = text;
            tr.appendChild(td);
          }
          const td = document.createElement("td");
          const a = document.createElement("a");
          a.href = "/watch?id=" + encodeURIComponent(g.id);
          a.textContent = "watch";
          td.appendChild(a);
          tr.appendChild(td);
          body.appendChild(tr);
        }
        none.hidden = games.length > 0;
      } catch (e) {
        setStatus("cannot reach the server");
      }
    }
    refresh();
    setInterval(refresh, 2000);
  }

  setTiles(tiles);
  if (watching) {
    document.getElementById("watchable-label").hidden = true;
    document.getElementById("watch-link").hidden = true;
    role = "watch";
  } else {
    document.getElementById("play-link").hidden = true;
    watchable.disabled = true;
  }
  if (watching && !watchId) {
    listGames();
    return;
  }
  fetch("/tiles.json").then((r) => r.json()).then((ix) => {
    tile = ix.tile;
    index = ix.sprites;
    const img = new Image();
    img.onload = () => { atlas = img; if (w) redraw(); };
    img.src = "/tiles.png";
    connect();
  }).catch(() => { tiles = false; connect(); });
})();
