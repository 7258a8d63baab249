// Kakugo's board: the page side of the web subcommand. Plain JavaScript, no
// build step, no requests outside this server. The server keeps the game;
// this page draws what it says (state and analysis events) and sends the
// person's actions.
"use strict";

const $ = (id) => document.getElementById(id);
const canvas = $("board"), ctx = canvas.getContext("2d");
const graph = $("graph"), gctx = graph.getContext("2d");

let state = null;      // the game, as the server last described it
let analysis = null;   // the latest analysis event
let hover = null;      // the cell under the mouse
let hoverMove = null;  // the analysis row under the mouse: its line is drawn
let events = null;     // the game's event stream
let watch = null;      // the watched match, when the board shows it
let watchEvents = null;
let players = [];

// ---- talking to the server ----

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  let res, data;
  try {
    res = await fetch(path, opt);
    data = await res.json();
  } catch (e) {
    showError("the server does not answer: " + e.message);
    throw e;
  }
  if (!res.ok) {
    showError(data.error || res.statusText);
    const err = new Error(data.error);
    err.status = res.status;
    throw err;
  }
  showError("");
  return data;
}

function showError(msg) {
  const el = $("error");
  el.textContent = msg;
  el.hidden = !msg;
}

function act(action, body = {}) {
  return api("POST", `/api/games/${state.id}/${action}`, body).then(setState, () => {});
}

function setState(s) {
  if (state && s.id === state.id && s.version < state.version) return; // stale
  if (!state || s.version !== state.version) hoverMove = null;
  const prev = state && state.id === s.id ? state : null;
  if (!prev) analysis = null; // another game
  state = s;
  if (s.analysis) takeAnalysis(s.analysis);
  else if (analysis && analysis.version !== s.version && !analysis.final) analysis = null;
  syncControls(prev);
  render();
}

// takeAnalysis keeps a, unless the page has seen a later update already: a
// reply to a request can arrive after the events that followed it.
function takeAnalysis(a) {
  if (!analysis || a.version > analysis.version || (a.version === analysis.version && a.seq >= analysis.seq)) analysis = a;
}

function follow(id) {
  if (events) events.close();
  events = new EventSource(`/api/games/${id}/events`);
  events.addEventListener("state", (e) => setState(JSON.parse(e.data)));
  events.addEventListener("analysis", (e) => {
    takeAnalysis(JSON.parse(e.data));
    render();
  });
  // The browser reconnects by itself; a game the server no longer has
  // (it restarted, or dropped the game to make room) is started afresh.
  events.addEventListener("error", async () => {
    const res = await fetch(`/api/games/${id}`).catch(() => null);
    if (res && res.status === 404 && state && state.id === id) {
      events.close();
      const s = await api("POST", "/api/games", newGameBody()).catch(() => null);
      if (!s) return;
      sessionStorage.setItem("kakugo-game", s.id);
      state = null;
      setState(s);
      follow(s.id);
    }
  });
}

function newGameBody() {
  return {
    size: $("size").value === "custom" ? $("sizeCustom").value.trim() : $("size").value,
    rule: $("rule").value,
    engine: $("engine").value,
    player: $("player").value,
    timeMs: Math.round(parseFloat($("time").value) * 1000) || 0,
  };
}

async function start() {
  const info = await api("GET", "/api/players");
  players = info.players;
  for (const p of players) {
    const o = document.createElement("option");
    o.value = o.textContent = p.name;
    o.title = p.summary;
    $("player").appendChild(o);
    const d = document.createElement("option");
    d.value = p.name;
    $("playerList").appendChild(d);
  }
  if (!info.heatmap) $("showHeat").parentElement.title = "no policy network: no heat map";
  // Each tab keeps its own game (sessionStorage is per tab).
  const id = sessionStorage.getItem("kakugo-game");
  let s = null;
  if (id) s = await api("GET", `/api/games/${id}`).catch(() => null);
  if (!s) s = await api("POST", "/api/games", newGameBody());
  sessionStorage.setItem("kakugo-game", s.id);
  showError("");
  setState(s);
  follow(s.id);
}

// ---- controls ----

// syncControls shows the server's settings in the controls, but only those
// that changed since prev (the previous state of this game): a state event
// must not undo what the person is choosing, like the rule of the next game.
function syncControls(prev) {
  if (!state) return;
  const changed = (k) => !prev || prev[k] !== state[k];
  if (changed("width") || changed("height") || changed("rule")) {
    const size = state.width === state.height ? String(state.width) : `${state.width}x${state.height}`;
    const known = [...$("size").options].some((o) => o.value === size);
    $("size").value = known ? size : "custom";
    $("sizeCustom").hidden = known;
    if (!known) $("sizeCustom").value = size;
    $("rule").value = state.rule;
  }
  if (changed("engine")) $("engine").value = state.engine;
  if (changed("player")) $("player").value = state.player;
  if (changed("timeMs") && document.activeElement !== $("time")) $("time").value = state.timeMs / 1000;
  $("analyse").checked = state.analyse;
  $("stop").disabled = !state.thinking;
}

$("size").addEventListener("change", () => { $("sizeCustom").hidden = $("size").value !== "custom"; });
$("new").addEventListener("click", () => act("new", newGameBody()));
$("undo").addEventListener("click", () => act("undo"));
$("go").addEventListener("click", () => act("go"));
$("stop").addEventListener("click", () => act("stop"));
for (const id of ["engine", "player"]) {
  $(id).addEventListener("change", () => act("settings", { [id]: $(id).value }));
}
$("time").addEventListener("change", () => {
  const ms = Math.round(parseFloat($("time").value) * 1000);
  act("settings", { timeMs: ms > 0 ? ms : -1 });
});
$("analyse").addEventListener("change", () => act("settings", { analyse: $("analyse").checked }));
$("setup").addEventListener("change", () => {
  $("setupColor").hidden = $("toMove").hidden = !$("setup").checked;
  render();
});
$("toMove").addEventListener("click", () => act("setup", { toMove: state.toMove === 1 ? "white" : "black" }));
for (const id of ["showNumbers", "showHeat", "showAnalysis"]) $(id).addEventListener("change", render);

$("import").addEventListener("click", () => act("import", { text: $("record").value }));
for (const b of document.querySelectorAll("[data-export]")) {
  b.addEventListener("click", async () => {
    const fmt = b.dataset.export;
    const r = await api("GET", `/api/games/${state.id}/export?format=${fmt}`).catch(() => null);
    if (!r) return;
    $("record").value = r.text;
    const a = $("download");
    if (a.href) URL.revokeObjectURL(a.href);
    a.href = URL.createObjectURL(new Blob([r.text], { type: "text/plain" }));
    a.download = `kakugo.${fmt}`;
    a.textContent = `download kakugo.${fmt}`;
    a.hidden = false;
  });
}

// ---- the board ----

let geo = null; // the drawing's geometry, for clicks

function boardModel() {
  if (watch && watch.current) {
    return { width: watch.width, height: watch.height, stones: watch.current.stones, forbidden: [],
      prior: null, watching: true };
  }
  if (watch) return { width: watch.width, height: watch.height, stones: [], forbidden: [], prior: null, watching: true };
  return state;
}

function resize() {
  const r = canvas.getBoundingClientRect();
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(200, Math.round(r.width * dpr)), h = Math.max(200, Math.round(r.height * dpr));
  if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
  const gr = graph.getBoundingClientRect();
  const gw = Math.max(100, Math.round(gr.width * dpr)), gh = Math.max(50, Math.round(gr.height * dpr));
  if (graph.width !== gw || graph.height !== gh) { graph.width = gw; graph.height = gh; }
}

function render() {
  const m = boardModel();
  if (!m) return;
  resize();
  drawBoard(m);
  drawStatus(m);
  drawAnalysisPanel();
  drawGraph();
  drawMoves(m);
}

function drawBoard(m) {
  const W = canvas.width, H = canvas.height;
  const cell = Math.min(W / (m.width + 1.2), H / (m.height + 1.2));
  const ox = (W - cell * (m.width - 1)) / 2, oy = (H - cell * (m.height - 1)) / 2;
  geo = { cell, ox, oy, w: m.width, h: m.height };
  const X = (x) => ox + x * cell, Y = (y) => oy + y * cell;

  // Wood.
  const wood = ctx.createLinearGradient(0, 0, W, H);
  wood.addColorStop(0, "#e8c27a"); wood.addColorStop(0.5, "#dcb060"); wood.addColorStop(1, "#d2a252");
  ctx.fillStyle = wood;
  ctx.fillRect(0, 0, W, H);
  ctx.strokeStyle = "rgba(120,80,30,0.10)";
  ctx.lineWidth = Math.max(1, cell / 12);
  for (let i = 0; i < 40; i++) { // grain
    const y = (i * 37 % 100) / 100 * H;
    ctx.beginPath(); ctx.moveTo(0, y); ctx.bezierCurveTo(W / 3, y + cell / 3, 2 * W / 3, y - cell / 3, W, y + cell / 5); ctx.stroke();
  }
  // Grid.
  ctx.strokeStyle = "#3b2a12";
  ctx.lineWidth = Math.max(1, cell / 28);
  ctx.beginPath();
  for (let x = 0; x < m.width; x++) { ctx.moveTo(X(x), Y(0)); ctx.lineTo(X(x), Y(m.height - 1)); }
  for (let y = 0; y < m.height; y++) { ctx.moveTo(X(0), Y(y)); ctx.lineTo(X(m.width - 1), Y(y)); }
  ctx.stroke();
  // Star points.
  ctx.fillStyle = "#3b2a12";
  for (const [sx, sy] of starPoints(m.width, m.height)) {
    ctx.beginPath(); ctx.arc(X(sx), Y(sy), cell * 0.11, 0, 2 * Math.PI); ctx.fill();
  }
  // Coordinates: letters for columns, row numbers from 1 at the top (h8 notation).
  ctx.fillStyle = "#4a3514";
  ctx.font = `${Math.round(cell * 0.36)}px system-ui, sans-serif`;
  ctx.textAlign = "center"; ctx.textBaseline = "middle";
  for (let x = 0; x < m.width; x++) {
    const l = x < 26 ? String.fromCharCode(97 + x) : "?";
    ctx.fillText(l, X(x), oy - cell * 0.62); ctx.fillText(l, X(x), Y(m.height - 1) + cell * 0.62);
  }
  for (let y = 0; y < m.height; y++) {
    ctx.fillText(String(y + 1), ox - cell * 0.66, Y(y)); ctx.fillText(String(y + 1), X(m.width - 1) + cell * 0.66, Y(y));
  }

  const occupied = new Set(m.stones.map((s) => s.x + "," + s.y));
  // Heat map of the policy prior.
  if ($("showHeat").checked && m.prior) {
    const max = Math.max(...m.prior);
    for (let y = 0; y < m.height; y++) for (let x = 0; x < m.width; x++) {
      const p = m.prior[y * m.width + x];
      if (p <= 0 || max <= 0 || occupied.has(x + "," + y)) continue;
      const a = Math.sqrt(p / max);
      ctx.fillStyle = `rgba(220,40,20,${(0.75 * a).toFixed(3)})`;
      ctx.fillRect(X(x) - cell / 2 + 1, Y(y) - cell / 2 + 1, cell - 2, cell - 2);
      if (a > 0.35) {
        ctx.fillStyle = "#fff";
        ctx.font = `${Math.round(cell * 0.28)}px system-ui, sans-serif`;
        ctx.fillText((100 * p).toFixed(p >= 0.1 ? 0 : 1), X(x), Y(y));
      }
    }
  }
  // The engine's analysis of this position, and the line to draw from it:
  // the hovered candidate's, else the proven line, else the best move's.
  const a = !m.watching && analysis && state && analysis.version === state.version && $("showAnalysis").checked ? analysis : null;
  const moves = a ? (a.moves || []).slice(0, 8) : [];
  let line = null;
  if (a) {
    if (hoverMove !== null && a.moves && a.moves[hoverMove]) line = a.moves[hoverMove].pv;
    else if (a.proof && a.proof.line && a.proof.line.length) line = a.proof.line;
    else if (moves.length && moves[0].visits > 0) line = moves[0].pv;
  }
  // Stones; their numbers give way to the line's while one is drawn.
  const n = m.stones.length;
  m.stones.forEach((s, i) => drawStone(X(s.x), Y(s.y), cell, s.color, 1));
  if ($("showNumbers").checked && !line) {
    m.stones.forEach((s, i) => {
      ctx.fillStyle = i === n - 1 ? "#e33" : (s.color === 1 ? "#fff" : "#111");
      ctx.font = `${i === n - 1 ? "bold " : ""}${Math.round(cell * (i + 1 >= 100 ? 0.34 : 0.42))}px system-ui, sans-serif`;
      ctx.fillText(String(i + 1), X(s.x), Y(s.y) + cell * 0.02);
    });
  } else if (n > 0) {
    const s = m.stones[n - 1];
    ctx.fillStyle = "#e33";
    ctx.beginPath(); ctx.arc(X(s.x), Y(s.y), cell * 0.13, 0, 2 * Math.PI); ctx.fill();
  }
  if (n > 0) { // the last move also gets a ring, so it shows with numbers too
    const s = m.stones[n - 1];
    ctx.strokeStyle = "#e33"; ctx.lineWidth = Math.max(1.5, cell / 16);
    ctx.beginPath(); ctx.arc(X(s.x), Y(s.y), cell * 0.47, 0, 2 * Math.PI); ctx.stroke();
  }
  // Renju: black's forbidden points.
  ctx.strokeStyle = "#c01010"; ctx.lineWidth = Math.max(2, cell / 10);
  for (const f of m.forbidden || []) {
    const d = cell * 0.22;
    ctx.beginPath();
    ctx.moveTo(X(f.x) - d, Y(f.y) - d); ctx.lineTo(X(f.x) + d, Y(f.y) + d);
    ctx.moveTo(X(f.x) + d, Y(f.y) - d); ctx.lineTo(X(f.x) - d, Y(f.y) + d);
    ctx.stroke();
  }
  if (m.watching) return;
  if (line) {
    drawLine(line.slice(0, 12), X, Y, cell, a.side);
  } else if (a) {
    const total = moves.reduce((t, mv) => t + mv.visits, 0) || 1;
    moves.forEach((mv, i) => {
      const r = cell * (0.22 + 0.2 * Math.sqrt(mv.visits / total));
      ctx.fillStyle = winColour(mv.winrate, 0.85);
      ctx.beginPath(); ctx.arc(X(mv.x), Y(mv.y), r, 0, 2 * Math.PI); ctx.fill();
      if (i === 0) { ctx.strokeStyle = "#1346c8"; ctx.lineWidth = Math.max(2, cell / 12); ctx.stroke(); }
      ctx.fillStyle = "#111";
      ctx.font = `bold ${Math.round(cell * 0.3)}px system-ui, sans-serif`;
      ctx.fillText(Math.round(100 * mv.winrate), X(mv.x), Y(mv.y));
    });
  }
  if (line && moves.length && !(a.proof && hoverMove === null)) {
    // The other candidates stay visible as rings, with their win rates.
    moves.forEach((mv, i) => {
      if (line.some((p) => p.x === mv.x && p.y === mv.y)) return;
      ctx.strokeStyle = winColour(mv.winrate, 0.9); ctx.lineWidth = Math.max(2, cell / 14);
      ctx.beginPath(); ctx.arc(X(mv.x), Y(mv.y), cell * 0.3, 0, 2 * Math.PI); ctx.stroke();
      ctx.fillStyle = "#222";
      ctx.font = `${Math.round(cell * 0.26)}px system-ui, sans-serif`;
      ctx.fillText(Math.round(100 * mv.winrate), X(mv.x), Y(mv.y));
    });
  }
  // Where the next stone would go.
  if (hover && !occupied.has(hover.x + "," + hover.y) && !state.over) {
    const c = $("setup").checked && $("setupColor").value ? ($("setupColor").value === "black" ? 1 : 2) : state.toMove;
    drawStone(X(hover.x), Y(hover.y), cell, c, 0.35);
  }
}

function drawLine(line, X, Y, cell, side) {
  line.forEach((p, i) => {
    const colour = i % 2 === 0 ? side : 3 - side;
    drawStone(X(p.x), Y(p.y), cell, colour, 0.6);
    if (i === 0) {
      ctx.strokeStyle = "#1346c8"; ctx.lineWidth = Math.max(2, cell / 12);
      ctx.beginPath(); ctx.arc(X(p.x), Y(p.y), cell * 0.47, 0, 2 * Math.PI); ctx.stroke();
    }
    ctx.fillStyle = colour === 1 ? "#fff" : "#000";
    ctx.font = `bold ${Math.round(cell * 0.4)}px system-ui, sans-serif`;
    ctx.fillText(String(i + 1), X(p.x), Y(p.y));
  });
}

function winColour(w, alpha) { // red (losing) to green (winning) for the side to move
  const r = Math.round(230 * (1 - w) + 40 * w), g = Math.round(60 * (1 - w) + 190 * w);
  return `rgba(${r},${g},60,${alpha})`;
}

function drawStone(x, y, cell, colour, alpha) {
  const r = cell * 0.46;
  ctx.save();
  ctx.globalAlpha = alpha;
  if (alpha === 1) {
    ctx.shadowColor = "rgba(0,0,0,0.45)"; ctx.shadowBlur = cell * 0.12;
    ctx.shadowOffsetX = cell * 0.05; ctx.shadowOffsetY = cell * 0.06;
  }
  const g = ctx.createRadialGradient(x - r * 0.35, y - r * 0.35, r * 0.1, x, y, r);
  if (colour === 1) { g.addColorStop(0, "#666"); g.addColorStop(1, "#0a0a0a"); }
  else { g.addColorStop(0, "#ffffff"); g.addColorStop(1, "#cfcfc8"); }
  ctx.fillStyle = g;
  ctx.beginPath(); ctx.arc(x, y, r, 0, 2 * Math.PI); ctx.fill();
  ctx.restore();
}

function starPoints(w, h) {
  if (w < 9 || h < 9) return [];
  const e = w >= 13 && h >= 13 ? 3 : 2;
  const xs = [e, Math.floor(w / 2), w - 1 - e], ys = [e, Math.floor(h / 2), h - 1 - e];
  const pts = [];
  for (const x of xs) for (const y of ys) if ((x === xs[1]) === (y === ys[1]) || w >= 19) pts.push([x, y]);
  return pts;
}

function cellAt(ev) {
  if (!geo) return null;
  const r = canvas.getBoundingClientRect();
  const sx = (ev.clientX - r.left) * canvas.width / r.width, sy = (ev.clientY - r.top) * canvas.height / r.height;
  const x = Math.round((sx - geo.ox) / geo.cell), y = Math.round((sy - geo.oy) / geo.cell);
  if (x < 0 || y < 0 || x >= geo.w || y >= geo.h) return null;
  return { x, y };
}

canvas.addEventListener("mousemove", (ev) => {
  const c = cellAt(ev);
  if ((c && hover && c.x === hover.x && c.y === hover.y) || (!c && !hover)) return;
  hover = c;
  render();
});
canvas.addEventListener("mouseleave", () => { hover = null; render(); });
canvas.addEventListener("click", (ev) => {
  if (watch || !state) return;
  const c = cellAt(ev);
  if (!c) return;
  if ($("setup").checked) {
    const body = { x: c.x, y: c.y };
    if ($("setupColor").value) body.color = $("setupColor").value;
    act("setup", body);
  } else {
    act("move", { x: c.x, y: c.y });
  }
});

// ---- the panel ----

function name(p) { return p.name; }

function drawStatus(m) {
  const el = $("status");
  if (m.watching) {
    const c = watch.current;
    el.textContent = c ? `Game ${c.game}: ${c.black} (black) – ${c.white} (white), move ${c.stones.length}` +
      (c.lastMs ? ` (${c.lastMs} ms)` : "") : "Starting the match…";
    return;
  }
  const side = state.toMove === 1 ? "Black" : "White";
  let s = state.over ? state.result : `${side} to move`;
  if (state.thinking === "move") s += ` — ${state.player} is thinking…`;
  else if (state.thinking === "analyse") s += ` — analysing…`;
  if (state.rule === "renju" && state.forbidden.length) s += ` (${state.forbidden.length} forbidden for black)`;
  if (state.note) s += ` — ${state.note}`;
  el.textContent = s;
}

function drawAnalysisPanel() {
  const body = $("analysis").tBodies[0];
  body.textContent = "";
  const a = analysis;
  const proof = $("proof");
  proof.textContent = ""; proof.className = "";
  $("searchline").textContent = "";
  $("log").textContent = "";
  if (!a || watch) return;
  const stale = state && a.version !== state.version;
  const who = a.side === 1 ? "Black" : "White";
  if (a.proof) {
    proof.className = a.proof.result;
    const line = a.proof.line.map(name).join(" ");
    proof.textContent = `${who} ${a.proof.result === "win" ? "wins" : "loses"} by force (${a.proof.kind})` + (line ? `: ${line}` : "");
  }
  let s = a.playouts ? `${a.player}: ${a.playouts} playouts, ${(a.elapsedMs / 1000).toFixed(1)} s` : `${a.player}`;
  if (!a.final) s += " …";
  if (a.best && stale) s += ` — played ${a.best.name} (analysis of the position before it)`;
  else if (stale) s += " (an earlier position)";
  $("searchline").textContent = s;
  (a.moves || []).forEach((mv, i) => {
    const tr = document.createElement("tr");
    const cells = [mv.name, mv.visits, mv.proof ? (mv.proof > 0 ? "win" : "loss") : (100 * mv.winrate).toFixed(1) + "%",
      (100 * mv.prior).toFixed(1) + "%", (mv.pv || []).map(name).join(" ")];
    for (const c of cells) { const td = document.createElement("td"); td.textContent = c; tr.appendChild(td); }
    tr.addEventListener("mouseenter", () => { hoverMove = i; drawBoard(boardModel()); });
    tr.addEventListener("mouseleave", () => { hoverMove = null; drawBoard(boardModel()); });
    body.appendChild(tr);
  });
  $("log").textContent = (a.log || []).join("\n");
}

function drawGraph() {
  const W = graph.width, H = graph.height;
  gctx.clearRect(0, 0, W, H);
  gctx.fillStyle = "#fafafa"; gctx.fillRect(0, 0, W, H);
  gctx.strokeStyle = "#bbb"; gctx.lineWidth = 1;
  gctx.beginPath(); gctx.moveTo(0, H / 2); gctx.lineTo(W, H / 2); gctx.stroke();
  if (!state || watch) return;
  const n = Math.max(state.stones.length, 10);
  const px = (ply) => 4 + (W - 8) * ply / n, py = (v) => 4 + (H - 8) * (1 - v);
  gctx.strokeStyle = "#ccc";
  gctx.beginPath(); gctx.moveTo(px(state.stones.length), 0); gctx.lineTo(px(state.stones.length), H); gctx.stroke();
  if (!state.evals.length) return;
  gctx.fillStyle = "rgba(0,0,0,0.12)";
  gctx.beginPath(); gctx.moveTo(px(state.evals[0].ply), py(0.5));
  for (const e of state.evals) gctx.lineTo(px(e.ply), py(e.black));
  gctx.lineTo(px(state.evals[state.evals.length - 1].ply), py(0.5)); gctx.closePath(); gctx.fill();
  gctx.strokeStyle = "#222"; gctx.lineWidth = 2;
  gctx.beginPath();
  state.evals.forEach((e, i) => (i ? gctx.lineTo(px(e.ply), py(e.black)) : gctx.moveTo(px(e.ply), py(e.black))));
  gctx.stroke();
  gctx.fillStyle = "#222";
  for (const e of state.evals) { gctx.beginPath(); gctx.arc(px(e.ply), py(e.black), 2.5, 0, 2 * Math.PI); gctx.fill(); }
}

function drawMoves(m) {
  $("moves").textContent = m.stones.map((s, i) => `${i + 1}.${s.name}`).join(" ");
}

// ---- watching a match ----

$("watchStart").addEventListener("click", async () => {
  const body = {
    first: $("first").value, second: $("second").value,
    games: parseInt($("games").value, 10) || 0,
    timeMs: Math.round(parseFloat($("watchTime").value) * 1000) || 0,
    size: $("size").value === "custom" ? $("sizeCustom").value.trim() : $("size").value,
    rule: $("rule").value,
    opening: $("fromHere").checked && state ? state.stones.map(name).join("") : "",
  };
  const w = await api("POST", "/api/watch", body).catch(() => null);
  if (!w) return;
  watch = w;
  if (watchEvents) watchEvents.close();
  watchEvents = new EventSource(`/api/watch/${w.id}/events`);
  watchEvents.addEventListener("watch", (e) => { if (watch && watch.id === w.id) { watch = JSON.parse(e.data); drawWatch(); } });
  watchEvents.addEventListener("error", () => { if (watch && watch.done && watchEvents) watchEvents.close(); });
  drawWatch();
});
$("watchStop").addEventListener("click", () => { if (watch) api("POST", `/api/watch/${watch.id}/stop`, {}).catch(() => {}); });
$("watchLeave").addEventListener("click", () => {
  if (watchEvents) watchEvents.close();
  watch = null; watchEvents = null;
  $("score").textContent = ""; $("results").textContent = "";
  render();
});

function drawWatch() {
  const [a, b] = watch.names, [sa, sb, d] = watch.score;
  const results = watch.results || [];
  const played = results.length;
  $("score").textContent = `${a} ${sa + d / 2} – ${sb + d / 2} ${b}  (${played} of ${watch.games} games, ${d} drawn)` +
    (watch.done ? " — finished" : "") + (watch.error ? ` — ${watch.error}` : "");
  const ol = $("results");
  ol.textContent = "";
  for (const r of results) {
    const li = document.createElement("li");
    li.textContent = `${r.black} – ${r.white}: ${r.winner ? r.winner + " wins" : "draw"} (${r.reason}, ${r.moves} stones)`;
    ol.appendChild(li);
  }
  render();
}

window.addEventListener("resize", render);
start().catch((e) => showError("could not start: " + e.message));
