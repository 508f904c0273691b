// The browser table: draws what the server sends this seat (its side's frames only) and sends moves
// in the game's notation. A game without rules gets the sandbox (drag, flip, draw). Plain
// JavaScript, no build step.
"use strict";

const CLOSED = "The table has closed: the server is not answering.";
const PANEL = "#fffdf8";
const MOTION_MS = 320;
// The seat's key: read once from the link `pnp play` printed, kept in this tab's sessionStorage
// (a reload still knows it), sent in a header, and taken out of the address bar.
const KEY = (() => {
  const url = new URL(location.href);
  let key = url.searchParams.get("key");
  try {
    if (key) sessionStorage.setItem("seat-key", key); else key = sessionStorage.getItem("seat-key");
  } catch (error) { /* no storage: the key lives in this page only */ }
  if (url.searchParams.has("key")) {
    url.searchParams.delete("key");
    history.replaceState(null, "", url.pathname + url.search + url.hash);
  }
  return key || "";
})();
let view = null;          // the last payload drawn
let selected = null;      // the selected square (a game) or piece (the sandbox)
let busy = false;         // a request or an animation is under way
let closed = false;       // the server stopped answering
let skipMotion = false;   // the person asked to skip the animation
let endingSeen = null;    // the version whose end-of-game screen was put aside

const $ = (id) => document.getElementById(id);
const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value);
  }
  for (const child of children) if (child !== null && child !== undefined) node.append(child);
  return node;
}

function faceUrl(name) { return `/face/${name}.${view ? view.faces : "svg"}`; }
function face(name, cls) { return el("img", { src: faceUrl(name), class: cls || "", alt: "", draggable: "false" }); }

// ------------------------------------------------------------------ colours that can be read
function channels(hex) {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
}
function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}
// A side's colour, darkened until it reads on the panel (gold or cream sides stay legible).
function readable(hex) {
  let rgb = channels(hex || "#1f1b17");
  const panel = channels(PANEL);
  while (contrast(rgb, panel) < 4.6) rgb = rgb.map((c) => c * 0.9);
  return "#" + rgb.map((c) => Math.round(c * 255).toString(16).padStart(2, "0")).join("");
}

function side(label) { return (view && view.sides.find((s) => s.label === label)) || { label, plural: label, colour: "#777777" }; }
function plural(label) { return side(label).plural; }
function who(label) { return plural(label) + (side(label).ai ? " (AI)" : ""); }
function chip(label) { return el("span", { class: "chip", style: `background:${side(label).colour}` }); }
function sideName(label) {
  return el("span", { class: "who", style: `color:${readable(side(label).colour)}` }, chip(label), who(label));
}

// ------------------------------------------------------------------ talking to the server
// GET without a body, POST with one; the page says how many moves it has drawn (`since`) so the
// answer carries the new ones to animate. An error the server gave carries its answer as `data`.
async function api(path, body) {
  const options = { headers: { "X-Seat-Key": KEY } };
  if (body !== undefined) {
    Object.assign(options, { method: "POST", body: JSON.stringify(body) });
    options.headers["Content-Type"] = "application/json";
  }
  const drawnMoves = view && !view.handover && view.history ? view.history.length : null;
  const url = drawnMoves === null ? path : `${path}${path.includes("?") ? "&" : "?"}since=${drawnMoves}`;
  let response;
  try {
    response = await fetch(url, options);
  } catch (error) {
    throw Object.assign(new Error(CLOSED), { closed: true });
  }
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw Object.assign(new Error(data.error), { data });
  return data;
}

function say(text, kind) {
  const box = $("message");
  box.hidden = !text;
  box.className = kind || "info";
  box.textContent = text || "";
}

async function refresh() {
  try {
    const data = await api("/api/state");
    if (closed) { closed = false; say(""); }
    if (!view || data.version !== view.version || data.side !== view.side || data.handover !== view.handover) {
      await show(data);
    }
  } catch (error) {
    closed = !!error.closed;
    say(error.message, "refused");
  }
}

async function send(path, body) {
  if (busy) return;
  busy = true;
  try {
    const data = await api(path, body);
    selected = null;
    say("");
    await show(data);
  } catch (error) {
    const d = error.data || {};
    say(!error.data ? error.message : d.move ? `Refused: ${d.move} - ${d.error}` : `Refused: ${error.message}`, "refused");
    busy = false;
    await refresh();  // the table may have moved on (the other player took a move back)
  } finally {
    busy = false;
  }
}

function play(move) { return send("/api/move", { move }); }

// ------------------------------------------------------------------ the board
function squareBox(name) {
  const f = name.charCodeAt(0) - 97, r = parseInt(name.slice(1), 10) - 1;
  const b = view.board;
  let left = b.left + f * b.square_w, bottom = b.bottom + r * b.square_h;
  if (view.flip) { left = 1 - left - b.square_w; bottom = 1 - bottom - b.square_h; }
  return { left: left * 100, bottom: bottom * 100, w: b.square_w * 100, h: b.square_h * 100 };
}

function squareNames() {
  const names = [];
  for (let r = 1; r <= view.ranks; r++) {
    for (let f = 0; f < view.files; f++) names.push(String.fromCharCode(97 + f) + r);
  }
  return names;
}

function squareEl(name) { return document.querySelector(`.sq[data-square="${name}"]`); }

// Where a square's centre lies on screen, in pixels from the board's corner.
function centre(name) {
  const box = squareBox(name), rect = $("board").getBoundingClientRect();
  return [(box.left + box.w / 2) * rect.width / 100, (100 - box.bottom - box.h / 2) * rect.height / 100];
}

// The squares, their pictures, coordinates and a layer for marks. `cells` and `tints` (a wash
// per square of a group: a territory) from a frame.
function drawSquares(cells, tints) {
  $("board").classList.toggle("flip", !!view.flip);
  const byName = Object.fromEntries((cells || []).map((c) => [c.square, c]));
  const layer = $("squares");
  layer.innerHTML = "";
  const bottomRank = view.flip ? view.ranks : 1, leftFile = view.flip ? view.files - 1 : 0;
  for (const name of squareNames()) {
    const box = squareBox(name);
    const node = el("div", { class: "sq", "data-square": name, title: name });
    Object.assign(node.style, { left: `${box.left}%`, bottom: `${box.bottom}%`, width: `${box.w}%`, height: `${box.h}%` });
    const cell = byName[name];
    if (tints && tints[name]) node.append(el("span", { class: "tint", style: `background:${tints[name]}` }));
    if (cell) {
      if (cell.ground) node.append(face(cell.ground, cell.inset ? "ground" : "ground full"));
      if (cell.piece) {
        node.append(face(cell.piece, "piece" + (cell.turned ? " turned" : "")));
        node.dataset.piece = cell.piece;
      }
      if (cell.secret) {
        const inset = face(cell.secret, "secret");
        inset.title = "its hidden side: only you see it";
        node.append(inset);
      } else if (cell.badge) node.append(el("span", { class: "badge", text: cell.badge }));
      for (const [art, corner] of cell.overlays) node.append(face(art, `overlay-${corner}`));
    }
    if (parseInt(name.slice(1), 10) === bottomRank) node.append(el("span", { class: "coord file", text: name[0] }));
    if (name.charCodeAt(0) - 97 === leftFile) node.append(el("span", { class: "coord rank", text: name.slice(1) }));
    node.append(el("span", { class: "mark" }));
    node.addEventListener("click", () => clickSquare(name));
    layer.append(node);
  }
}

// Pieces on the lines between squares (palisades), each along its line.
function lineBox(a, b) {
  const p = squareBox(a), q = squareBox(b);
  const vertical = Math.abs(p.bottom - q.bottom) < 0.01;   // side by side: the line between runs up
  const cx = (p.left + q.left) / 2 + p.w / 2, cy = 100 - ((p.bottom + q.bottom) / 2 + p.h / 2);
  return { vertical, cx, cy, length: vertical ? p.h : p.w };
}

function drawEdges(edges) {
  const layer = $("lines");
  layer.innerHTML = "";
  for (const edge of edges || []) layer.append(edgeEl(edge.a, edge.b, edge.face));
}

function edgeEl(a, b, art) {
  const line = lineBox(a, b), rect = $("board").getBoundingClientRect();
  const thick = line.length * 0.24;
  const node = el("div", { class: "edge", "data-edge": `${a}|${b}` });
  const widthPct = line.vertical ? line.length * rect.height / rect.width : line.length;
  Object.assign(node.style, {
    backgroundImage: `url(${faceUrl(art)})`, width: `${widthPct}%`, height: `${thick * (line.vertical ? rect.width / rect.height : 1)}%`,
    left: `${line.cx - widthPct / 2}%`, top: `${line.cy - thick / 2}%`, rotate: line.vertical ? "90deg" : "0deg",
  });
  return node;
}

// ------------------------------------------------------------------ motion
function motionOn() { return !reducedMotion.matches; }

function pieceOn(name) {
  const node = squareEl(name);
  return node && node.querySelector(".piece");
}

function ghost(art, name) {
  const box = squareBox(name);
  const img = face(art);
  Object.assign(img.style, { left: `${box.left + box.w * 0.11}%`, bottom: `${box.bottom + box.h * 0.11}%`,
                             width: `${box.w * 0.78}%`, height: `${box.h * 0.78}%` });
  $("fx").append(img);
  return img;
}

// One move: the board is redrawn as it is after the move, then each piece that travelled slides
// from where it was, removed pieces fade out where they were pushed, flipped pieces turn over.
async function animateStep(before, step) {
  const was = Object.fromEntries(before.cells.filter((c) => c.piece).map((c) => [c.square, c.piece]));
  drawSquares(step.frame.cells, step.frame.tints);
  drawEdges(step.frame.edges);
  const runs = [], moved = new Set();
  const options = { duration: MOTION_MS, easing: "cubic-bezier(.2,.7,.3,1)" };
  for (const m of step.motion.motions) {
    const piece = pieceOn(m.to);
    if (!piece || m.role === "support" && m.from === m.to) continue;
    moved.add(m.to);
    if (m.from) {
      const [x0, y0] = centre(m.from), [x1, y1] = centre(m.to);
      runs.push(piece.animate([{ transform: `translate(${x0 - x1}px, ${y0 - y1}px)` }, { transform: "none" }], options));
    } else {
      runs.push(piece.animate([{ opacity: 0, transform: "scale(1.5)" }, { opacity: 1, transform: "none" }], options));
    }
  }
  for (const r of step.motion.removals) {
    const img = ghost(r.face, r.from);
    const [x0, y0] = centre(r.from), [x1, y1] = r.to ? centre(r.to) : [x0, y0];
    const run = img.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${x1 - x0}px, ${y1 - y0}px) scale(.5)`, opacity: 0 }],
                            { duration: MOTION_MS * 1.4, easing: "ease-in", fill: "forwards" });
    run.finished.catch(() => {}).then(() => img.remove());
    runs.push(run);
  }
  for (const name of step.motion.flips) {
    const piece = pieceOn(name);
    if (!piece) continue;
    moved.add(name);
    if (was[name]) {
      const old = ghost(was[name], name);
      const run = old.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], { duration: MOTION_MS / 2, fill: "forwards" });
      run.finished.catch(() => {}).then(() => old.remove());
      runs.push(run);
    }
    runs.push(piece.animate([{ transform: "scaleX(0)" }, { transform: "scaleX(0)", offset: 0.5 }, { transform: "scaleX(1)" }],
                            { duration: MOTION_MS }));
  }
  for (const cell of step.frame.cells) {   // a piece that appears without travelling: placed
    if (cell.piece && !was[cell.square] && !moved.has(cell.square)) {
      runs.push(pieceOn(cell.square).animate([{ opacity: 0, transform: "translateY(-30%)" }, { opacity: 1, transform: "none" }], options));
    }
  }
  if (skipMotion) runs.forEach((run) => run.finish());
  await Promise.all(runs.map((run) => run.finished.catch(() => {})));
}

async function animateSteps(before, steps) {
  skipMotion = false;
  let frame = before;
  for (const step of steps) {
    if (skipMotion) break;
    await animateStep(frame, step);
    frame = step.frame;
  }
  $("fx").innerHTML = "";
}

function skip() {
  skipMotion = true;
  for (const run of document.getAnimations()) if (run.effect && run.effect.target && run.effect.target.closest("#board")) run.finish();
}

// ------------------------------------------------------------------ drawing a payload
async function show(data) {
  const before = view;
  if (data.kind === "game" && before && !before.handover && !data.handover && before.side === data.side &&
      data.steps && data.steps.length && before.history.length + data.steps.length === data.history.length && motionOn()) {
    busy = true;
    try {
      await animateSteps(before, data.steps);
    } finally {
      busy = false;
    }
  }
  view = data;
  $("title").textContent = data.title;
  document.title = `${data.title} - play`;
  document.body.dataset.kind = data.kind;
  $("sandbox-card").hidden = data.kind !== "sandbox";
  for (const id of ["moves-card", "history-card", "turn-card"]) $(id).hidden = data.kind === "sandbox";
  drawHandover();
  if (data.handover) {   // the page keeps no view while the device is passed on
    for (const id of ["squares", "lines", "fx", "near", "far", "cards", "choices", "other", "history", "scores"]) $(id).innerHTML = "";
    $("notes").textContent = "";
    $("score-card").hidden = true;
    $("status").textContent = "Pass the device";
    return;
  }
  if (data.kind === "sandbox") return drawSandbox();
  drawSquares(data.cells, data.tints);
  drawEdges(data.edges);
  for (const name of data.last) { const node = squareEl(name); if (node) node.classList.add("last"); }
  $("notes").textContent = data.notes || "";
  drawZones();
  drawScores($("scores"));
  $("score-card").hidden = !data.scores.length;
  drawTurn();
  drawHistory();
  drawRequest();
  drawEnding();
  $("undo").disabled = !data.can_undo;
  $("new-game").disabled = data.mode !== "ai" && !data.outcome;
  if (data.error) say(data.error, "refused");
  drawChoices();
}

function drawTurn() {
  const v = view;
  let status, whoLine;
  if (v.outcome) {
    status = `Game over: ${v.outcome.headline}${v.outcome.how ? ` (${v.outcome.how})` : ""}.`;
    whoLine = v.outcome.headline;
  } else if (v.your_turn) {
    status = `Your turn, ${plural(v.to_move)}` + (v.setup ? ": setting up" : ` - turn ${v.turn}`);
    whoLine = `Your turn, ${plural(v.to_move)}`;
  } else if (v.thinking) {
    status = `The ${plural(v.to_move)} (AI) are thinking…`;
    whoLine = `The ${plural(v.to_move)} are to move`;
  } else {
    status = `Waiting for the ${plural(v.to_move)}` + (v.setup ? ": setting up" : ` - turn ${v.turn}`);
    whoLine = `The ${plural(v.to_move)} are to move`;
  }
  $("status").textContent = status;
  $("turn-who").replaceChildren(chip(v.outcome ? (v.outcome.winners[0] || v.to_move) : v.to_move), whoLine);
  const clock = $("clock");
  clock.replaceChildren();
  if (v.clock && !v.outcome) {
    const [used, allowed] = v.clock;
    for (let k = 0; k < allowed; k++) clock.append(el("span", { class: "pip" + (k < used ? " used" : "") }));
    clock.append(el("span", { text: ` ${allowed - used} of ${allowed} actions left` }));
  }
  $("prompt").textContent = v.your_turn ? (v.prompt || "Click a piece or a square to see its moves.") :
    v.outcome ? "" : v.setup ? "The other side is setting up." : "";
  $("thinking").hidden = !v.thinking;
  $("notice").hidden = !v.notice;
  $("notice").textContent = v.notice || "";
}

// What lies off the board: at the far edge the other sides', at the near edge this side's; a
// zone on a card (a tracker) is drawn on the kit's own card, in the panel.
function drawZones() {
  const v = view, mine = side(v.side).home;
  const far = $("far"), near = $("near"), cards = $("cards");
  far.replaceChildren(); near.replaceChildren(); cards.replaceChildren();
  for (const zone of v.zones) {
    if (zone.card && v.cards[zone.card]) { cards.append(cardZone(zone, v.cards[zone.card])); continue; }
    const node = el("div", { class: "zone", "data-zone": zone.name });
    if (zone.side) node.append(chip(zone.side));
    node.append(el("span", { class: "zone-name", text: zone.name }));
    const counts = new Map();
    for (const [art] of zone.pieces) counts.set(art, (counts.get(art) || 0) + 1);
    if (!zone.pieces.length) node.append(el("span", { class: "zone-name", text: "none" }));
    for (const [art, n] of counts) {
      for (let k = 0; k < Math.min(n, 4); k++) node.append(face(art));
      if (n > 4) node.append(el("span", { class: "more", text: `\u00d7${n}` }));
    }
    const home = zone.side ? side(zone.side).home : mine;
    (home === mine ? near : far).append(node);
  }
}

function cardZone(zone, card) {
  const box = el("div", { class: "card-box" }, el("img", { src: card.svg, alt: zone.name }));
  const bySpace = new Map();
  for (const [art, place] of zone.pieces) (bySpace.get(place) || bySpace.set(place, []).get(place)).push(art);
  for (const [place, arts] of bySpace) {
    const rect = card.spaces[place];
    if (!rect) continue;
    const space = el("div", { class: "space", "data-space": place });
    Object.assign(space.style, { left: `${rect[0] * 100}%`, top: `${rect[1] * 100}%`, width: `${rect[2] * 100}%`, height: `${rect[3] * 100}%` });
    for (const art of arts) space.append(face(art));
    box.append(space);
  }
  return el("figure", { class: "card card-zone", "data-zone": zone.name }, el("figcaption", { text: zone.name }), box);
}

function drawScores(box) {
  box.replaceChildren();
  for (const tally of view.scores) {
    const head = el("div", { class: "tally-head" }, sideName(tally.side),
                    tally.needed !== null ? `: ${tally.points} of ${tally.needed} points` : `: ${tally.points} points`);
    const list = el("ul");
    for (const way of tally.ways) {
      list.append(el("li", { class: way.held ? "held" : "" }, way.words + (way.progress ? `: ${way.progress}` : "")));
    }
    box.append(el("div", { class: "tally", "data-side": tally.side }, head, list));
  }
}

// One line per run of moves by the same side (a turn, or a setup step), in the side's colour.
function drawHistory() {
  const list = $("history");
  list.replaceChildren();
  let run = null;
  for (const entry of view.history) {
    if (!run || run.side !== entry.side) {
      const moves = el("span", { class: "moves" });
      list.append(el("li", {}, sideName(entry.side), moves));
      run = { side: entry.side, moves };
    }
    run.moves.append((run.moves.childNodes.length ? " " : "") + entry.move);
  }
  list.scrollTop = list.scrollHeight;
}

function drawRequest() {
  const box = $("request"), r = view.request;
  box.hidden = !r || view.mode === "hot-seat";
  box.replaceChildren();
  if (!r) return;
  const asks = r.asks.map((a) => `the ${plural(a)}`).join(" and ");
  if (r.mine) {
    box.append(el("p", { text: `You asked to take back ${r.count} move${r.count > 1 ? "s" : ""} that showed you a hidden piece; waiting for ${asks} to agree.` }),
               el("button", { type: "button", text: "Withdraw", onclick: () => send("/api/answer", { allow: false }) }));
  } else if (r.yours) {
    box.append(el("p", { text: `The ${plural(r.by)} ask to take back ${r.count} move${r.count > 1 ? "s" : ""}, one of which showed them a hidden piece of yours.` }),
               el("div", { class: "row" },
                  el("button", { type: "button", class: "primary", text: "Agree", onclick: () => send("/api/answer", { allow: true }) }),
                  el("button", { type: "button", text: "Refuse", onclick: () => send("/api/answer", { allow: false }) })));
  } else {
    box.append(el("p", { text: `The ${plural(r.by)} ask to take back moves; waiting for ${asks}.` }));
  }
}

function drawEnding() {
  const o = view.outcome;
  $("ending").hidden = !o || endingSeen === view.version;
  if (!o) return;
  $("ending-title").textContent = o.headline;
  $("ending-how").textContent = o.how ? `How: ${o.how}.` : "";
  drawScores($("ending-scores"));
}

// The hot seat's cover: whom to pass the device to, and the only button that lifts it.
function drawHandover() {
  const v = view, cover = $("handover");
  cover.hidden = !v.handover;
  if (!v.handover) return;
  const buttons = $("handover-buttons");
  buttons.replaceChildren();
  if (v.kind === "sandbox") {
    $("handover-text").textContent = "Pass the device.";
    $("handover-more").textContent = "Whoever holds it: press your side's button when nobody else can see the screen.";
    for (const label of v.choose) {
      buttons.append(el("button", { type: "button", class: "primary", text: `I play ${plural(label)}: show my pieces`,
                                    onclick: () => send("/api/reveal", { side: label }) }));
    }
    return;
  }
  const to = plural(v.pass_to);
  $("handover-text").textContent = `Pass the device to the ${to}.`;
  if (v.request) {
    $("handover-more").textContent = `The ${plural(v.request.by)} ask to take back ${v.request.count} move${v.request.count > 1 ? "s" : ""}, ` +
      `one of which showed them a hidden piece of yours. ${to}: do you agree?`;
    buttons.append(el("button", { type: "button", class: "primary", text: "Agree", onclick: () => send("/api/answer", { allow: true }) }),
                   el("button", { type: "button", text: "Refuse", onclick: () => send("/api/answer", { allow: false }) }));
    return;
  }
  $("handover-more").textContent = `${to}: press the button when the other players cannot see the screen.`;
  buttons.append(el("button", { id: "reveal", type: "button", class: "primary", text: `I am playing the ${to}: show my board`,
                                onclick: () => send("/api/reveal", {}) }));
}

// ------------------------------------------------------------------ choosing moves
function movesWith(square) { return view.moves.filter((m) => m.squares.includes(square)); }

function moveButton(m, picture) {
  const b = el("button", { type: "button", class: "move", "data-move": m.move, title: m.move, onclick: () => play(m.move) });
  if (picture) b.append(face(picture, "preview"));
  b.append(m.words, el("span", { class: "notation", text: m.move }));
  return b;
}

function drawChoices() {
  const box = $("choices"), other = $("other");
  box.replaceChildren(); other.replaceChildren();
  for (const node of document.querySelectorAll(".sq")) node.classList.remove("selected", "target", "start");
  $("lines").querySelectorAll(".edge-target").forEach((node) => node.remove());
  const mine = view.your_turn;
  $("typed-move").disabled = !mine;
  $("typed-move").placeholder = view.moves.length ? `a move, e.g. ${view.moves[0].move}` : "a move";
  $("moves-card").hidden = !mine;
  if (!mine) return;
  for (const m of view.moves.filter((m) => !m.squares.length && !m.edge)) other.append(moveButton(m));
  for (const m of view.moves.filter((m) => m.edge)) {   // a piece for the line between two squares
    const line = lineBox(m.edge[0], m.edge[1]);
    const dot = el("div", { class: "edge-target", "data-move": m.move, title: m.words, onclick: () => play(m.move) });
    Object.assign(dot.style, { left: `${line.cx}%`, top: `${line.cy}%` });
    $("lines").append(dot);
  }
  if (!selected) {
    $("choices-title").textContent = "Your moves";
    $("hint").textContent = `${view.moves.length} legal move${view.moves.length === 1 ? "" : "s"}: the outlined squares start one. ` +
      "Click a piece or a square to see its moves.";
    const starts = new Set(view.moves.flatMap((m) => m.squares.slice(0, 1)));
    for (const node of document.querySelectorAll(".sq")) if (starts.has(node.dataset.square)) node.classList.add("start");
    return;
  }
  const list = movesWith(selected);
  $("choices-title").textContent = `Moves with ${selected}`;
  const targets = list.some((m) => targetOf(m) && targetOf(m) !== selected);
  $("hint").textContent = !list.length ? `No legal move involves ${selected}.`
    : targets ? "Click a marked square, or choose below." : "Choose one:";
  const cell = squareEl(selected);
  if (cell) cell.classList.add("selected");
  for (const m of list) {
    const after = m.after && m.after[selected];
    box.append(moveButton(m, after && (after.secret || after.piece || after.ground)));
    const target = targetOf(m);
    const node = squareEl(target);
    if (node && target !== selected) node.classList.add("target");
  }
}

function targetOf(m) {
  // where the acting piece goes; for a move that names the selected square last, its first square
  if (m.to && m.to !== selected) return m.to;
  const others = m.squares.filter((s) => s !== selected);
  return others.length ? others[others.length - 1] : m.to;
}

function clickSquare(name) {
  if (busy) { skip(); return; }
  if (view.kind === "sandbox") return sandboxClick(name);
  if (!view.your_turn) {
    say(view.outcome ? "The game is over." : "It is not your turn.", "info");
    return;
  }
  say("");
  if (selected && name !== selected) {
    const matches = movesWith(selected).filter((m) => targetOf(m) === name);
    if (matches.length === 1) return play(matches[0].move);
    if (matches.length > 1) { selected = name; return drawChoices(); }
    // another piece of yours that can move: select it instead
    if (view.moves.some((m) => m.from === name || m.squares[0] === name) && cellHasPiece(name)) {
      selected = name; return drawChoices();
    }
    // not a legal target: let the engine say why (FROM-TO, the usual notation of a step)
    if (cellHasPiece(selected)) return play(`${selected}-${name}`);
  }
  if (selected === name) { selected = null; return drawChoices(); }
  const list = movesWith(name);
  if (list.length === 1 && list[0].squares.length === 1 && !cellHasPiece(name)) return play(list[0].move);
  selected = name;
  drawChoices();
}

function cellHasPiece(name) {
  const node = squareEl(name);
  return !!(node && node.dataset.piece);
}

// ------------------------------------------------------------------ the sandbox
// Pieces are dragged (or clicked, then sent with a button) to a square, a line, a hand or a bag.
function drawSandbox() {
  const v = view;
  drawSquares([]);
  drawEdges([]);
  $("status").textContent = v.mode === "hot-seat" ? `Sandbox: ${plural(v.side)} at the device` :
    v.sides.length ? `Sandbox: you are ${plural(v.side)}` : "Sandbox";
  $("notes").textContent = "No rules engine: nothing is checked. Drag the pieces; click one to turn it over or put it away.";
  $("score-card").hidden = true;
  $("cards").replaceChildren();
  const stacks = new Map();
  for (const p of v.pieces) {
    if (p.area === "square") (stacks.get(p.square) || stacks.set(p.square, []).get(p.square)).push(p);
    if (p.area === "edge") {
      const node = edgeEl(p.edge[0], p.edge[1], p.face);
      node.dataset.piece = p.id;
      dragSource(node, p);
      $("lines").append(node);
    }
  }
  for (const [name, pieces] of stacks) {
    const node = squareEl(name);
    pieces.forEach((p, k) => {
      const scale = Math.min(1.15, Math.max(p.size[0], p.size[1])) * 78 / Math.max(p.size[0], p.size[1], 1);
      const w = p.size[0] >= p.size[1] ? scale : scale * p.size[0] / p.size[1];
      const h = p.size[1] >= p.size[0] ? scale : scale * p.size[1] / p.size[0];
      const img = face(p.face, "item" + (selected === p.id ? " picked" : ""));
      Object.assign(img.style, { width: `${w}%`, height: `${h}%`, left: `${(100 - w) / 2 + k * 4}%`, top: `${(100 - h) / 2 - k * 4}%`, zIndex: k });
      img.dataset.piece = p.id;
      dragSource(img, p);
      node.append(img);
      if (p.secret && k === pieces.length - 1) node.append(face(p.secret, "item-secret"));
    });
  }
  // near: this side's hand and bag; far: the others', as counts
  const near = $("near"), far = $("far");
  near.replaceChildren(); far.replaceChildren();
  const count = (area, label) => (v.counts.find((c) => c.area === area && c.side === label) || { count: 0 }).count;
  const hand = el("div", { class: "zone drop", "data-drop": "hand", id: "hand" }, v.sides.length ? chip(v.side) : null,
                  el("span", { class: "zone-name", text: `Your hand (${count("hand", v.side)})` }));
  for (const p of v.pieces.filter((p) => p.area === "hand").sort((a, b) => a.face.localeCompare(b.face))) {
    const img = face(p.face, p.edge_piece ? "long" : "");
    img.dataset.piece = p.id;
    dragSource(img, p);
    const holder = el("span", { class: "hand-piece" + (selected === p.id ? " picked" : "") }, img);
    if (p.secret) holder.append(face(p.secret, "secret"));
    hand.append(holder);
  }
  const bag = el("div", { class: "zone drop", "data-drop": "bag", id: "bag" },
                 el("span", { class: "zone-name", text: `Your bag (${count("bag", v.side)})` }),
                 el("button", { type: "button", text: "Draw", disabled: !count("bag", v.side), onclick: () => play("draw") }));
  near.append(hand, bag);
  for (const s of v.sides.filter((s) => s.label !== v.side)) {
    far.append(el("div", { class: "zone" }, chip(s.label),
                  el("span", { class: "zone-name counts", text: `${s.plural}: hand ${count("hand", s.label)}, bag ${count("bag", s.label)}` })));
  }
  // the panel: the selected piece, the supply, the shared bag, the cards and sheets
  const supply = $("supply");
  supply.replaceChildren();
  const groups = new Map();
  for (const p of v.pieces.filter((p) => p.area === "supply")) (groups.get(p.face) || groups.set(p.face, []).get(p.face)).push(p);
  for (const [art, pieces] of groups) {
    const img = face(art, pieces[0].edge_piece ? "long" : "");
    img.dataset.piece = pieces[0].id;
    img.title = `${pieces.length} left`;
    dragSource(img, pieces[0]);
    supply.append(el("span", { class: "group" + (pieces.some((p) => p.id === selected) ? " picked" : "") }, img,
                     el("span", { text: `\u00d7${pieces.length}` })));
  }
  if (!groups.size) supply.append(el("span", { class: "hint", text: "empty" }));
  $("pool").replaceChildren(el("span", { class: "zone-name", text: `${count("pool", "")} piece${count("pool", "") === 1 ? "" : "s"}, hidden` }),
                           el("button", { type: "button", text: "Draw one", disabled: !count("pool", ""), onclick: () => play("draw pool") }));
  const furniture = $("furniture");
  furniture.replaceChildren();
  for (const art of v.furniture) {
    furniture.append(el("img", { src: faceUrl(art), alt: art, title: art, onclick: () => { $("lightbox-img").src = faceUrl(art); $("lightbox").hidden = false; } }));
  }
  $("furniture-area").hidden = !v.furniture.length;
  $("pass").hidden = v.mode !== "hot-seat";
  drawSelection();
  if (v.error) say(v.error, "refused");
}

function pieceById(id) { return view.pieces.find((p) => p.id === id); }

function drawSelection() {
  const box = $("selection"), p = selected && pieceById(selected);
  box.replaceChildren();
  if (!p) { box.append(el("p", { class: "hint", text: "Click a piece to pick it, or drag it where it goes." })); return; }
  const where = p.square ? `on ${p.square}` : p.edge ? `on the line ${p.edge.join("|")}` : p.area === "hand" ? "in your hand" : "in the supply";
  box.append(el("p", {}, face(p.face, "preview"), ` ${where}. Click a square to put it there.`));
  const row = el("div", { class: "row" });
  if (p.two_sided && p.area !== "hand") row.append(el("button", { type: "button", text: "Turn over", onclick: () => play(`flip ${p.id}`) }));
  for (const [area, words] of [["hand", "To my hand"], ["bag", "Into my bag"], ["pool", "Into the shared bag"], ["supply", "Back to the supply"]]) {
    if (p.area !== area) row.append(el("button", { type: "button", text: words, onclick: () => play(`${p.id} ${area}`) }));
  }
  box.append(row);
}

function sandboxClick(name) {
  if (!selected) return;
  const p = pieceById(selected);
  if (p && p.edge_piece) return;   // a long piece goes on a line: drag it there
  play(`${selected} ${name}`);
}

function pick(id) { selected = selected === id ? null : id; drawSandbox(); }

// The nearest line between two squares to a point on the board (for a palisade).
function nearestLine(x, y) {
  const rect = $("board").getBoundingClientRect(), b = view.board;
  let fx = ((x - rect.left) / rect.width - b.left) / b.square_w;
  let fy = ((rect.bottom - y) / rect.height - b.bottom) / b.square_h;
  if (view.flip) { fx = view.files - fx; fy = view.ranks - fy; }
  const file = Math.floor(fx), rank = Math.floor(fy);
  if (file < 0 || rank < 0 || file >= view.files || rank >= view.ranks) return null;
  const dx = fx - file, dy = fy - rank;
  const options = [[dx, -1, 0], [1 - dx, 1, 0], [dy, 0, -1], [1 - dy, 0, 1]].sort((p, q) => p[0] - q[0]);
  for (const [, df, dr] of options) {
    const f2 = file + df, r2 = rank + dr;
    if (f2 >= 0 && r2 >= 0 && f2 < view.files && r2 < view.ranks) {
      const a = String.fromCharCode(97 + file) + (rank + 1), c = String.fromCharCode(97 + f2) + (r2 + 1);
      return `${a}|${c}`;
    }
  }
  return null;
}

function dropTarget(x, y, piece) {
  for (const node of document.elementsFromPoint(x, y)) {
    if (node.dataset && node.dataset.drop) return node.dataset.drop;
    if (node.id === "board" || (node.classList && node.classList.contains("sq"))) {
      if (piece.edge_piece) return nearestLine(x, y);
      const square = node.closest(".sq");
      return square ? square.dataset.square : null;
    }
  }
  return null;
}

function dragSource(node, piece) {
  node.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || busy) return;
    event.preventDefault();
    event.stopPropagation();
    const start = [event.clientX, event.clientY];
    let dragging = null;
    const move = (e) => {
      if (!dragging && Math.hypot(e.clientX - start[0], e.clientY - start[1]) > 6) {
        dragging = face(piece.face);
        dragging.id = "drag-ghost";
        document.body.append(dragging);
      }
      if (dragging) Object.assign(dragging.style, { left: `${e.clientX - 24}px`, top: `${e.clientY - 24}px` });
    };
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      if (!dragging) return pick(piece.id);
      dragging.remove();
      const target = dropTarget(e.clientX, e.clientY, piece);
      if (target) play(`${piece.id} ${target}`);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  });
}

// ------------------------------------------------------------------ buttons
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-move").value.trim();
  if (text) play(text).then(() => { $("typed-move").value = ""; });
});
$("undo").addEventListener("click", () => send("/api/undo", {}));
$("new-game").addEventListener("click", () => {
  if (view && view.history.length && !view.outcome && !confirm("Start a new game? This one will be lost.")) return;
  $("export").hidden = true;
  send("/api/new", {});
});
$("rematch").addEventListener("click", () => send("/api/new", {}));
$("see-board").addEventListener("click", () => { endingSeen = view.version; $("ending").hidden = true; });
$("pass").addEventListener("click", () => play("pass"));
$("sandbox-new").addEventListener("click", () => {
  if (confirm("Put every piece back where it started?")) send("/api/new", {});
});
$("lightbox").addEventListener("click", () => { $("lightbox").hidden = true; });
for (const what of ["position", "game"]) {
  $(`export-${what}`).addEventListener("click", async () => {
    try {
      const data = await api(`/api/export?what=${what}`);
      $("export").hidden = false;
      $("export-text").value = data.block;
      say("");
    } catch (error) {
      $("export").hidden = true;
      say(error.data ? `Cannot export: ${error.message}` : error.message, "refused");
    }
  });
}
$("copy").addEventListener("click", () => {
  $("export-text").select();
  if (navigator.clipboard) navigator.clipboard.writeText($("export-text").value).catch(() => {});
});
$("board").addEventListener("pointerdown", () => { if (busy) skip(); });
document.addEventListener("keydown", (event) => {
  if (busy) { skip(); return; }
  if (event.key === "Escape") {
    selected = null;
    if (view && view.kind === "sandbox") drawSandbox(); else if (view) drawChoices();
  }
});

if (!KEY) {
  say("This page needs the link that `pnp play` printed (it carries your seat's key).", "refused");
} else {
  refresh();
  // waiting: poll often; on your turn, now and then (the other player may take a move back);
  // while the server is gone, every few seconds
  let ticks = 0;
  setInterval(() => {
    ticks += 1;
    if (busy || !view) return;
    if (closed ? ticks % 6 === 0 : (!view.your_turn || view.thinking || ticks % 4 === 0)) refresh();
  }, 500);
}
