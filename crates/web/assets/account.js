// A public server's side of the page: the login/register form before the game, the
// player's name and a log-out button, the lobby (who plays what, and the high scores),
// and a plain "the session ended" box with a button to start again.
// app.js calls window.torchlitAccount.ready(connect) and .ended(why, role).
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  let isPublic = false;

  function bar(name) {
    const b = $("bar");
    if (!b || $("acct-user")) return;
    const span = el("span", "", name);
    span.id = "acct-user";
    const out = el("button", "", "Log out");
    out.type = "button";
    out.addEventListener("click", async () => {
      await fetch("/api/logout", { method: "POST" });
      sessionStorage.removeItem("torchlit-token");
      location.href = "/";
    });
    const lobby = el("button", "", "Lobby");
    lobby.type = "button";
    lobby.addEventListener("click", toggleLobby);
    b.insertBefore(lobby, $("status"));
    b.insertBefore(span, $("status"));
    b.insertBefore(out, $("status"));
  }

  function loginForm(start) {
    const f = el("form", "acct-box");
    f.id = "acct-login";
    f.appendChild(el("h1", "", "torchlit"));
    f.appendChild(el("p", "", "This server keeps each player's games: log in, or pick a name and a password to register."));
    const name = el("input");
    name.name = "name"; name.autocomplete = "username"; name.placeholder = "name (letters, digits, - _)";
    name.maxLength = 20; name.required = true;
    const pw = el("input");
    pw.name = "password"; pw.type = "password"; pw.autocomplete = "current-password";
    pw.placeholder = "password (8 or more characters)"; pw.required = true;
    const err = el("p", "acct-error");
    const login = el("button", "", "Log in");
    login.type = "submit";
    const reg = el("button", "", "Register");
    reg.type = "button";
    f.append(name, pw, login, reg, err);
    async function send(what) {
      err.textContent = "";
      try {
        const r = await fetch("/api/" + what, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ name: name.value, password: pw.value }),
        });
        const body = await r.json().catch(() => ({}));
        if (!r.ok) { err.textContent = body.error || ("refused (" + r.status + ")"); return; }
        f.remove();
        bar(body.name);
        start();
      } catch (e) {
        err.textContent = "cannot reach the server";
      }
    }
    f.addEventListener("submit", (e) => { e.preventDefault(); send("login"); });
    reg.addEventListener("click", () => send("register"));
    document.body.appendChild(f);
    name.focus();
  }

  function row(cells) {
    const tr = el("tr");
    for (const c of cells) {
      const td = el("td");
      if (c instanceof Node) td.appendChild(c); else td.textContent = String(c);
      tr.appendChild(td);
    }
    return tr;
  }

  async function fillLobby(box) {
    box.replaceChildren(el("h1", "", "Playing now"));
    const games = await fetch("/sessions").then((r) => r.json()).catch(() => []);
    const t = el("table", "acct-table");
    t.appendChild(row(["player", "game", "playing for", "watchers", ""]));
    for (const g of games) {
      const a = el("a", "", "watch");
      a.href = "/watch?id=" + encodeURIComponent(g.id);
      t.appendChild(row([g.player || "-", g.status, Math.floor(g.seconds / 60) + "m " + (g.seconds % 60) + "s", g.spectators, a]));
    }
    box.appendChild(games.length ? t : el("p", "", "Nobody is in a game right now."));
    box.appendChild(el("h1", "", "High scores"));
    const sc = await fetch("/api/scores").then((r) => r.json()).catch(() => ({}));
    const modes = sc.modes || {};
    let any = false;
    for (const mode of Object.keys(modes)) {
      any = true;
      box.appendChild(el("h2", "", mode));
      const st = el("table", "acct-table");
      st.appendChild(row(["player", "world", "score", "ending", "turns"]));
      for (const s of modes[mode]) st.appendChild(row([s.player, s.world, s.score, s.ending, s.turns]));
      box.appendChild(st);
    }
    if (!any) box.appendChild(el("p", "", "No finished games yet."));
    const close = el("button", "", "Close");
    close.type = "button";
    close.addEventListener("click", toggleLobby);
    box.appendChild(close);
  }

  function toggleLobby() {
    let box = $("acct-lobby");
    if (box) { box.remove(); return; }
    box = el("section", "acct-box");
    box.id = "acct-lobby";
    document.body.appendChild(box);
    fillLobby(box);
  }

  window.torchlitAccount = {
    // Starts the game at once on a personal server; on a public one after a login.
    ready(start) {
      fetch("/api/me").then((r) => {
        if (r.status === 404) { start(); return; }
        isPublic = true;
        if (r.ok) return r.json().then((me) => { bar(me.name); start(); });
        loginForm(start);
      }).catch(() => start());
    },
    // The session is over: say so plainly and offer to start again.
    ended(why, role) {
      if ($("acct-ended")) return;
      const box = el("div", "acct-box");
      box.id = "acct-ended";
      box.appendChild(el("h1", "", role === "watch" ? "This game can't be watched any more" : "The session ended"));
      box.appendChild(el("p", "acct-why", why));
      const again = el("button", "", role === "watch" ? "Back to the list of games" : "Start again");
      again.type = "button";
      again.addEventListener("click", () => {
        sessionStorage.removeItem("torchlit-token");
        location.href = role === "watch" ? "/watch" : "/";
      });
      box.appendChild(again);
      document.body.appendChild(box);
      again.focus();
    },
    get public() { return isPublic; },
  };
})();
