// Positions drawn by their game's shape (the registry's `Drawing`, with the part's `figure` for
// what the position does not carry: the graph of a token game), every token, coin, square,
// vertex and edge a button of 44 px, so a move is made by touch, by mouse or by keyboard alone.
// A click names what it touches; `move(fits, what)` plays the one move of this part whose part
// after the move `fits`, or offers the choice when several do (a split asks where).

/// The most tokens of a pile, coins of a row or squares of a side drawn (each a 44 px target).
export const MAX_DRAWN = 24;

/// The most vertices (or board points) drawn.
const MAX_VERTICES = 400;

const SIZE = 44;

export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

const key = (x) => JSON.stringify(x);

/// Counts of each number in a list (zeros dropped: a heap of 0 is no heap).
function counts(list) {
  const c = new Map();
  for (const x of list) if (x > 0) c.set(x, (c.get(x) ?? 0) + 1);
  return c;
}

/// The heaps of `after` beyond `others` (a multiset difference), or null if `others` are not all
/// there.
export function beyond(after, others) {
  const c = counts(after);
  for (const [x, k] of counts(others)) {
    if ((c.get(x) ?? 0) < k) return null;
    c.set(x, c.get(x) - k);
  }
  return [...c].flatMap(([x, k]) => Array(k).fill(x));
}

/// A position drawn as piles in a fixed order: a list of numbers; `N/LIMIT` (a heap and the most
/// the next player may take) or `N`; `{"heaps": [...], "pool": N}`. `null` for any other shape.
export function pilesOf(p) {
  if (Array.isArray(p) && p.every(Number.isInteger)) return { piles: p, note: null };
  if (typeof p === "string" && /^\d+(\/\d+)?$/.test(p)) {
    const [n, limit] = p.split("/").map(Number);
    return { piles: [n], note: limit === undefined ? null : `the next take: at most ${limit}` };
  }
  if (p && Array.isArray(p.heaps) && p.heaps.every(Number.isInteger) && Number.isInteger(p.pool)) {
    return { piles: p.heaps, note: `pool: ${p.pool} chips` };
  }
  return null;
}

/// A part of the position drawn by its game's shape; `null` when it is shown as words only (a
/// shape this page does not know, a position too big to draw). What starts each move of
/// `hinted` (the winning moves, on request) is marked.
export function drawPart(part, i, moves, hinted, move) {
  const mark = (button, fits) => {
    if (hinted.some((h) => h.component === i && fits(h.part))) button.classList.add("hint");
  };
  const mine = moves.filter((m) => m.component === i);
  const box = el("div", undefined, `part ${part.drawing}`);
  box.dataset.part = String(i);
  box.append(el("div", part.game, "part-name"));
  const drawn = (DRAW[part.drawing] ?? (() => null))(part.position, { mark, move, mine, figure: part.figure });
  if (!drawn) return null;
  box.append(drawn);
  return box;
}

const DRAW = { heaps, piles, coins, columns, cells, number, tokens, vertices, edges, rows, "coin-grid": coinGrid };

/// Heaps of tokens (a sum of heaps, any order): a token takes it and those above; a heap's button
/// lists its moves (splits, and merges with another heap).
function heaps(p, { mark, move }) {
  if (!Array.isArray(p) || !p.every((h) => Number.isInteger(h) && h <= MAX_DRAWN)) return null;
  const row = el("div", undefined, "heaps");
  const all = counts(p);
  p.forEach((h, k) => {
    const others = p.filter((_, j) => j !== k);
    const col = el("div", undefined, "heap");
    for (let t = h; t >= 1; t--) {
      const token = el("button", "", "token");
      token.setAttribute("aria-label", `heap ${k + 1}: take token ${t} and those above it`);
      const fits = (after) => {
        const left = Array.isArray(after) ? beyond(after, others) : null;
        return left !== null && left.reduce((a, b) => a + b, 0) === t - 1;
      };
      mark(token, fits);
      token.onclick = () => move(fits, `taking from token ${t} of heap ${k + 1} up`);
      col.append(token);
    }
    const base = el("button", `${h}`, "heap-moves");
    base.setAttribute("aria-label", `the moves of heap ${k + 1}`);
    // Its own moves, and those that take it into another heap (a merge leaves one fewer of it).
    const touches = (after) => Array.isArray(after)
      && (beyond(after, others) !== null || (counts(after).get(h) ?? 0) < all.get(h));
    base.onclick = () => move(touches, `of heap ${k + 1}`);
    col.append(base);
    row.append(col);
  });
  return row;
}

/// Piles in a fixed order: a token leaves the pile with the tokens below it (other piles may
/// change too: Moore's Nim, Wythoff's diagonal, a stair below); a pile's `+` lists the moves
/// that make it grow (a stair that receives, a heap that takes from the pool).
function piles(p, { mark, move, mine }) {
  const shape = pilesOf(p);
  if (!shape || shape.piles.length > MAX_DRAWN || shape.piles.some((h) => h > MAX_DRAWN)) return null;
  const { piles: hs, note } = shape;
  const wrap = el("div", undefined, "piles-box");
  const row = el("div", undefined, "heaps");
  const after = (m) => pilesOf(m)?.piles ?? null;
  hs.forEach((h, k) => {
    const col = el("div", undefined, "heap");
    const grows = (a) => { const q = after(a); return q !== null && q.length === hs.length && q[k] > h; };
    if (mine.some((m) => grows(m.part))) {
      const more = el("button", "+", "heap-moves");
      more.setAttribute("aria-label", `pile ${k + 1}: the moves that add to it`);
      more.onclick = () => move(grows, `adding to pile ${k + 1}`);
      col.append(more);
    }
    for (let t = h; t >= 1; t--) {
      const token = el("button", "", "token");
      token.setAttribute("aria-label", `pile ${k + 1}: leave ${t - 1} tokens`);
      // The pile left with t - 1 tokens; a pile emptied may leave the row (Ends).
      const fits = (a) => {
        const q = after(a);
        if (q === null) return false;
        if (q.length === hs.length) return q[k] === t - 1;
        return t === 1 && q.length === hs.length - 1 && key(q) === key(hs.filter((_, j) => j !== k));
      };
      mark(token, fits);
      token.onclick = () => move(fits, `leaving ${t - 1} in pile ${k + 1}`);
      col.append(token);
    }
    col.append(el("span", `${h}`, "pile-size"));
    row.append(col);
  });
  wrap.append(row);
  if (note) wrap.append(el("p", note, "note"));
  return wrap;
}

/// A row of coins, the heads listed: a coin turns it from heads to tails, with the coins the move
/// turns to its left.
function coins(p, { mark, move }) {
  if (!Array.isArray(p) || !p.every((c) => Number.isInteger(c) && c <= MAX_DRAWN)) return null;
  const heads = new Set(p);
  const first = Math.min(1, ...p);
  const row = el("div", undefined, "coins");
  for (let c = first; c <= Math.max(first, ...p); c++) {
    const coin = el("button", heads.has(c) ? "H" : "T", heads.has(c) ? "coin heads" : "coin tails");
    coin.setAttribute("aria-label", `coin ${c}, ${heads.has(c) ? "heads" : "tails"}`);
    const fits = (after) => {
      if (!Array.isArray(after) || !heads.has(c)) return false;
      const now = new Set(after);
      return !now.has(c) && [...heads, ...now].every((d) => d <= c || heads.has(d) === now.has(d));
    };
    mark(coin, fits);
    coin.onclick = () => move(fits, `turning coin ${c} (the rightmost) to tails`);
    row.append(coin);
  }
  return row;
}

/// A list of words `A,B` as pairs of numbers from `least` to [`MAX_DRAWN`], or null.
function pairsOf(p, least) {
  if (!Array.isArray(p)) return null;
  const pairs = p.map((s) => (typeof s === "string" ? s.split(",").map(Number) : null));
  const fits = (q) => q && q.length === 2 && q.every((v) => Number.isInteger(v) && v >= least && v <= MAX_DRAWN);
  return pairs.every(fits) ? pairs : null;
}

/// A grid of coins (Tartan), the heads written `X,Y`: a coin turns it from heads to tails, the
/// top-right corner of the coins the move turns.
function coinGrid(p, { mark, move }) {
  const pts = pairsOf(p, 0);
  if (!pts) return null;
  const heads = new Set(p);
  const lo = Math.min(1, ...pts.flat());
  const [w, h] = [Math.max(lo, ...pts.map((q) => q[0])), Math.max(lo, ...pts.map((q) => q[1]))];
  const grid = el("div", undefined, "grid");
  grid.style.gridTemplateColumns = `repeat(${w - lo + 1}, ${SIZE}px)`;
  for (let y = h; y >= lo; y--) {
    for (let x = lo; x <= w; x++) {
      const c = `${x},${y}`;
      const coin = el("button", heads.has(c) ? "H" : "T", heads.has(c) ? "coin heads" : "coin tails");
      coin.setAttribute("aria-label", `coin ${c}, ${heads.has(c) ? "heads" : "tails"}`);
      // The corner turns to tails; no coin to its right or above it changes.
      const fits = (after) => {
        if (!Array.isArray(after) || !heads.has(c)) return false;
        const now = new Set(after);
        const outside = (d) => { const [dx, dy] = d.split(",").map(Number); return dx > x || dy > y; };
        return !now.has(c) && [...heads, ...now].every((d) => !outside(d) || heads.has(d) === now.has(d));
      };
      mark(coin, fits);
      coin.onclick = () => move(fits, `turning coin ${c} (the corner) to tails`);
      grid.append(coin);
    }
  }
  return grid;
}

/// A bar of chocolate by its columns' heights: a square eats it and all above and to its right.
function columns(p, { mark, move }) {
  if (typeof p !== "string") return null;
  const h = p.split(",").map(Number);
  if (h.some((x) => !Number.isInteger(x) || x > MAX_DRAWN) || h.length > MAX_DRAWN) return null;
  const norm = (hs) => { const c = [...hs]; while (c.length && c[c.length - 1] === 0) c.pop(); return c.join(","); };
  const grid = el("div", undefined, "grid");
  const top = Math.max(...h, 1);
  grid.style.gridTemplateColumns = `repeat(${h.length}, ${SIZE}px)`;
  for (let y = top - 1; y >= 0; y--) {
    for (let x = 0; x < h.length; x++) {
      if (y < h[x]) {
        const sq = el("button", x === 0 && y === 0 ? "☠" : "", x === 0 && y === 0 ? "square poison" : "square");
        sq.setAttribute("aria-label", `eat the square at column ${x + 1}, row ${y + 1} and those above and to its right`);
        const want = norm(h.map((hc, c) => (c >= x ? Math.min(hc, y) : hc)));
        const fits = (after) => typeof after === "string" && norm(after.split(",").map(Number)) === want;
        mark(sq, fits);
        sq.onclick = () => move(fits, `eating column ${x + 1}, row ${y + 1}`);
        grid.append(sq);
      } else grid.append(el("span", "", "gap"));
    }
  }
  return grid;
}

/// A board of free and taken cells: two free cells side by side take a domino, by two clicks or
/// by dragging from one to the other.
function cells(p, { mark, move }) {
  if (!Array.isArray(p) || !p.every((r) => typeof r === "string")) return null;
  if (p.length > MAX_DRAWN || p.some((r) => r.length > MAX_DRAWN)) return null;
  const grid = el("div", undefined, "grid");
  grid.style.gridTemplateColumns = `repeat(${p[0]?.length ?? 0}, ${SIZE}px)`;
  let picked = null, dragFrom = null;
  const place = (a, b) => {
    const rows = p.map((r) => [...r]);
    rows[a.y][a.x] = "#";
    rows[b.y][b.x] = "#";
    const want = key(rows.map((r) => r.join("")));
    picked = null;
    move((after) => key(after) === want, "filling those two cells");
  };
  const cellAt = (e) => document.elementFromPoint(e.clientX, e.clientY)?.closest?.("button.square.free");
  p.forEach((row, y) => [...row].forEach((c, x) => {
    const sq = el("button", "", c === "." ? "square free" : "square taken");
    sq.setAttribute("aria-label", `row ${y + 1}, column ${x + 1}, ${c === "." ? "free" : "taken"}`);
    sq.dataset.x = String(x);
    sq.dataset.y = String(y);
    sq.disabled = c !== ".";
    mark(sq, (after) => Array.isArray(after) && c === "." && after[y]?.[x] === "#");
    sq.onclick = () => {
      if (picked && Math.abs(picked.x - x) + Math.abs(picked.y - y) === 1) place(picked, { x, y });
      else {
        grid.querySelectorAll(".picked").forEach((b) => b.classList.remove("picked"));
        picked = { x, y };
        sq.classList.add("picked");
      }
    };
    // A drag from this cell to a neighbour places the domino at once (a mouse's pointerup
    // fires on the cell it ends on, a finger's on the cell it started from: ask where it ended).
    sq.onpointerdown = () => { dragFrom = { x, y }; };
    sq.onpointerup = (e) => {
      const from = dragFrom, to = cellAt(e);
      dragFrom = null;
      if (!from || !to) return;
      const b = { x: Number(to.dataset.x), y: Number(to.dataset.y) };
      if (Math.abs(b.x - from.x) + Math.abs(b.y - from.y) === 1) {
        e.preventDefault();
        place(from, b);
      }
    };
    grid.append(sq);
  }));
  return grid;
}

/// One number the moves change (a price, a product): the number, and a button for each number a
/// move reaches.
function number(p, { mark, move, mine }) {
  if (!Number.isInteger(p)) return null;
  const box = el("div", undefined, "number");
  box.append(el("div", `${p}`, "number-now"));
  const row = el("div", undefined, "number-moves");
  const reached = [...new Set(mine.map((m) => m.part))].filter(Number.isInteger).sort((a, b) => a - b);
  if (reached.length > 4 * MAX_DRAWN) return null;
  for (const q of reached) {
    const b = el("button", `→ ${q}`, "to-number");
    b.setAttribute("aria-label", `to ${q}`);
    const fits = (after) => after === q;
    mark(b, fits);
    b.onclick = () => move(fits, `to ${q}`);
    row.append(b);
  }
  box.append(row);
  return box;
}

/// Rows of a board, each `W,B` (the squares of the white and the black piece): a square takes
/// the piece that can reach it there (left of both: the left piece; between them: the right one).
function rows(p, { mark, move }) {
  const rs = pairsOf(p, 1);
  if (!rs) return null;
  const width = Math.max(...rs.flat());
  const grid = el("div", undefined, "grid");
  grid.style.gridTemplateColumns = `repeat(${width}, ${SIZE}px)`;
  rs.forEach(([w, b], r) => {
    for (let s = 1; s <= width; s++) {
      const piece = s === w ? "white" : s === b ? "black" : null;
      const sq = el("button", piece === "white" ? "○" : piece === "black" ? "●" : "", piece ? `square piece ${piece}` : "square free");
      sq.setAttribute("aria-label", `row ${r + 1}, square ${s}${piece ? `, the ${piece} piece` : ""}`);
      if (!piece) {
        // The row after the move has a piece on s; other rows are as they were.
        const fits = (after) => Array.isArray(after) && after.length === p.length
          && after.every((q, j) => j === r || q === p[j])
          && typeof after[r] === "string" && after[r].split(",").map(Number).includes(s);
        mark(sq, fits);
        sq.onclick = () => move(fits, `moving a piece of row ${r + 1} to square ${s}`);
      } else sq.disabled = true;
      grid.append(sq);
    }
  });
  return grid;
}

/// Where to put the vertices of a graph: points of a board on their grid (y up), other names on
/// a circle. `{ at: [[x, y]...], width, height }` in pixels, or null if too many.
function layout(names) {
  if (names.length > MAX_VERTICES) return null;
  const gap = SIZE + 8;
  if (names.length && names.every((n) => Array.isArray(n) && n.length === 2 && n.every(Number.isInteger))) {
    const xs = names.map((n) => n[0]), ys = names.map((n) => n[1]);
    const [x0, y0, x1, y1] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    return {
      board: true,
      at: names.map(([x, y]) => [(x - x0) * gap + gap / 2, (y1 - y) * gap + gap / 2]),
      width: (x1 - x0 + 1) * gap,
      height: (y1 - y0 + 1) * gap,
    };
  }
  const n = names.length;
  const r = n <= 1 ? 0 : Math.max(70, (n * gap) / (2 * Math.PI));
  const c = r + gap / 2 + 4;
  return {
    board: false,
    at: names.map((_, k) => [c + r * Math.sin((2 * Math.PI * k) / n), c - r * Math.cos((2 * Math.PI * k) / n)]),
    width: 2 * c,
    height: 2 * c,
  };
}

const SVG = "http://www.w3.org/2000/svg";

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/// A picture of a graph: an SVG of its edges under a layer of buttons placed by pixel.
function stage(width, height, lines, directed) {
  const box = el("div", undefined, "stage");
  box.style.width = `${width}px`;
  box.style.height = `${height}px`;
  const svg = svgEl("svg", { width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true" });
  if (directed) {
    const marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 10, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
    marker.append(svgEl("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow" }));
    const defs = svgEl("defs", {});
    defs.append(marker);
    svg.append(defs);
  }
  for (const d of lines) svg.append(svgEl("path", { d, class: "edge", ...(directed ? { "marker-end": "url(#arrow)" } : {}) }));
  box.append(svg);
  const place = (button, [x, y]) => {
    button.style.left = `${x - SIZE / 2}px`;
    button.style.top = `${y - SIZE / 2}px`;
    box.append(button);
  };
  return { box, place };
}

/// The path of an edge from `a` to `b` (stopping short of a vertex's disc), a loop above `a`
/// when they are the same point; the `bend`-th parallel edge bows out to its side.
function edgePath(a, b, bend = 0, inset = SIZE / 2 + 1) {
  if (a[0] === b[0] && a[1] === b[1]) {
    const [x, y] = a, s = 26 + 14 * bend;
    return { d: `M ${x - 10} ${y - 18} C ${x - s} ${y - 2.6 * s}, ${x + s} ${y - 2.6 * s}, ${x + 10} ${y - 18}`, mid: [x, y - 1.95 * s] };
  }
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = Math.hypot(dx, dy);
  const [ux, uy] = [dx / len, dy / len];
  const off = bend === 0 ? 0 : (bend % 2 ? 1 : -1) * Math.ceil(bend / 2) * 30;
  const [sx, sy] = [a[0] + ux * inset, a[1] + uy * inset], [ex, ey] = [b[0] - ux * inset, b[1] - uy * inset];
  const [cx, cy] = [(a[0] + b[0]) / 2 - uy * off, (a[1] + b[1]) / 2 + ux * off];
  return { d: `M ${sx} ${sy} Q ${cx} ${cy} ${ex} ${ey}`, mid: [(sx + 2 * cx + ex) / 4, (sy + 2 * cy + ey) / 4] };
}

/// The edges of a figure as paths, parallel edges bowed apart, stopping `inset` short of their
/// ends (a vertex's button).
function edgePaths(figure, at, inset) {
  const seen = new Map();
  return figure.edges.map(([u, v]) => {
    const k = key([Math.min(u, v), Math.max(u, v)]);
    const bend = seen.get(k) ?? 0;
    seen.set(k, bend + 1);
    return edgePath(at[u], at[v], bend, inset);
  });
}

/// Tokens on a graph or a board: a token is picked, then a vertex it can slide to (highlighted).
function tokens(p, { mark, move, figure }) {
  if (!figure || !Array.isArray(p)) return null;
  const names = figure.vertices;
  const place = layout(names);
  if (!place) return null;
  const on = new Map();
  for (const t of p) on.set(key(t), (on.get(key(t)) ?? 0) + 1);
  // The tokens after the move are these with one on `from` moved to `to`.
  const bag = (list) => list.map(key).sort().join(" ");
  const slide = (from, to) => {
    const rest = [...p];
    rest.splice(rest.findIndex((t) => key(t) === from), 1, JSON.parse(to));
    return bag(rest);
  };
  const followers = new Map();
  for (const [u, v] of figure.edges) {
    const f = key(names[u]);
    if (!followers.has(f)) followers.set(f, []);
    followers.get(f).push(key(names[v]));
  }
  const { box, place: put } = stage(place.width, place.height, place.board ? [] : edgePaths(figure, place.at).map((e) => e.d), true);
  if (place.board) box.classList.add("board-grid");
  let picked = null;
  const buttons = new Map();
  names.forEach((n, k) => {
    const name = key(n);
    const count = on.get(name) ?? 0;
    const label = Array.isArray(n) ? n.join(",") : String(n);
    const shown = place.board ? "" : label;
    const b = el("button", count ? `${shown}●${count > 1 ? count : ""}` : shown, count ? "vertex token" : "vertex");
    b.setAttribute("aria-label", `${place.board ? "point" : "vertex"} ${label}${count ? `, ${count} token${count > 1 ? "s" : ""}` : ""}`);
    if (!place.board) b.title = label;
    if (count) mark(b, (after) => Array.isArray(after) && (followers.get(name) ?? []).some((to) => bag(after) === slide(name, to)));
    b.onclick = () => {
      if (picked !== null && (followers.get(picked) ?? []).includes(name)) {
        const want = slide(picked, name);
        picked = null;
        move((after) => Array.isArray(after) && bag(after) === want, `sliding the token to ${label}`);
        return;
      }
      box.querySelectorAll(".picked, .target").forEach((x) => x.classList.remove("picked", "target"));
      picked = count ? name : null;
      if (picked !== null) {
        b.classList.add("picked");
        for (const to of followers.get(name) ?? []) buttons.get(to)?.classList.add("target");
      }
    };
    buttons.set(name, b);
    put(b, place.at[k]);
  });
  return box;
}

/// The vertices of a graph still present (Node Kayles): a vertex takes it and its neighbours.
function vertices(p, { mark, move, figure }) {
  if (!figure || !Array.isArray(p)) return null;
  const names = figure.vertices;
  const place = layout(names);
  if (!place) return null;
  const present = new Set(p.map(key));
  const live = figure.edges.filter(([u, v]) => present.has(key(names[u])) && present.has(key(names[v])));
  const { box, place: put } = stage(place.width, place.height, edgePaths({ edges: live }, place.at).map((e) => e.d), false);
  const neighbours = (k) => figure.edges.flatMap(([u, v]) => (u === k ? [v] : v === k ? [u] : []));
  names.forEach((n, k) => {
    const name = key(n);
    const label = String(n);
    if (!present.has(name)) {
      const gone = el("span", label, "vertex gone");
      put(gone, place.at[k]);
      return;
    }
    const b = el("button", label, "vertex");
    b.setAttribute("aria-label", `take vertex ${label} and its neighbours`);
    const taken = new Set([k, ...neighbours(k)].map((j) => key(names[j])));
    const want = key(p.filter((q) => !taken.has(key(q))));
    const fits = (after) => key(after) === want;
    mark(b, fits);
    b.onclick = () => move(fits, `taking vertex ${label}`);
    put(b, place.at[k]);
  });
  return box;
}

/// Hackenbush: the edges standing, on a drawing whose first vertex is the ground (at the bottom,
/// the others above it by their distance from it); an edge's button cuts it, and what no longer
/// reaches the ground falls.
function edges(p, { mark, move, figure }) {
  if (!figure || !Array.isArray(p)) return null;
  const n = figure.vertices.length;
  if (n > MAX_VERTICES) return null;
  const standing = new Set(p);
  const live = figure.edges.map((e, k) => [e, k + 1]).filter(([, id]) => standing.has(id));
  // Rows by distance from the ground over the edges standing.
  const depth = new Array(n).fill(-1);
  depth[figure.ground] = 0;
  const queue = [figure.ground];
  while (queue.length) {
    const u = queue.shift();
    for (const [[a, b]] of live) {
      for (const [x, y] of [[a, b], [b, a]]) if (x === u && depth[y] < 0) { depth[y] = depth[u] + 1; queue.push(y); }
    }
  }
  const gap = 2 * SIZE + 20;
  const rowsOf = new Map();
  depth.forEach((d, v) => { if (d >= 0) rowsOf.set(d, [...(rowsOf.get(d) ?? []), v]); });
  const tallest = Math.max(...rowsOf.keys());
  const widest = Math.max(...[...rowsOf.values()].map((r) => r.length));
  const width = Math.max(3, widest) * gap, height = (tallest + 1) * gap + 60;
  const at = new Array(n).fill(null);
  for (const [d, vs] of rowsOf) vs.forEach((v, j) => { at[v] = [((j + 0.5) * width) / vs.length, height - 30 - d * gap]; });
  const paths = edgePaths({ edges: live.map(([e]) => e) }, at, 0);
  const { box, place: put } = stage(width, height, paths.map((e) => e.d), false);
  const svg = box.querySelector("svg");
  svg.append(svgEl("line", { x1: 0, y1: height - 30, x2: width, y2: height - 30, class: "ground" }));
  for (const p of at) if (p) svg.append(svgEl("circle", { cx: p[0], cy: p[1], r: 5, class: "joint" }));
  // What stands after cutting `id`: the edges still joined to the ground.
  const after = (id) => {
    const rest = live.filter(([, j]) => j !== id);
    const reached = new Set([figure.ground]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [[a, b]] of rest) {
        if (reached.has(a) !== reached.has(b)) { reached.add(a); reached.add(b); grew = true; }
      }
    }
    return key(rest.filter(([[a]]) => reached.has(a)).map(([, j]) => j).sort((x, y) => x - y));
  };
  live.forEach(([[a, b], id], k) => {
    const cut = el("button", "✂", "cut");
    cut.setAttribute("aria-label", `cut edge ${id} (${a + 1}-${b + 1})`);
    const want = after(id);
    const fits = (q) => Array.isArray(q) && key([...q].sort((x, y) => x - y)) === want;
    mark(cut, fits);
    cut.onclick = () => move(fits, `cutting edge ${id}`);
    put(cut, paths[k].mid);
  });
  return box;
}
