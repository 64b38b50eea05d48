// The page: it asks the engine's worker (worker.js) and shows the answers, which are the JSON the
// `grundy` command prints with --json. Plots are drawn here, on the main thread, by the same
// engine loaded a second time (plotters measures text with the page's fonts).
import init, { plot as drawPlot, shown, tree_svg as drawTree } from "./pkg/grundy_web.js";
import { drawPart, el } from "./drawing.js";

const $ = (id) => document.getElementById(id);
const plotReady = init();

// --- the worker ---------------------------------------------------------------------------

let worker = null;
/// How long the engine took for the last answer, in the worker (ms): for the speed figures.
let lastMs = null;
let nextId = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    const { id, ok, err, progress, ms } = event.data;
    const job = pending.get(id);
    if (!job) return;
    if (progress) {
      $("progress").textContent = `${job.what}: ${progress[0]} of ${progress[1]}`;
      return;
    }
    pending.delete(id);
    if (pending.size === 0) $("status").hidden = true;
    if (err && err.panic) {
      // The engine's module ended: later questions go to a fresh one.
      worker.terminate();
      startWorker();
    }
    lastMs = ms;
    if (err) job.reject(err);
    else job.resolve(ok);
  };
}

/// Asks the worker `op`; resolves with the engine's JSON answer, rejects with {error, code}.
function ask(op, args, what = op) {
  const id = nextId++;
  $("status").hidden = false;
  $("progress").textContent = `${what}…`;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, what });
    worker.postMessage({ id, op, args });
  });
}

/// Cancel: the worker is ended (a computation cannot be interrupted from outside) and a fresh
/// one started; whatever was asked is refused as cancelled.
function cancel() {
  worker.terminate();
  for (const job of pending.values()) job.reject({ error: "cancelled", code: 1, cancelled: true });
  pending.clear();
  $("status").hidden = true;
  startWorker();
}

// --- the game and position ------------------------------------------------------------------

let games = [];

function isScript() {
  return $("game").value === "script";
}

/// The game as the engine names it: the spec typed, or the script written as an inline script.
function gameWord() {
  if (isScript()) return `script:{${$("script").value}}`;
  return $("spec").value.trim();
}

/// The words of the position: the game, then the position's words (a sum: `3 4 + bash:3 7`).
function words() {
  const position = $("position").value.trim();
  return [gameWord(), ...(position ? position.split(/\s+/) : [])];
}

function exampleOf(entry) {
  return entry.example.replace(/^grundy solve /, "").split(/\s+/);
}

function showGame() {
  const entry = games.find((g) => g.name === $("game").value);
  $("script-box").hidden = !isScript();
  $("spec-label").hidden = isScript();
  $("rules").textContent = entry ? entry.rules : "";
  $("syntax").textContent = entry ? entry.syntax : "";
}

function pickGame(useExample) {
  showGame();
  const entry = games.find((g) => g.name === $("game").value);
  if (!entry || !useExample) return;
  if (isScript()) {
    $("position").value = "10";
    return;
  }
  const [spec, ...position] = exampleOf(entry);
  $("spec").value = spec;
  $("position").value = position.join(" ");
}

// --- answers --------------------------------------------------------------------------------

function showError(e) {
  if (e && e.cancelled) {
    $("error").hidden = true;
    return;
  }
  $("error").hidden = false;
  $("error").textContent = `${e.code === 2 ? "Bad input" : "Could not finish"}: ${e.error}`;
}

function clearError() {
  $("error").hidden = true;
}


async function solve() {
  clearError();
  const out = $("solve-out");
  out.replaceChildren();
  try {
    const convention = $("convention").value;
    const outcome = convention !== "every" && $("outcome-only").checked;
    const r = await ask("solve", { words: words(), convention, outcome }, "solving");
    out.append(el("p", `Outcome: ${r.outcome_sentence}`, "verdict outcome"));
    if (r.grundy !== null && r.grundy !== undefined) {
      out.append(el("p", `Grundy value: ${r.grundy}`, "value"));
    } else if (r.outcome_search) {
      out.append(el("p", "Grundy value: not computed (outcome only: the search stops at the first winning move it proves).", "value"));
    }
    if (r.winning_moves.length > 0) {
      // An outcome-only search names the move that settled it; the others are not looked for.
      const heading = r.outcome_search
        ? "A winning move (the one that settled the search; the others are neither looked for nor counted):"
        : `Winning moves (${r.winning_moves_total ?? r.winning_moves.length}):`;
      out.append(el("p", heading));
      const list = el("ul", undefined, "winning");
      await plotReady;
      for (const m of r.winning_moves) list.append(el("li", `${m.description} → ${sumInWords(r, m.position)}`));
      out.append(list);
    } else if (r.outcome === "P") {
      out.append(el("p", "Every move loses against perfect play."));
    } else if (r.outcome === "N" && r.outcome_search) {
      // Misère play: a position without moves is won, by the opponent's last move.
      out.append(el("p", "No move is left: the opponent made the last move and lost."));
    } else if (r.outcome === "N" && outcome) {
      // A sum (or a game a theorem decides) is valued instead: its moves are not looked for.
      out.append(el("p", "Winning moves: not looked for (outcome only)."));
    }
    if (r.moves_note) out.append(el("p", r.moves_note));
  } catch (e) {
    showError(e);
  }
}

/// The position a move leaves, in words: each part of a sum after its game's name.
function sumInWords(r, position) {
  if (r.components.length <= 1) return shown(JSON.stringify(position));
  return r.components.map((c, i) => `${c.game} ${shown(JSON.stringify(position[i]))}`).join(" + ");
}

function cell(v) {
  return v === null ? "-" : typeof v === "number" ? String(v) : String(v);
}

function renderTable(t) {
  const table = el("table", undefined, "values");
  if (Array.isArray(t.values)) {
    const head = el("tr");
    head.append(el("th", ""));
    for (let c = 0; c < 10; c++) head.append(el("th", `+${c}`));
    table.append(head);
    for (let row = 0; row < t.values.length; row += 10) {
      const tr = el("tr");
      tr.append(el("th", String(row)));
      for (const v of t.values.slice(row, row + 10)) tr.append(el("td", cell(v), v === 0 ? "p" : ""));
      table.append(tr);
    }
  } else if (Array.isArray(t.rows)) {
    t.rows.forEach((r, y) => {
      const tr = el("tr");
      tr.append(el("th", String(y)));
      for (const v of r) tr.append(el("td", cell(v), v === 0 ? "p" : ""));
      table.append(tr);
    });
  } else if (Array.isArray(t.table)) {
    const head = el("tr");
    for (const h of ["vertex", "value", "class", "remoteness"]) head.append(el("th", h));
    table.append(head);
    for (const r of t.table) {
      const tr = el("tr");
      for (const v of [JSON.stringify(r.vertex), cell(r.value), r.outcome, r.remoteness ?? "-"]) tr.append(el("td", String(v)));
      table.append(tr);
    }
  }
  return table;
}

function describePeriod(p) {
  if (!p) return "";
  if (p.period === null) return `No period found up to ${p.checked_upto}.`;
  const saltus = p.saltus > 0 ? `, saltus ${p.saltus}` : "";
  const status = p.proved ? "proved" : `not proved (checked up to ${p.checked_upto})`;
  return `Period ${p.period} from preperiod ${p.preperiod}${saltus}: ${status}.`;
}

async function tabulate() {
  clearError();
  const out = $("table-out");
  out.replaceChildren();
  $("plot-out").replaceChildren();
  const upto = $("upto").value.trim() || null;
  try {
    const t = await ask("table", { game: gameWord(), upto, period: $("period").checked }, "values");
    out.append(renderTable(t));
    if (t.period) out.append(el("p", describePeriod(t.period), "period"));
    if (t.values || t.rows) {
      await plotReady;
      try {
        $("plot-out").innerHTML = drawPlot(JSON.stringify(t), 800, 480);
      } catch (_) {
        // A table that has no picture (a graph's vertices) is shown as the table alone.
      }
    }
  } catch (e) {
    showError(e);
  }
}

// --- play -----------------------------------------------------------------------------------

let history = [];
let current = null;
let engineFirst = false;

async function playFrom(positionWords, engineToMove) {
  clearError();
  // Nothing left (the last coin turned, the last heap taken): no move, no question to ask.
  const t = positionWords.length === 0
    ? { words: [], parts: [], moves: [], outcome: "P", grundy: 0, engine: null }
    : await ask("turn", { words: positionWords }, "thinking");
  current = { words: positionWords, turn: t, engineToMove };
  history.push(current);
  renderPlay();
  if (engineToMove && t.moves.length > 0) {
    const m = t.moves[t.engine];
    await playFrom(m.words, false);
  }
}

/// How long the last drawing of a position took to build (ms), for the speed figures.
let paintMs = null;

function renderPlay(hint = false) {
  const started = performance.now();
  try {
    drawPlay(hint);
  } finally {
    paintMs = performance.now() - started;
  }
}

function drawPlay(hint) {
  const out = $("play-out");
  out.replaceChildren();
  const { turn, engineToMove } = current;
  const shown = turn.words.length ? turn.words.join(" ") : "nothing left";
  out.append(el("p", `Position: ${shown}   value ${turn.grundy ?? "?"} (${turn.outcome})`, "position"));
  const last = history.length >= 2 ? history[history.length - 2] : null;
  if (last && last.engineToMove) {
    const played = last.turn.moves[last.turn.engine];
    out.append(el("p", `I play: ${played.description}`, "engine-move"));
  }
  $("play-undo").disabled = history.length < 2;
  $("play-hint").disabled = turn.moves.length === 0;
  $("play-explain").disabled = turn.moves.length === 0;
  if (turn.moves.length === 0) {
    out.append(el("p", engineToMove ? "I have no move left: you win." : "You have no move left: I win.", "ending"));
    return;
  }
  // The hint marks every winning move (or the engine's, keeping a draw or waiting for a mistake).
  const wins = turn.moves.filter((m) => m.wins);
  const hinted = hint ? (wins.length ? wins : [turn.moves[turn.engine]]) : [];
  if (turn.parts) {
    const board = el("div", undefined, "board");
    turn.parts.forEach((part, i) => {
      const move = (fits, what) => moveBy(i, turn.moves, fits, what);
      const drawn = drawPart(part, i, turn.moves, hinted, move);
      if (drawn) board.append(drawn);
    });
    if (board.childElementCount) {
      out.append(el("p", "Click the position to move (or pick a move below):", "note"));
      out.append(board);
      out.append(el("div", undefined, "choices"));
    }
  }
  const list = el("div", undefined, "moves");
  turn.moves.forEach((m, i) => {
    const b = el("button", `${m.description} → ${m.words.join(" ") || "nothing left"}`);
    if (hinted.includes(m)) b.classList.add("hint");
    b.onclick = () => playFrom(m.words, true).catch(showError);
    list.append(b);
  });
  out.append(el("p", "Your move:"));
  out.append(list);
}

// --- positions drawn, moves by touch ----------------------------------------------------------

/// The moves of part `i` whose part after the move `fits`; one is played, several are offered to
/// choose from (a split asks where), none is said.
function moveBy(i, moves, fits, what) {
  const found = moves.filter((m) => m.component === i && fits(m.part));
  const choices = document.querySelector("#play-out .choices");
  if (choices) choices.replaceChildren();
  if (found.length === 1) return playFrom(found[0].words, true).catch(showError);
  if (found.length === 0) {
    choices?.append(el("p", `No move ${what}.`, "note"));
    return;
  }
  choices?.append(el("p", `Which one (${what})?`));
  for (const m of found) {
    const b = el("button", m.description, "choice");
    b.onclick = () => playFrom(m.words, true).catch(showError);
    choices?.append(b);
  }
}

function undo() {
  // Back to the last position where it was the person's move.
  history.pop();
  while (history.length > 1 && history[history.length - 1].engineToMove) history.pop();
  current = history[history.length - 1];
  renderPlay();
}

// --- check and guess ------------------------------------------------------------------------

async function check() {
  clearError();
  const out = $("check-out");
  out.replaceChildren();
  try {
    const upto = $("check-upto").value.trim() || null;
    const r = await ask("check", { game: gameWord(), formula: $("formula").value, upto, outcome: $("outcome").checked }, "checking");
    if (r.holds) {
      out.append(el("p", `Holds for every position up to ${JSON.stringify(r.upto)}.`, "verdict holds"));
    } else {
      const c = r.counterexample;
      const at = Object.entries(c).filter(([k]) => k !== "expected" && k !== "actual").map(([k, v]) => `${k} = ${v}`).join(", ");
      out.append(el("p", `Fails at ${at}: the formula says ${c.expected}, but it is ${c.actual}.`, "verdict fails"));
    }
  } catch (e) {
    showError(e);
  }
}

async function guess() {
  clearError();
  const out = $("guess-out");
  out.replaceChildren();
  try {
    const upto = $("guess-upto").value.trim() || null;
    const r = await ask("guess", { game: gameWord(), upto }, "values");
    if (r.formula) {
      out.append(el("p", `G = ${r.formula}`, "verdict formula"));
      const basis = r.basis === "proved" ? `proved (${r.theorem})` : `checked up to ${JSON.stringify(r.checked_upto)}`;
      out.append(el("p", basis));
    } else {
      out.append(el("p", r.note || "No formula found.", "verdict"));
    }
  } catch (e) {
    showError(e);
  }
}

// --- explain -------------------------------------------------------------------------------

/// The working of the position, line by line as `grundy explain` prints it.
async function explainPosition(positionWords) {
  clearError();
  const out = $("explain-out");
  out.replaceChildren();
  try {
    const depthText = $("explain-depth").value.trim();
    const depth = depthText ? Number(depthText) : undefined;
    if (depthText && !(Number.isInteger(depth) && depth > 0)) throw { error: `the depth ('${depthText}') is a whole number from 1`, code: 2 };
    const e = await ask("explain", { words: positionWords ?? words(), convention: $("explain-convention").value, depth }, "explaining");
    out.append(el("p", `Position: ${e.position}`, "outcome"));
    out.append(el("pre", e.lines.join("\n"), "working"));
    if (e.tree) {
      await plotReady;
      const picture = el("div", undefined, "tree");
      picture.innerHTML = drawTree(JSON.stringify(e));
      out.append(picture);
    }
  } catch (e) {
    showError(e);
  }
}

// --- a census ------------------------------------------------------------------------------

/// The rows of the loaded census (`grundy census --export json`), each with its place in the file.
let censusRows = [];
let censusSort = { key: "order", up: true };
const CENSUS_COLUMNS = [
  ["spec", "game"], ["status", "status"], ["preperiod", "preperiod"], ["period", "period"],
  ["saltus", "saltus"], ["proof", "proof"], ["largest", "largest"], ["computed", "computed"],
];

/// Reads a census export: an array of rows, each with at least its game and status.
function loadCensus(text) {
  let rows;
  try {
    rows = JSON.parse(text);
  } catch (e) {
    throw { error: `the file is not JSON: ${e.message}`, code: 2 };
  }
  const bad = Array.isArray(rows) ? rows.findIndex((r) => !r || typeof r.spec !== "string" || typeof r.status !== "string") : -1;
  if (!Array.isArray(rows) || bad >= 0) {
    throw { error: `the file is not a census export (grundy census --export json)${bad >= 0 ? `: row ${bad + 1} has no game or status` : ""}`, code: 2 };
  }
  censusRows = rows.map((r, order) => ({ ...r, order }));
  censusSort = { key: "order", up: true };
  renderCensus();
}

/// Nulls last whichever way; numbers as numbers; the rest as text.
function compareCells(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

function renderCensus() {
  const out = $("census-out");
  out.replaceChildren();
  const shown = $("census-status").value;
  const rows = censusRows.filter((r) => !shown || r.status === shown);
  const { key, up } = censusSort;
  rows.sort((a, b) => {
    const c = compareCells(a[key], b[key]);
    // Nulls stay last when the order is reversed.
    if (a[key] == null || b[key] == null) return c;
    return up ? c : -c;
  });
  const count = (s) => censusRows.filter((r) => r.status === s).length;
  $("census-summary").textContent = censusRows.length
    ? `${censusRows.length} games: ${count("solved")} solved, ${count("open")} open, ${count("failed")} failed, ${count("duplicate")} duplicates.`
    : "";
  if (!censusRows.length) return;
  const table = el("table", undefined, "values census");
  const head = el("tr");
  for (const [k, label] of CENSUS_COLUMNS) {
    const th = el("th");
    const b = el("button", label + (key === k ? (up ? " ▲" : " ▼") : ""));
    th.setAttribute("aria-sort", key === k ? (up ? "ascending" : "descending") : "none");
    b.onclick = () => {
      censusSort = { key: k, up: key === k ? !up : true };
      renderCensus();
    };
    th.append(b);
    head.append(th);
  }
  table.append(head);
  for (const r of rows) {
    const tr = el("tr");
    tr.dataset.status = r.status;
    const game = el("td");
    const open = el("button", r.spec, "link");
    open.title = "its table and plot";
    open.onclick = () => openCensusGame(r);
    game.append(open);
    tr.append(game);
    for (const [k] of CENSUS_COLUMNS.slice(1)) {
      let v = r[k] ?? "–";
      if (k === "status" && r.duplicate_of) v = `same moves as ${r.duplicate_of}`;
      if (k === "status" && r.error) v = `failed: ${r.error}`;
      tr.append(el("td", String(v)));
    }
    table.append(tr);
  }
  out.append(table);
}

/// A game of the census in the Table tab, with its period: the game chosen, its values to the
/// census's reach (at most 2000 on the page), tabulated and drawn.
function openCensusGame(r) {
  const spec = r.duplicate_of ?? r.spec;
  const name = spec.split(":")[0];
  const entry = games.find((g) => g.name === name) ?? (/^[0-9a-fA-F]?\.[0-9a-fA-F]*$/.test(spec) ? games.find((g) => g.name.startsWith("0.d")) : undefined);
  if (entry) $("game").value = entry.name;
  showGame();
  $("spec").value = spec;
  $("position").value = "";
  $("upto").value = String(Math.min(r.computed ?? 100, 2000));
  $("period").checked = true;
  showTab("table");
  return tabulate();
}

// --- tabs and sharing -------------------------------------------------------------------------

function showTab(name) {
  for (const b of document.querySelectorAll("nav#tabs button[data-tab]")) b.classList.toggle("active", b.dataset.tab === name);
  for (const s of document.querySelectorAll("section.tab")) s.hidden = s.id !== `tab-${name}`;
}

function activeTab() {
  const b = document.querySelector("nav#tabs button.active");
  return b ? b.dataset.tab : "solve";
}

/// The game and position as a link: everything in the fragment, nothing sent to a server.
function shareLink() {
  const state = new URLSearchParams();
  state.set("game", $("game").value);
  if (isScript()) state.set("script", $("script").value);
  else state.set("spec", $("spec").value);
  state.set("position", $("position").value);
  state.set("tab", activeTab());
  const url = `${location.origin}${location.pathname}#${state.toString()}`;
  history_replace(url);
  navigator.clipboard?.writeText(url).catch(() => {});
  return url;
}

function history_replace(url) {
  window.history.replaceState(null, "", url);
}

function readLink() {
  if (!location.hash) return false;
  const state = new URLSearchParams(location.hash.slice(1));
  if (!state.has("game")) return false;
  $("game").value = state.get("game");
  showGame();
  if (state.has("script")) $("script").value = state.get("script");
  if (state.has("spec")) $("spec").value = state.get("spec");
  $("position").value = state.get("position") ?? "";
  showTab(state.get("tab") ?? "solve");
  return true;
}

// --- start ----------------------------------------------------------------------------------

async function start() {
  startWorker();
  games = await ask("games", {}, "loading");
  const select = $("game");
  for (const g of games) select.append(new Option(g.name === "script" ? "a game script (write your own)" : `${g.name} — ${g.syntax}`, g.name));
  select.onchange = () => pickGame(true);
  for (const b of document.querySelectorAll("nav#tabs button[data-tab]")) b.onclick = () => showTab(b.dataset.tab);
  $("cancel").onclick = cancel;
  $("share").onclick = shareLink;
  $("solve-go").onclick = solve;
  // Outcome only is for normal and misère play, as the command line's --outcome.
  $("convention").onchange = () => { $("outcome-only").disabled = $("convention").value === "every"; };
  $("table-go").onclick = tabulate;
  $("check-go").onclick = check;
  $("guess-go").onclick = guess;
  $("play-go").onclick = () => {
    history = [];
    engineFirst = $("engine-first").checked;
    playFrom(words(), engineFirst).catch(showError);
  };
  $("play-undo").onclick = undo;
  $("census-file").onchange = async () => {
    clearError();
    const file = $("census-file").files[0];
    if (!file) return;
    try {
      loadCensus(await file.text());
    } catch (e) {
      showError(e);
    }
  };
  $("census-status").onchange = renderCensus;
  $("explain-go").onclick = () => explainPosition();
  $("play-explain").onclick = () => {
    if (!current || current.words.length === 0) return;
    showTab("explain");
    explainPosition(current.words);
  };
  $("play-hint").onclick = () => renderPlay(true);
  if (!readLink()) {
    select.value = "nim";
    pickGame(true);
  }
  document.body.dataset.ready = "yes";
}

// For the console and the browser tests: the engine's answers as the CLI's JSON.
window.grundy = { ask, engineMs: () => lastMs, loadCensus, playing: () => current, history: () => history, paintMs: () => paintMs };

start().catch((e) => showError({ error: String(e), code: 1 }));
