// The browser table: draws what the server sends for this seat (its side's view only) and sends
// moves in the game's notation. Plain JavaScript, no build step.
"use strict";

const CLOSED = "The table has closed: the server is not answering.";
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
let view = null;          // the last payload
let selected = null;      // the selected square's name
let busy = false;

const $ = (id) => document.getElementById(id);

function plural(label) {
  const side = view && view.sides.find((s) => s.label === label);
  return side ? side.plural : label;
}

// GET without a body, POST with one; an error the server gave carries its answer as `data`.
async function api(path, body) {
  const options = { headers: { "X-Seat-Key": KEY } };
  if (body !== undefined) {
    Object.assign(options, { method: "POST", body: JSON.stringify(body) });
    options.headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new Error(CLOSED);  // not "Failed to fetch"
  }
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) { const error = new Error(data.error); error.data = data; throw error; }
  return data;
}

function say(text, kind) {
  const box = $("message");
  if (!text) { box.hidden = true; return; }
  box.hidden = false;
  box.className = kind || "info";
  box.textContent = text;
}

async function refresh() {
  try {
    const data = await api("/api/state");
    if (!view || data.version !== view.version || data.side !== view.side || data.handover !== view.handover) {
      show(data);
    }
  } catch (error) {
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
    show(data);
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

// ------------------------------------------------------------------ drawing
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

function img(src, cls) {
  const el = document.createElement("img");
  el.src = src; el.className = cls; el.alt = "";
  return el;
}

function show(data) {
  view = data;
  $("title").textContent = data.title;
  document.title = `${data.title} - play`;
  $("board").classList.toggle("flip", !!data.flip);
  const cells = Object.fromEntries(data.cells.map((c) => [c.square, c]));
  const layer = $("squares");
  layer.innerHTML = "";
  for (const name of squareNames()) {
    const box = squareBox(name);
    const el = document.createElement("div");
    el.className = "sq";
    el.dataset.square = name;
    el.title = name;
    Object.assign(el.style, { left: `${box.left}%`, bottom: `${box.bottom}%`, width: `${box.w}%`, height: `${box.h}%` });
    const cell = cells[name];
    if (cell) {
      if (cell.ground) el.appendChild(img(`/face/${cell.ground}.svg`, cell.inset ? "ground" : "ground full"));
      if (cell.piece) {
        const piece = img(`/face/${cell.piece}.svg`, "piece");
        el.appendChild(piece);
        el.dataset.piece = cell.piece;
      }
      if (cell.badge) {
        const badge = document.createElement("span");
        badge.className = "badge"; badge.textContent = cell.badge;
        el.appendChild(badge);
      }
      for (const [face, corner] of cell.overlays) el.appendChild(img(`/face/${face}.svg`, `overlay-${corner}`));
    }
    el.addEventListener("click", () => clickSquare(name));
    layer.appendChild(el);
  }
  $("notes").textContent = data.notes || "";
  // status line
  let status;
  if (data.outcome) status = `Game over: ${data.outcome_words || data.outcome}.`;
  else if (data.handover) status = `Pass the device to the ${plural(data.to_move)}.`;
  else if (data.your_turn) status = `Your move, ${plural(data.to_move)}` + (data.setup ? " (setup)" : ` - turn ${data.turn}`);
  else if (data.thinking) status = `The ${plural(data.to_move)} (AI) are thinking…`;
  else status = `Waiting for the ${plural(data.to_move)}` + (data.setup ? " (setup)" : ` - turn ${data.turn}`);
  $("status").textContent = status;
  $("thinking").hidden = !data.thinking;
  if (data.error) say(data.error, "refused");
  // history: one line per run of moves by the same side (a turn, or a setup step)
  const list = $("history");
  list.innerHTML = "";
  let run = null;
  for (const entry of data.history) {
    if (!run || run.side !== entry.side) {
      const li = document.createElement("li");
      li.style.color = (data.sides.find((s) => s.label === entry.side) || {}).colour || "";
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = plural(entry.side) + (data.ai.includes(entry.side) ? " (AI)" : "");
      const moves = document.createElement("span");
      moves.className = "moves";
      li.append(who, moves);
      list.appendChild(li);
      run = { side: entry.side, moves };
    }
    run.moves.append(document.createTextNode((run.moves.childNodes.length ? " " : "") + entry.move));
  }
  list.scrollTop = list.scrollHeight;
  // the last move's squares
  const last = data.history.length ? data.history[data.history.length - 1].move : "";
  for (const name of last.match(/[a-z]\d{1,2}/g) || []) {
    const el = document.querySelector(`.sq[data-square="${name}"]`);
    if (el) el.classList.add("last");
  }
  $("undo").disabled = !data.can_undo;
  // hot seat
  $("handover").hidden = !data.handover;
  $("handover-text").textContent = `Pass the device to the ${plural(data.to_move)}. ` +
    `${plural(data.to_move)}: press the button when the other player cannot see the screen.`;
  $("reveal").textContent = `I am playing the ${plural(data.to_move)}: show the board`;
  drawChoices();
}

// ------------------------------------------------------------------ choosing moves
function movesWith(square) { return view.moves.filter((m) => m.squares.includes(square)); }

function button(text, onClick, cls) {
  const b = document.createElement("button");
  b.textContent = text; b.className = cls || "move"; b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

function drawChoices() {
  const box = $("choices"), other = $("other");
  box.innerHTML = ""; other.innerHTML = "";
  for (const el of document.querySelectorAll(".sq")) el.classList.remove("selected", "target", "involved");
  const mine = view.your_turn;
  $("typed-move").disabled = !mine;
  if (!mine) {
    $("choices-title").textContent = "Moves";
    $("hint").textContent = view.outcome ? "The game is over." : "Not your turn.";
    return;
  }
  for (const m of view.moves.filter((m) => m.squares.length === 0)) {
    const b = button(m.move, () => play(m.move));
    if (m.move === "end") b.title = "end the turn (or the setup step) now";
    other.appendChild(b);
  }
  if (!other.childNodes.length) other.textContent = "none";
  if (!selected) {
    $("choices-title").textContent = "Moves";
    $("hint").textContent = `${view.moves.length} legal moves. Click a piece or a square to see the moves that start from or involve it.`;
    const starts = new Set(view.moves.flatMap((m) => m.squares.slice(0, 1)));
    for (const el of document.querySelectorAll(".sq")) if (starts.has(el.dataset.square)) el.classList.add("involved");
    return;
  }
  const list = movesWith(selected);
  $("choices-title").textContent = `Moves with ${selected}`;
  const targets = list.some((m) => targetOf(m) && targetOf(m) !== selected);
  $("hint").textContent = !list.length ? `No legal move involves ${selected}.`
    : targets ? "Click a marked square, or a move." : "Choose one:";
  const cell = document.querySelector(`.sq[data-square="${selected}"]`);
  if (cell) cell.classList.add("selected");
  for (const m of list) {
    const b = button(m.move, () => play(m.move));
    const after = m.after && m.after[selected];
    if (after && (after.piece || after.ground)) {  // a setup step: what it leaves on the square
      const face = img(`/face/${after.piece || after.ground}.svg`, "preview");
      b.prepend(face);
      if (after.badge) {
        const letter = document.createElement("small");
        letter.textContent = ` (${after.badge})`;
        b.appendChild(letter);
      }
    }
    if (m.says) b.title = m.says;
    if (m.says && (m.says.includes(",") || !m.says.includes("\u2192"))) {  // more than its notation says
      const note = document.createElement("small");
      note.textContent = ` ${m.says}`;
      b.appendChild(note);
    }
    box.appendChild(b);
    const target = targetOf(m);
    const el = document.querySelector(`.sq[data-square="${target}"]`);
    if (el && target !== selected) el.classList.add("target");
  }
}

function targetOf(m) {
  // where the acting piece goes; for a move that names the selected square last, its first square
  if (m.to && m.to !== selected) return m.to;
  const others = m.squares.filter((s) => s !== selected);
  return others.length ? others[others.length - 1] : m.to;
}

function clickSquare(name) {
  if (!view || !view.your_turn) {
    say(view && view.outcome ? "The game is over." : "It is not your turn.", "info");
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
  const el = document.querySelector(`.sq[data-square="${name}"]`);
  return !!(el && el.dataset.piece);
}

// ------------------------------------------------------------------ buttons
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  const text = $("typed-move").value.trim();
  if (text) play(text).then(() => { $("typed-move").value = ""; });
});
$("undo").addEventListener("click", () => send("/api/undo", {}));
$("reveal").addEventListener("click", () => send("/api/reveal", {}));
$("new-game").addEventListener("click", () => {
  if (view && view.history.length && !view.outcome && !confirm("Start a new game? This one will be lost.")) return;
  $("export").hidden = true;
  send("/api/new", {});
});
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
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") { selected = null; if (view) drawChoices(); }
});

if (!KEY) {
  say("This page needs the link that `pnp play` printed (it carries your seat's key).", "refused");
} else {
  refresh();
  // waiting: poll often; on your turn, now and then (the other player may take a move back)
  let ticks = 0;
  setInterval(() => {
    ticks += 1;
    if (!busy && view && (!view.your_turn || view.thinking || ticks % 4 === 0)) refresh();
  }, 500);
}
