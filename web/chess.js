// Chess in the browser, for a person playing the computer or a friend: drag a piece (mouse or touch) or click it
// and then its square, or use the keyboard; the legal squares are dotted, the last move and a king in check are
// marked, an illegal move is put back with the reason, a pawn on the last rank asks what it becomes. The server
// gives the rules' verdicts (`board.moves` lists every legal move): this page never decides a move is legal by
// itself, it only explains why one is not. Anyone else with the game's link watches.
import { api, asPlayer, attempt, gamePage, say, el, other, param, plays, sideName } from "./api.js";
import * as l10n from "./l10n.js";

const NS = "http://www.w3.org/2000/svg";
/** One square in the board's units (the SVG's viewBox is 800 × 800). */
const SQ = 100;
const FILES = "abcdefgh";
const NAMES = { p: "pawn", n: "knight", b: "bishop", r: "rook", q: "queen", k: "king" };
const VALUES = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
const SOUND_KEY = "hamle.chess.sound";
const TOAST_MS = 3000;
/** Pointer travel (in screen pixels) that turns a press into a drag rather than a click. */
const DRAG_START = 4;

let game = null;
let page = null;
let busy = false;
/** The person turned the board round (their own colour is otherwise at the bottom). */
let flipped = false;
/** The square whose piece is picked up (by a click, a drag, or Enter), or null. */
let selected = null;
/** The keyboard's square, shown while the board has the keyboard focus. */
let cursor = "e2";
let keyboard = false;
/** A press on one of our pieces, a drag once it moves: `{ from, id, x, y, moving, over, was }` (`was`: the
 * square picked up before the press, so that a second click on it lets it go). */
let drag = null;
/** Our move shown before the server's answer: `{ move, pieces, version }`. */
let pending = null;
/** A promotion waiting for the person's choice: `{ from, to, options, dropped }`. */
let promoting = null;
/** What the board drew last, for sliding the pieces that moved since: `{ id, pieces, bottom }`. */
let drawn = null;
/** The next drawing puts the pieces in place at once (a dropped piece is already where it goes). */
let instant = false;
/** The hint shown as an arrow: `{ from, to }`. */
let hinted = null;
/** The engine's analysis of a position (the hint with its line): `{ fen, thinking }` while it is worked out, then
 * `{ fen, turn, fullmove, value, line, depth, nodes, bot }`; shown only while the board is at that position. */
let analysis = null;
/** The hint's value of a mate: the engine scores a mate ±1000 pawns. */
const MATE = 1000;
/** The last refusal of an action of ours, shown until the game moves on. */
let refusal = null;
/** While an action of ours is sent; `caught` keeps the words of its refusal, which `gamePage` shows just before
 * drawing the state again (and this page's drawing would otherwise replace them). */
let acting = false;
let caught = null;
/** Plies of this game already sounded and announced (so a move is heard once, whichever way it arrives). */
let sounded = 0;
let announced = 0;
let soundOn = localStorage.getItem(SOUND_KEY) !== "off";
let audio = null;
let toastTimer = null;

// ---- the position -------------------------------------------------------------------------------------------

function white(letter) {
  return letter === letter.toUpperCase();
}

function colourOf(letter) {
  return white(letter) ? "white" : "black";
}

function otherColour(colour) {
  return colour === "white" ? "black" : "white";
}

function fileOf(square) {
  return FILES.indexOf(square[0]);
}

function rankOf(square) {
  return Number(square[1]) - 1;
}

function squareName(file, rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? `${FILES[file]}${rank + 1}` : null;
}

/** The pieces on the board now: our pending move's result while the server has not answered. */
function pieces() {
  return pending?.pieces ?? game.board.pieces ?? {};
}

/** `pieces` after `move` (castling moves the rook, en passant takes the pawn beside, a promotion changes the pawn). */
function applied(before, move) {
  const after = { ...before };
  const piece = after[move.from];
  delete after[move.from];
  const kind = piece.toLowerCase();
  const df = fileOf(move.to) - fileOf(move.from);
  if (kind === "p" && df !== 0 && !before[move.to]) delete after[`${move.to[0]}${move.from[1]}`];
  if (kind === "k" && Math.abs(df) === 2) {
    const rank = move.from[1];
    const [rookFrom, rookTo] = df > 0 ? [`h${rank}`, `f${rank}`] : [`a${rank}`, `d${rank}`];
    after[rookTo] = after[rookFrom];
    delete after[rookFrom];
  }
  after[move.to] = move.promotion ? (white(piece) ? move.promotion.toUpperCase() : move.promotion) : piece;
  return after;
}

/** The en-passant square of the FEN, or null. */
function enPassant() {
  const field = (game.board.fen ?? "").split(" ")[3];
  return field && field !== "-" ? field : null;
}

/**
 * Whether the piece on `from` could go to `to` by how it moves, the kings' safety aside (castling too): when it
 * could and the move is still not legal, the reason is the king.
 */
function reaches(board, from, to) {
  const piece = board[from];
  if (!piece || from === to) return false;
  if (board[to] && colourOf(board[to]) === colourOf(piece)) return false;
  const dx = fileOf(to) - fileOf(from);
  const dy = rankOf(to) - rankOf(from);
  const clear = () => {
    const sx = Math.sign(dx);
    const sy = Math.sign(dy);
    for (let f = fileOf(from) + sx, r = rankOf(from) + sy; f !== fileOf(to) || r !== rankOf(to); f += sx, r += sy) {
      if (board[squareName(f, r)]) return false;
    }
    return true;
  };
  switch (piece.toLowerCase()) {
    case "n":
      return (Math.abs(dx) === 1 && Math.abs(dy) === 2) || (Math.abs(dx) === 2 && Math.abs(dy) === 1);
    case "k":
      return Math.max(Math.abs(dx), Math.abs(dy)) === 1;
    case "r":
      return (dx === 0 || dy === 0) && clear();
    case "b":
      return Math.abs(dx) === Math.abs(dy) && clear();
    case "q":
      return (dx === 0 || dy === 0 || Math.abs(dx) === Math.abs(dy)) && clear();
    case "p": {
      const ahead = white(piece) ? 1 : -1;
      const home = white(piece) ? 1 : 6;
      if (dx === 0 && dy === ahead) return !board[to];
      if (dx === 0 && dy === 2 * ahead && rankOf(from) === home) return !board[to] && clear();
      return Math.abs(dx) === 1 && dy === ahead && (!!board[to] || to === enPassant());
    }
    default:
      return false;
  }
}

// ---- who is who -----------------------------------------------------------------------------------------------

/** The colour this page plays, or null for a watcher. */
function myColour() {
  return game.you === null ? null : game.seats[game.you].plays;
}

function seatOf(colour) {
  return game.seats[0].plays === colour ? 0 : 1;
}

function over() {
  return game.status === "over" || !!game.ending || !!game.board.outcome;
}

function myTurn() {
  return game.you !== null && !over() && game.to_do === "move" && game.turn === game.you;
}

function againstBot() {
  return game.you !== null && game.seats[other(game.you)]?.who === "bot";
}

/** The colour drawn at the bottom of the board. */
function bottom() {
  const mine = myColour() ?? "white";
  return flipped ? otherColour(mine) : mine;
}

/** Who plays what: "You play White against the bot (thesis).", or both sides for a watcher. */
function about() {
  const side = (seat) => {
    const s = game.seats[seat];
    if (s.who === "bot") return l10n.t("frame-who-bot", { bot: s.bot });
    if (s.who === "person" && s.name) return s.name;
    if (game.you === null) return l10n.t(s.who === "open" ? "frame-who-nobody-yet" : "frame-who-a-person");
    return l10n.t(s.who === "open" ? "frame-who-friend-waiting" : "frame-who-friend");
  };
  if (game.you === null) return l10n.t("chess-about-watching", { white: side(seatOf("white")), black: side(seatOf("black")) });
  return l10n.t("chess-about", { side: sideName(myColour()), who: side(other(game.you)) });
}

/** A seat in words, as a sentence's subject: "You", "The bot", "Your friend", or "White" for a watcher. */
function subject(seat) {
  const s = game.seats[seat];
  if (game.you === null) return sideName(s.plays);
  if (seat === game.you) return l10n.t("hp-you");
  return l10n.t(s.who === "bot" ? "hp-the-bot" : "hp-your-friend");
}

function title(word) {
  return word[0].toLocaleUpperCase(l10n.lang) + word.slice(1);
}

/** A seat as a sentence's subject with the person its verb takes (see the catalogs' `$person`). */
function subjectOf(seat) {
  return { who: subject(seat), person: seat === game.you ? "you" : "other" };
}

/** A bot's name and what it is, in the page's language when the catalog has them (else the server's words). */
function botName(bot) {
  return l10n.has(`chess-bot-${bot.name}`) ? l10n.t(`chess-bot-${bot.name}`) : bot.name;
}

function botAbout(bot) {
  return l10n.has(`chess-bot-${bot.name}-about`) ? l10n.t(`chess-bot-${bot.name}-about`) : bot.about;
}

/** A piece's name in words, as a sentence's middle says it ("knight"; Turkish "at"), from its letter. */
function pieceName(letter) {
  return l10n.t(`chess-piece-${letter.toLowerCase()}`);
}

/** The legal moves of the side to move, as the server lists them (none unless it is this page's turn). */
function legalMoves() {
  return myTurn() && !pending && !busy ? game.board.moves ?? [] : [];
}

function movesFrom(square) {
  return legalMoves().filter((m) => m.from === square);
}

/** The colour that made ply `i` of `board.san` (games may start from a position with Black to move). */
function colourOfPly(i) {
  const first = game.board.first_turn ?? "white";
  return i % 2 === 0 ? first : otherColour(first);
}

// ---- drawing --------------------------------------------------------------------------------------------------

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The top left corner of `square` in the board's units, for the colour at the bottom. */
function corner(square) {
  const f = fileOf(square);
  const r = rankOf(square);
  return bottom() === "white" ? { x: f * SQ, y: (7 - r) * SQ } : { x: (7 - f) * SQ, y: r * SQ };
}

/** The square under a point of the screen, or null off the board. */
function squareAt(clientX, clientY) {
  const box = document.getElementById("board").getBoundingClientRect();
  const col = Math.floor(((clientX - box.left) / box.width) * 8);
  const row = Math.floor(((clientY - box.top) / box.height) * 8);
  if (col < 0 || col > 7 || row < 0 || row > 7) return null;
  return bottom() === "white" ? squareName(col, 7 - row) : squareName(7 - col, row);
}

/** The board's layers, made once: squares, marks, coordinates, dots, pieces, arrows, the dragged piece. */
const layers = {};

function setupBoard() {
  const board = document.getElementById("board");
  const defs = svg("defs");
  defs.innerHTML = `${pieceSymbols()}
    <radialGradient id="check-glow">
      <stop offset="0%" stop-color="#ff0000" stop-opacity="1"/>
      <stop offset="25%" stop-color="#e70000" stop-opacity="1"/>
      <stop offset="89%" stop-color="#a90000" stop-opacity="0"/>
    </radialGradient>
    <marker id="arrow-head" markerWidth="4" markerHeight="4" refX="2.05" refY="2" orient="auto" markerUnits="strokeWidth">
      <path d="M0 0 4 2 0 4z" class="arrow-head"/>
    </marker>`;
  board.append(defs);
  for (const name of ["squares", "marks", "coords", "dots", "pieces", "arrows", "drag"]) {
    layers[name] = svg("g", { class: `layer-${name}` });
    board.append(layers[name]);
  }
}

function drawBoard() {
  const board = document.getElementById("board");
  const now = pieces();
  const seated = game.you !== null;
  board.setAttribute("tabindex", "0");
  board.setAttribute("aria-label", l10n.t("chess-board-label", { side: plays(bottom()) }));
  board.classList.toggle("flipped", bottom() === "black");
  board.classList.toggle("playable", myTurn());
  // Squares: what the pointer and the keyboard act on, each named for screen readers. They are made once and only
  // moved and renamed here, so that a square stays the same element for the whole game (a drag keeps its target).
  if (!layers.squares.childElementCount) {
    for (let f = 0; f < 8; f++) {
      for (let r = 0; r < 8; r++) {
        const name = squareName(f, r);
        const colour = (f + r) % 2 === 0 ? "dark" : "light";
        layers.squares.append(
          svg("rect", { width: SQ, height: SQ, id: `sq-${name}`, class: `square ${colour}`, "data-square": name }),
        );
      }
    }
  }
  for (const rect of layers.squares.children) {
    const name = rect.dataset.square;
    const { x, y } = corner(name);
    const piece = now[name];
    rect.setAttribute("x", x);
    rect.setAttribute("y", y);
    rect.dataset.piece = piece ?? "";
    rect.setAttribute("role", seated ? "button" : "img");
    rect.setAttribute(
      "aria-label",
      piece
        ? l10n.t("chess-square-piece", { square: name, side: plays(colourOf(piece)), piece: pieceName(piece) })
        : l10n.t("chess-square-empty", { square: name }),
    );
  }
  board.setAttribute("aria-activedescendant", `sq-${cursor}`);
  drawMarks();
  drawCoordinates();
  drawDots();
  drawPieces(now);
  drawArrows();
}

function mark(square, cls) {
  const { x, y } = corner(square);
  layers.marks.append(svg("rect", { x, y, width: SQ, height: SQ, class: cls, "data-mark": square }));
}

/** A yellow frame: the picked square, the square a dragged piece is over, the keyboard's square. */
function frame(layer, square, cls) {
  const { x, y } = corner(square);
  const inset = 3;
  layer.append(
    svg("rect", { x: x + inset, y: y + inset, width: SQ - 2 * inset, height: SQ - 2 * inset, class: cls, "data-mark": square }),
  );
}

function drawMarks() {
  layers.marks.replaceChildren();
  const last = pending ? pending.move : game.board.last;
  if (last) {
    mark(last.from, "last");
    mark(last.to, "last");
  }
  const check = pending ? null : game.board.check;
  if (check) mark(check, "check");
  if (selected) {
    mark(selected, "picked-fill");
    frame(layers.marks, selected, "picked");
  }
  if (keyboard && document.activeElement === document.getElementById("board")) frame(layers.marks, cursor, "cursor");
}

function drawCoordinates() {
  layers.coords.replaceChildren();
  const flippedBoard = bottom() === "black";
  for (let i = 0; i < 8; i++) {
    // Files along the bottom edge, ranks along the left one, each in the colour of the other squares.
    const file = flippedBoard ? FILES[7 - i] : FILES[i];
    const bottomRank = flippedBoard ? 8 : 1;
    const fileLight = (fileOf(`${file}1`) + (bottomRank - 1)) % 2 === 1;
    const t = svg("text", { x: i * SQ + SQ - 6, y: 8 * SQ - 7, class: `coord file ${fileLight ? "on-light" : "on-dark"}` });
    t.textContent = file;
    layers.coords.append(t);
    const rank = flippedBoard ? i + 1 : 8 - i;
    const leftFile = flippedBoard ? 7 : 0;
    const rankLight = (leftFile + rank - 1) % 2 === 1;
    const n = svg("text", { x: 5, y: i * SQ + 22, class: `coord rank ${rankLight ? "on-light" : "on-dark"}` });
    n.textContent = String(rank);
    layers.coords.append(n);
  }
}

function drawDots() {
  layers.dots.replaceChildren();
  if (!selected) return;
  const now = pieces();
  const seen = new Set();
  for (const m of movesFrom(selected)) {
    if (seen.has(m.to)) continue;
    seen.add(m.to);
    const { x, y } = corner(m.to);
    const capture = !!now[m.to] || m.san.includes("x");
    layers.dots.append(
      capture
        ? svg("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ / 2 - 6, class: "ring", "data-target": m.to })
        : svg("circle", { cx: x + SQ / 2, cy: y + SQ / 2, r: SQ * 0.15, class: "dot", "data-target": m.to }),
    );
  }
}

function reducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Where each piece now standing came from, when the board drew before: a piece that appears on a square is
 * matched to the nearest square that lost the same piece (a move, castling's two, a take-back, a reply).
 */
function origins(before, now) {
  const gone = Object.keys(before).filter((s) => before[s] !== now[s]);
  const out = {};
  for (const s of Object.keys(now)) {
    if (before[s] === now[s]) continue;
    let best = null;
    let distance = Infinity;
    for (const g of gone) {
      if (before[g] !== now[s]) continue;
      const d = Math.hypot(fileOf(g) - fileOf(s), rankOf(g) - rankOf(s));
      if (d < distance) [best, distance] = [g, d];
    }
    if (best) {
      out[s] = best;
      gone.splice(gone.indexOf(best), 1);
    }
  }
  return out;
}

function place(node, x, y) {
  node.style.transform = `translate(${x}px, ${y}px)`;
}

function drawPieces(now) {
  layers.pieces.replaceChildren();
  const slide =
    !instant && !reducedMotion() && drawn && drawn.id === game.id && drawn.bottom === bottom() ? origins(drawn.pieces, now) : {};
  instant = false;
  const moving = [];
  for (const [square, piece] of Object.entries(now)) {
    const use = svg("use", { href: `#${pieceId(piece)}`, width: SQ, height: SQ, class: "piece", "data-on": square });
    if (drag?.moving && drag.from === square) use.classList.add("ghost");
    const to = corner(square);
    const from = slide[square] ? corner(slide[square]) : null;
    place(use, (from ?? to).x, (from ?? to).y);
    if (from) moving.push([use, to]);
    layers.pieces.append(use);
  }
  if (moving.length) {
    // Start from the old squares, then let the CSS transition carry each piece to its new one.
    layers.pieces.getBoundingClientRect();
    requestAnimationFrame(() => {
      for (const [use, to] of moving) {
        use.classList.add("sliding");
        place(use, to.x, to.y);
      }
    });
  }
  drawn = { id: game.id, pieces: { ...now }, bottom: bottom() };
}

function drawArrows() {
  layers.arrows.replaceChildren();
  if (!hinted) return;
  const a = corner(hinted.from);
  const b = corner(hinted.to);
  const [x1, y1, x2, y2] = [a.x + SQ / 2, a.y + SQ / 2, b.x + SQ / 2, b.y + SQ / 2];
  // Stop short of the target's centre so that the head ends there.
  const len = Math.hypot(x2 - x1, y2 - y1);
  const cut = 28 / len;
  layers.arrows.append(
    svg("line", {
      x1,
      y1,
      x2: x2 - (x2 - x1) * cut,
      y2: y2 - (y2 - y1) * cut,
      class: "arrow",
      "marker-end": "url(#arrow-head)",
      "data-from": hinted.from,
      "data-to": hinted.to,
    }),
  );
}

/** The dragged piece under the pointer, and the frame of the square it is over. */
function drawDrag(clientX, clientY) {
  layers.drag.replaceChildren();
  if (!drag?.moving) return;
  const box = document.getElementById("board").getBoundingClientRect();
  const x = ((clientX - box.left) / box.width) * 8 * SQ;
  const y = ((clientY - box.top) / box.height) * 8 * SQ;
  const over = squareAt(clientX, clientY);
  drag.over = over;
  if (over) frame(layers.drag, over, "target");
  const piece = pieces()[drag.from];
  const use = svg("use", { href: `#${pieceId(piece)}`, width: SQ * 1.1, height: SQ * 1.1, class: "piece dragging" });
  place(use, x - SQ * 0.55, y - SQ * 0.65);
  layers.drag.append(use);
}

/** The pieces one side is ahead by, as lichess shows them: the surplus of each kind, and the points. */
function material(colour) {
  const count = {};
  for (const piece of Object.values(pieces())) {
    const k = piece.toLowerCase();
    count[k] = (count[k] ?? 0) + (white(piece) ? 1 : -1);
  }
  const sign = colour === "white" ? 1 : -1;
  const surplus = [];
  let points = 0;
  for (const k of "qrbnp") {
    const n = (count[k] ?? 0) * sign;
    points += n * VALUES[k];
    for (let i = 0; i < n; i++) surplus.push(k);
  }
  return { surplus, points };
}

function drawPlayers() {
  const low = bottom();
  for (const [id, colour] of [
    ["player-bottom", low],
    ["player-top", otherColour(low)],
  ]) {
    const box = document.getElementById(id);
    const seat = seatOf(colour);
    const s = game.seats[seat];
    let name;
    if (seat === game.you) name = l10n.t("hp-you");
    else if (s.who === "bot") name = l10n.t("chess-player-bot", { bot: s.bot });
    else if (s.who === "person" && s.name) name = s.name;
    else if (s.who === "open") name = l10n.t(game.you === null ? "hp-score-nobody" : "hp-score-friend-waiting");
    else name = l10n.t(game.you === null ? "hp-score-person" : "hp-your-friend");
    const thinking = !over() && game.turn === seat && s.who === "bot" ? l10n.t("chess-thinking-suffix") : "";
    box.querySelector(".name").textContent = `${sideName(colour)}: ${name}${thinking}`;
    box.dataset.colour = colour;
    box.classList.toggle("to-move", !over() && game.turn === seat);
    const { surplus, points } = material(colour);
    const icons = surplus.map((k) => {
      const icon = document.createElementNS(NS, "svg");
      icon.setAttribute("viewBox", "0 0 45 45");
      icon.setAttribute("class", "captured");
      icon.setAttribute("aria-hidden", "true");
      icon.append(svg("use", { href: `#${pieceId(colour === "white" ? k : k.toUpperCase())}` }));
      return icon;
    });
    const words = points > 0 ? ` +${points}` : "";
    box.querySelector(".material").replaceChildren(...icons, words);
    box.querySelector(".material").setAttribute("aria-label", points > 0 ? l10n.t("chess-material", { side: sideName(colour), points }) : "");
  }
}

function drawMoves() {
  const list = document.getElementById("moves");
  const san = game.board.san ?? [];
  const rows = [];
  let number = game.board.first_move ?? 1;
  let i = 0;
  const cell = (k) =>
    el("span", { class: `ply${k === san.length - 1 ? " current" : ""}`, "data-ply": k }, san[k] ?? "");
  if (san.length && colourOfPly(0) === "black") {
    rows.push(el("li", {}, el("span", { class: "num" }, `${number}.`), el("span", { class: "ply empty" }, "…"), cell(0)));
    number++;
    i = 1;
  }
  for (; i < san.length; i += 2) {
    const li = el("li", {}, el("span", { class: "num" }, `${number}.`), cell(i));
    if (i + 1 < san.length) li.append(cell(i + 1));
    rows.push(li);
    number++;
  }
  const result = game.board.outcome?.result ?? resultOfEnding();
  if (result) rows.push(el("li", { class: "result" }, result));
  list.replaceChildren(...rows);
  list.scrollTop = list.scrollHeight;
}

/** The PGN result of a game that ended by resignation (the board knows only the rules' endings). */
function resultOfEnding() {
  const p = game.ending?.points;
  if (!p) return null;
  const w = p[seatOf("white")];
  const b = p[seatOf("black")];
  return w > b ? "1-0" : b > w ? "0-1" : "1/2-1/2";
}

function drawControls() {
  const seated = game.you !== null;
  const ended = over();
  document.getElementById("seat-controls").hidden = !seated;
  document.getElementById("typed").hidden = !seated || ended;
  const bot = againstBot();
  // Once the game is over only what still makes sense stays: playing again, a new game.
  for (const id of ["draw", "resign", "offer"]) document.getElementById(id).hidden = ended;
  // A draw offer: to a bot it is answered at once; a friend's stands until a move and is accepted by offering too.
  const offer = document.getElementById("offer");
  const standing = game.draw_offer ?? null;
  offer.textContent = l10n.t(standing === null ? "chess-offer" : standing === game.you ? "chess-offered" : "chess-accept");
  offer.disabled = busy || ended || standing === game.you;
  const hint = document.getElementById("hint");
  hint.hidden = !bot || ended;
  hint.disabled = busy || !myTurn();
  // The analysis is the hint with its line: offered where the hint is, one at a time.
  const analyseButton = document.getElementById("analyse");
  analyseButton.hidden = !bot || ended;
  analyseButton.disabled = busy || !myTurn() || !!analysis?.thinking;
  const back = document.getElementById("takeback");
  back.hidden = !bot || ended;
  const mine = (game.board.san ?? []).some((_, i) => colourOfPly(i) === myColour());
  back.disabled = busy || !mine || game.thinking || ended;
  const draw = document.getElementById("draw");
  const claim = game.board.claim;
  draw.disabled = busy || !claim || !myTurn();
  draw.textContent = claim ? l10n.t("chess-claim-why", { why: claimWords(claim) }) : l10n.t("chess-claim");
  document.getElementById("resign").disabled = busy || ended;
  const next = document.getElementById("next");
  next.hidden = game.to_do !== "next";
  next.disabled = busy;
  const again = document.getElementById("again");
  again.hidden = !(ended && game.to_do !== "next" && bot);
  again.disabled = busy;
  document.getElementById("new-game").hidden = !ended;
  const sound = document.getElementById("sound");
  sound.textContent = l10n.t(soundOn ? "chess-sound-on" : "chess-sound-off");
  sound.setAttribute("aria-pressed", String(soundOn));
}

function claimWords(claim) {
  return l10n.has(`chess-claim-${claim}`) ? l10n.t(`chess-claim-${claim}`) : claim;
}

// ---- words ----------------------------------------------------------------------------------------------------

/** A draw's reason in words, as the rules name it. */
const DRAWS = {
  stalemate: "chess-draw-stalemate",
  "insufficient material": "chess-draw-insufficient",
  "threefold repetition": "chess-draw-threefold",
  "fifty-move rule": "chess-draw-fifty",
  "fivefold repetition": "chess-draw-fivefold",
  "seventy-five-move rule": "chess-draw-seventy-five",
};

/** The reasons a game ends on the board, as the rules name them, by the words the server gives. */
const REASONS = { checkmate: "chess-how-checkmate", ...DRAWS };

/** How the game ended, for the looker: "Checkmate: you win (1-0).", "You resigned: the bot wins (0-1).". */
function verdict() {
  const outcome = game.board.outcome;
  const resigned = game.ending?.resigned;
  const result = outcome?.result ?? resultOfEnding() ?? "";
  const winner = result === "1-0" ? "white" : result === "0-1" ? "black" : null;
  let text;
  if (!winner) {
    // A draw the board does not show (agreed) is told by the match's own words.
    const reason = DRAWS[outcome?.reason];
    if (reason) text = l10n.t(reason);
    else if (game.ending?.msg) text = l10n.say(game.ending.msg).replace(/\.$/, "");
    else text = game.ending?.text?.replace(/\.$/, "") ?? l10n.t("chess-a-draw");
  } else {
    let how = l10n.t("chess-how-over");
    if (resigned !== null && resigned !== undefined) {
      how = l10n.t("chess-how-resigned", { ...subjectOf(resigned) });
    } else if (REASONS[outcome?.reason]) how = l10n.t(REASONS[outcome.reason]);
    else if (outcome?.reason) how = title(outcome.reason);
    const seat = seatOf(winner);
    let who;
    if (game.you === null) who = l10n.t("chess-wins", { side: sideName(winner) });
    else if (seat === game.you) who = l10n.t("chess-you-win");
    else who = l10n.t(game.seats[seat].who === "bot" ? "chess-bot-wins" : "chess-friend-wins");
    text = l10n.t("chess-verdict", { how, who });
  }
  return result ? l10n.t("chess-verdict-result", { text, result }) : l10n.t("chess-verdict-plain", { text });
}

function message() {
  if (over()) return verdict();
  if (refusal) return refusal;
  const mover = game.turn === null ? null : game.seats[game.turn];
  const colour = mover?.plays;
  if (game.you === null) {
    if (!mover) return "";
    const who =
      mover.who === "bot"
        ? l10n.t("frame-who-bot", { bot: mover.bot })
        : mover.who === "person" && mover.name
          ? mover.name
          : l10n.t(mover.who === "open" ? "frame-who-nobody-yet" : "frame-who-a-person");
    return l10n.t(game.board.check ? "chess-to-move-check" : "chess-to-move", { side: sideName(colour), who });
  }
  if (promoting) return l10n.t("chess-choose-promotion");
  if (myTurn()) {
    const parts = [pending ? "…" : l10n.t(game.board.check ? "chess-your-move-check" : "chess-your-move")];
    if (game.board.claim && !pending) parts.push(l10n.t("chess-may-claim", { why: claimWords(game.board.claim) }));
    if (game.seats[other(game.you)].who === "open") parts.push(l10n.t("chess-friend-not-joined"));
    if (selected && !pending) {
      const piece = pieces()[selected];
      const n = new Set(movesFrom(selected).map((m) => m.to)).size;
      parts.push(l10n.t("chess-piece-moves", { piece: pieceName(piece), square: selected, n }));
    }
    return parts.join(" ");
  }
  if (!mover) return "";
  if (mover.who === "bot") return l10n.t("hp-bot-thinking");
  if (mover.who === "open") return l10n.t("chess-waiting-friend", { side: sideName(colour) });
  return l10n.t("chess-friend-move", { side: sideName(colour) });
}

/** Why the piece on `from` cannot go to `to`, in a sentence. */
function whyNot(from, to) {
  if (over()) return l10n.t("chess-over");
  if (!myTurn()) return l10n.t(game.you === null ? "chess-watching" : "chess-not-your-turn");
  const now = pieces();
  const piece = now[from];
  const name = NAMES[piece.toLowerCase()];
  if (now[to] && colourOf(now[to]) === colourOf(piece)) return l10n.t("chess-illegal-own", { square: to });
  const castling = name === "king" && rankOf(from) === rankOf(to) && Math.abs(fileOf(to) - fileOf(from)) === 2;
  if (castling) return l10n.t(game.board.check ? "chess-illegal-castle-check" : "chess-illegal-castle");
  if (!reaches(now, from, to)) return l10n.t("chess-illegal-reach", { piece: pieceName(piece), from, to });
  if (game.board.check) return l10n.t("chess-illegal-in-check");
  if (name === "king") return l10n.t("chess-illegal-king", { square: to });
  return l10n.t("chess-illegal-pinned", { piece: pieceName(piece), square: from });
}

// ---- warnings and sound ---------------------------------------------------------------------------------------

/** Shows `text` over the board for three seconds (the message line keeps what lasts). */
function toast(text, kind = "info") {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.dataset.kind = kind;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => {
    box.hidden = true;
  }, TOAST_MS);
}

/** Browsers start sound only after a gesture: the first press or key anywhere opens it. */
function wakeAudio() {
  if (!audio) {
    const Context = window.AudioContext ?? window.webkitAudioContext;
    if (!Context) return;
    audio = new Context();
  }
  if (audio.state === "suspended") audio.resume();
}

/**
 * A short sound: `move` a light wooden knock, `capture` a lower and fuller one, `check` the knock and a high
 * ping, `end` two soft notes. The kind played is kept on the page (`data-sound`) for the tests.
 */
function sound(kind) {
  if (!soundOn) return;
  document.body.dataset.sound = kind;
  document.body.dataset.sounds = String(Number(document.body.dataset.sounds ?? 0) + 1);
  if (!audio || audio.state !== "running") return;
  const t = audio.currentTime;
  const knock = (freq, length, level) => {
    const frames = Math.floor(audio.sampleRate * length);
    const buffer = audio.createBuffer(1, frames, audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
    const noise = audio.createBufferSource();
    noise.buffer = buffer;
    const filter = audio.createBiquadFilter();
    filter.type = "bandpass";
    filter.frequency.value = freq;
    filter.Q.value = 3;
    const gain = audio.createGain();
    gain.gain.value = level;
    noise.connect(filter).connect(gain).connect(audio.destination);
    noise.start(t);
  };
  const tone = (freq, start, length, level) => {
    const osc = audio.createOscillator();
    osc.frequency.value = freq;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, t + start);
    gain.gain.exponentialRampToValueAtTime(level, t + start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + start + length);
    osc.connect(gain).connect(audio.destination);
    osc.start(t + start);
    osc.stop(t + start + length + 0.02);
  };
  if (kind === "capture") {
    knock(700, 0.12, 2.2);
    tone(160, 0, 0.12, 0.25);
  } else if (kind === "end") {
    tone(523, 0, 0.35, 0.12);
    tone(659, 0.18, 0.5, 0.12);
  } else {
    knock(1500, 0.07, 1.6);
    if (kind === "check") tone(1320, 0.05, 0.18, 0.08);
  }
}

function soundOf(san) {
  if (/#$/.test(san)) return "end";
  if (/\+$/.test(san)) return "check";
  return san.includes("x") ? "capture" : "move";
}

/** Sounds and warnings for what a new state brings: a move heard once, check and the end shown for 3 s. */
function announce(before) {
  const plies = (game.board.san ?? []).length;
  // After a take-back the plies undone may come again, and be heard and announced again.
  announced = Math.min(announced, plies);
  if (plies > sounded) {
    const san = game.board.san[plies - 1];
    // The end has its own sound below; a mating move still knocks.
    sound(soundOf(san) === "end" ? (san.includes("x") ? "capture" : "move") : soundOf(san));
  }
  sounded = plies;
  const wasOver = before && before.id === game.id && (before.status === "over" || !!before.ending || !!before.board.outcome);
  if (over() && !wasOver) {
    toast(verdict(), "end");
    sound("end");
    announced = plies;
    return;
  }
  if (plies > announced && game.board.check && !over()) toast(l10n.t(myTurn() ? "chess-check-yours" : "chess-check"), "check");
  announced = Math.max(announced, plies);
}

// ---- acting ---------------------------------------------------------------------------------------------------

/** Sends an action; a refusal is shown as it comes (the message line and a warning). */
async function act(action) {
  if (busy || !game) return false;
  refusal = null;
  caught = null;
  acting = true;
  const done = await page.act(action);
  acting = false;
  pending = null;
  if (!done) {
    refusal = caught ?? l10n.t("chess-refused");
    toast(refusal, "error");
  }
  render();
  return done;
}

/** Plays `move` now on the board (sound included), then sends it. */
function play(move, dropped) {
  selected = null;
  hinted = null;
  promoting = null;
  pending = { move, pieces: applied(pieces(), move), version: game.version };
  instant = dropped;
  const plies = (game.board.san ?? []).length + 1;
  sounded = plies;
  sound(soundOf(move.san) === "end" ? "move" : soundOf(move.san));
  if (move.san.endsWith("+")) {
    toast(l10n.t("chess-check"), "check");
    announced = plies;
  }
  render();
  act({ action: "move", move: move.uci });
}

/** The person asks to move the piece on `from` to `to` (a drop, a second click, Enter). */
function attemptMove(from, to, dropped) {
  const options = movesFrom(from).filter((m) => m.to === to || castlesOnto(m, to));
  if (!options.length) {
    instant = dropped;
    selected = null;
    const why = whyNot(from, to);
    toast(why, "error");
    render();
    say(why, "error");
    return;
  }
  if (options.length > 1 || options[0].promotion) {
    openPromotion(from, to, options, dropped);
    return;
  }
  play(options[0], dropped);
}

/** Whether `move` castles with the rook on `square`: putting the king on its own rook castles, as on lichess. */
function castlesOnto(move, square) {
  const now = pieces();
  const king = now[move.from];
  if (king?.toLowerCase() !== "k" || now[square] !== (white(king) ? "R" : "r")) return false;
  const df = fileOf(move.to) - fileOf(move.from);
  return Math.abs(df) === 2 && Math.sign(fileOf(square) - fileOf(move.from)) === Math.sign(df) && rankOf(square) === rankOf(move.from);
}

function mine(square) {
  const piece = pieces()[square];
  return !!piece && game.you !== null && colourOf(piece) === myColour();
}

/** A click (or Enter) on `square`: pick a piece up, put it down, or let it go. */
function choose(square) {
  if (!game || game.you === null || promoting) return;
  const castling = selected && movesFrom(selected).some((m) => castlesOnto(m, square));
  if (selected && selected !== square && (!mine(square) || castling)) {
    attemptMove(selected, square, false);
    return;
  }
  if (selected === square) selected = null;
  else if (mine(square)) selected = square;
  else selected = null;
  refusal = null;
  render();
}

// ---- promotion ------------------------------------------------------------------------------------------------

function openPromotion(from, to, options, dropped) {
  const piece = pieces()[from];
  promoting = { from, to, options, dropped };
  // The pawn stands on its last square while the person chooses.
  pending = { move: { from, to }, pieces: applied(pieces(), { from, to, promotion: null }), version: game.version };
  instant = dropped;
  selected = null;
  render();
  const box = document.getElementById("promotion");
  const choices = box.querySelector(".choices");
  const kinds = ["q", "r", "b", "n"].filter((k) => options.some((m) => m.promotion === k));
  choices.replaceChildren(
    ...kinds.map((k) => {
      const letter = white(piece) ? k.toUpperCase() : k;
      const icon = document.createElementNS(NS, "svg");
      icon.setAttribute("viewBox", "0 0 45 45");
      icon.setAttribute("aria-hidden", "true");
      icon.append(svg("use", { href: `#${pieceId(letter)}` }));
      const button = el(
        "button",
        { type: "button", "data-promotion": k, "aria-label": `${title(pieceName(k))} (${k.toUpperCase()})` },
        icon,
        el("span", {}, title(pieceName(k))),
      );
      button.addEventListener("click", () => promote(k));
      return button;
    }),
  );
  box.hidden = false;
  choices.querySelector("button")?.focus();
}

function promote(kind) {
  if (!promoting) return;
  const move = promoting.options.find((m) => m.promotion === kind);
  closePromotion();
  // The pawn shown waiting on its last square was only a preview: the move is made from the real position.
  pending = null;
  if (move) play(move, true);
}

function closePromotion(cancelled = false) {
  document.getElementById("promotion").hidden = true;
  if (cancelled && promoting) {
    pending = null;
    promoting = null;
    instant = false;
    render();
    document.getElementById("board").focus();
    return;
  }
  promoting = null;
}

function promotionKeys(e) {
  const buttons = [...document.querySelectorAll("#promotion .choices button")];
  const at = buttons.indexOf(document.activeElement);
  const key = e.key.toLowerCase();
  if (e.key === "Escape") {
    closePromotion(true);
  } else if ((e.key === "Enter" || e.key === " ") && at >= 0) {
    // Chosen here rather than by the button's own click, which would come once the dialog is gone.
    promote(buttons[at].dataset.promotion);
  } else if ("qrbn".includes(key) && key.length === 1) {
    promote(key);
  } else if (["ArrowRight", "ArrowDown"].includes(e.key) || (e.key === "Tab" && !e.shiftKey)) {
    buttons[(at + 1) % buttons.length]?.focus();
  } else if (["ArrowLeft", "ArrowUp"].includes(e.key) || (e.key === "Tab" && e.shiftKey)) {
    buttons[(at - 1 + buttons.length) % buttons.length]?.focus();
  } else {
    return;
  }
  // Tab stays in the dialog while it is open.
  e.preventDefault();
}

// ---- the pointer and the keyboard -----------------------------------------------------------------------------

function wireBoard() {
  const board = document.getElementById("board");
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0 || !game || game.you === null || promoting) return;
    wakeAudio();
    const square = squareAt(e.clientX, e.clientY);
    if (!square) return;
    e.preventDefault();
    // The keyboard follows (no focus ring for a pointer).
    board.focus({ preventScroll: true, focusVisible: false });
    keyboard = false;
    // A press on our own rook while our king is picked up castles (as a click), not picks the rook up.
    const castling = selected && movesFrom(selected).some((m) => castlesOnto(m, square));
    if (mine(square) && !castling) {
      // Pressing on one of our pieces picks it up: it follows the pointer once it moves.
      drag = { from: square, id: e.pointerId, x: e.clientX, y: e.clientY, moving: false, over: null, was: selected };
      board.setPointerCapture(e.pointerId);
      if (selected !== square) {
        selected = square;
        refusal = null;
        render();
      }
    } else {
      drag = null;
      choose(square);
    }
  });
  board.addEventListener("pointermove", (e) => {
    if (!drag || e.pointerId !== drag.id) return;
    if (!drag.moving && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < DRAG_START) return;
    if (!drag.moving) {
      drag.moving = true;
      layers.pieces.querySelector(`[data-on="${drag.from}"]`)?.classList.add("ghost");
    }
    drawDrag(e.clientX, e.clientY);
  });
  const finish = (e, cancelled) => {
    if (!drag || e.pointerId !== drag.id) return;
    const d = drag;
    drag = null;
    layers.drag.replaceChildren();
    if (board.hasPointerCapture?.(e.pointerId)) board.releasePointerCapture(e.pointerId);
    const over = cancelled ? null : squareAt(e.clientX, e.clientY);
    if (!d.moving) {
      // A click on the piece already picked up lets it go (the press itself picked it up otherwise).
      if (d.was === d.from && over === d.from) selected = null;
      render();
      return;
    }
    if (!over || over === d.from) {
      // Dropped off the board or back where it was: nothing is played, the piece stays picked up.
      instant = true;
      render();
      return;
    }
    attemptMove(d.from, over, true);
  };
  board.addEventListener("pointerup", (e) => finish(e, false));
  board.addEventListener("pointercancel", (e) => finish(e, true));
  board.addEventListener("lostpointercapture", (e) => {
    if (drag && e.pointerId === drag.id) finish(e, true);
  });
  board.addEventListener("keydown", boardKeys);
  board.addEventListener("focus", () => drawMarks());
  board.addEventListener("blur", () => {
    keyboard = false;
    drawMarks();
  });
}

function boardKeys(e) {
  if (!game) return;
  const steps = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
  if (steps[e.key]) {
    e.preventDefault();
    keyboard = true;
    // Arrows go the way they point on the screen, whichever side is at the bottom.
    const sign = bottom() === "white" ? 1 : -1;
    const [dx, dy] = steps[e.key];
    const next = squareName(fileOf(cursor) + dx * sign, rankOf(cursor) + dy * sign);
    if (next) cursor = next;
    document.getElementById("board").setAttribute("aria-activedescendant", `sq-${cursor}`);
    drawMarks();
    const piece = pieces()[cursor];
    say(
      piece
        ? l10n.t("chess-cursor-piece", { square: cursor, side: plays(colourOf(piece)), piece: pieceName(piece) })
        : l10n.t("chess-cursor-empty", { square: cursor }),
    );
  } else if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    wakeAudio();
    keyboard = true;
    choose(cursor);
  } else if (e.key === "Escape") {
    selected = null;
    render();
  } else if (e.key === "f") {
    flip();
  }
}

function flip() {
  flipped = !flipped;
  render();
}

/** A move typed as SAN (`Nf3`, `O-O`, `exd6`) or UCI (`g1f3`, `e7e8q`). */
function typedMove(text) {
  const clean = text.trim().replace(/[+#!?]+$/, "").replaceAll("0", "O");
  if (!clean) return;
  const moves = legalMoves();
  const plain = (s) => s.replace(/[+#]+$/, "");
  const found =
    moves.find((m) => plain(m.san) === clean) ??
    moves.find((m) => m.uci === clean.toLowerCase()) ??
    moves.find((m) => plain(m.san).toLowerCase() === clean.toLowerCase() && !/^[bB]/.test(clean));
  if (found) {
    play(found, false);
    return true;
  }
  // A promotion typed without its piece asks for it.
  const bare = /^([a-h][1-8])([a-h][1-8])$/.exec(clean.toLowerCase());
  const promos = bare ? moves.filter((m) => m.from === bare[1] && m.to === bare[2] && m.promotion) : [];
  if (promos.length) {
    openPromotion(bare[1], bare[2], promos, false);
    return true;
  }
  const why = myTurn() ? l10n.t("chess-typed-illegal", { text: text.trim() }) : whyNot("a1", "a1");
  toast(why, "error");
  say(why, "error");
  return false;
}

// ---- the other controls ---------------------------------------------------------------------------------------

/** The board's legal move written `text` (SAN, check marks aside, or UCI), if there is one. */
function boardMove(text) {
  const plain = (s) => s?.replace(/[+#]+$/, "");
  return (game.board.moves ?? []).find((m) => m.uci === text || plain(m.san) === plain(text));
}

async function showHint() {
  hinted = null;
  const answer = await attempt(() => api("GET", `/api/games/${game.id}/hint`));
  if (!answer) return;
  const text = answer.moves?.[0]?.move;
  const move = boardMove(text);
  if (!move) {
    say(l10n.t("chess-hint-stale", { move: String(text) }));
    return;
  }
  hinted = { from: move.from, to: move.to };
  drawArrows();
  const value = answer.moves[0].value;
  const found = value === "won" ? ` ${l10n.t("chess-hint-won")}` : value === "lost" ? ` ${l10n.t("chess-hint-lost")}` : "";
  const hint = answer.depth
    ? l10n.t("chess-hint-depth", { move: move.san, bot: answer.bot, depth: answer.depth })
    : l10n.t("chess-hint", { move: move.san, bot: answer.bot });
  say(`${hint}${found}`);
}

/** Asks the engine (the hint, with its line) about the position on the board, and shows its evaluation, its
 * line and its best move's arrow, unless the game moved on meanwhile. */
async function analyse() {
  const fen = game.board.fen;
  analysis = { fen, thinking: true };
  drawAnalysis();
  drawControls();
  const answer = await attempt(() => api("GET", `/api/games/${game.id}/hint`));
  if (game.board.fen !== fen) return;
  analysis = null;
  if (answer?.moves?.length) {
    const fullmove = Number(fen.split(" ")[5]) || 1;
    const line = answer.line?.length ? answer.line : [answer.moves[0].move];
    const { value } = answer.moves[0];
    analysis = { fen, turn: game.board.turn, fullmove, value, line, depth: answer.depth, nodes: answer.nodes, bot: answer.bot };
    const best = boardMove(line[0]);
    hinted = best ? { from: best.from, to: best.to } : null;
    drawArrows();
  }
  drawAnalysis();
  drawControls();
}

/**
 * The analysis's value (the mover's, in pawns) from White's side, as chess sites write it: `+0.35`, `−1.20`, `#3`
 * (White mates in 3), `#-2` (Black mates in 2); with the side it favours and a few words. The engine gives a
 * mate as ±1000 without its distance: a line that ends in mate counts it.
 */
function evaluation(a) {
  let v = a.value === "won" ? MATE : a.value === "lost" ? -MATE : Number(a.value);
  if (a.turn === "black") v = -v;
  const leader = v > 0 ? "white" : "black";
  if (Math.abs(v) >= MATE) {
    const mates = a.line[a.line.length - 1]?.endsWith("#");
    const n = Math.ceil(a.line.length / 2);
    const text = mates ? `#${v > 0 ? "" : "-"}${n}` : v > 0 ? "+M" : "-M";
    const words = mates
      ? l10n.t("chess-eval-mates", { side: sideName(leader), n })
      : l10n.t("chess-eval-forced-mate", { side: sideName(leader) });
    return { side: leader, text, words };
  }
  const pawns = l10n.number(Math.abs(v), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const text = v === 0 ? pawns : `${v > 0 ? "+" : "−"}${pawns}`;
  const size = Math.abs(v);
  if (size < 0.3) return { side: "even", text, words: l10n.t("chess-eval-level") };
  const how = size < 1 ? "slightly" : size < 2.5 ? "better" : "winning";
  return { side: leader, text, words: l10n.t("chess-eval-ahead", { side: sideName(leader), how }) };
}

/** The line in SAN with move numbers (`12… Nf6 13. Bg5 h6`), its first move marked. */
function numberedLine(a) {
  const out = [];
  let number = a.fullmove;
  let whiteMoves = a.turn === "white";
  a.line.forEach((san, i) => {
    if (whiteMoves) out.push(el("span", { class: "num" }, `${number}.`), " ");
    else if (i === 0) out.push(el("span", { class: "num" }, `${number}…`), " ");
    out.push(el("span", { class: i === 0 ? "best" : "ply", "data-ply": i }, san === "draw" ? l10n.t("chess-claims-draw") : san), " ");
    if (!whiteMoves) number++;
    whiteMoves = !whiteMoves;
  });
  return out;
}

function drawAnalysis() {
  const box = document.getElementById("analysis");
  const shown = !!analysis && analysis.fen === game.board.fen;
  box.hidden = !shown;
  if (!shown) return;
  const score = document.getElementById("analysis-score");
  const words = document.getElementById("analysis-words");
  const line = document.getElementById("analysis-line");
  const about = document.getElementById("analysis-about");
  if (analysis.thinking) {
    score.textContent = "…";
    score.dataset.side = "even";
    words.textContent = l10n.t("chess-engine-thinking");
    line.replaceChildren();
    about.textContent = "";
    return;
  }
  const e = evaluation(analysis);
  score.textContent = e.text;
  score.dataset.side = e.side;
  score.title = l10n.t("chess-eval-title");
  words.textContent = e.words;
  line.replaceChildren(...numberedLine(analysis));
  about.textContent = l10n.t("chess-analysis-about", { bot: analysis.bot, depth: analysis.depth, nodes: Number(analysis.nodes ?? 0) });
}

/** The PGN as a file: a fresh download link each time, its text the server's `pgn`. */
function downloadPgn(e) {
  const link = e.currentTarget;
  let pgn = game?.board.pgn;
  if (!pgn) {
    e.preventDefault();
    return;
  }
  // A game ended off the board (a resignation, an agreed draw) has no result in the board's PGN: the match's.
  const result = !game.board.outcome && over() ? resultOfEnding() : null;
  if (result) {
    pgn = pgn.replace('[Result "*"]', `[Result "${result}"]`).replace(/\*\n$/, `{${game.ending.text}} ${result}\n`);
  }
  if (link.dataset.url) URL.revokeObjectURL(link.dataset.url);
  const url = URL.createObjectURL(new Blob([pgn], { type: "application/x-chess-pgn" }));
  link.dataset.url = url;
  link.href = url;
  link.download = `hamle-chess-${game.id.slice(0, 8)}.pgn`;
}

/** The game's parameters from its spec (`chess(fen=…)`), to play the same game again. */
function specParams(spec) {
  const m = /^[^(]*\((.*)\)$/.exec(spec ?? "");
  const out = {};
  if (!m) return out;
  for (const pair of m[1].split(",")) {
    const at = pair.indexOf("=");
    if (at > 0) out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

async function playAgain() {
  if (game.to_do === "next") {
    act({ action: "next" });
    return;
  }
  const body = {
    kind: "chess",
    params: specParams(game.game),
    opponent: game.seats[other(game.you)].bot,
    seat: game.you,
    rated: Boolean(game.rated),
  };
  const answer = await attempt(() => asPlayer("POST", "/api/games", body));
  if (answer) location.assign(`/chess?game=${encodeURIComponent(answer.id)}`);
}

function render() {
  if (!game) return;
  drawBoard();
  drawPlayers();
  drawMoves();
  drawControls();
  drawAnalysis();
  document.getElementById("about").textContent = about();
  const text = message();
  say(text, refusal && !over() ? "error" : "info");
  document.body.dataset.turn = game.board.turn ?? "";
}

// ---- the setup form, from the catalog -------------------------------------------------------------------------

/** The choices of a parameter as the catalog writes them (`a|b`, `1..=6`), or null for free text. */
function choices(values) {
  if (values.includes("|")) return values.split("|").flatMap((v) => choices(v) ?? [v]);
  const range = /^(-?\d+)\.\.=(-?\d+)$/.exec(values);
  if (range && Number(range[2]) - Number(range[1]) <= 20) {
    const out = [];
    for (let i = Number(range[1]); i <= Number(range[2]); i++) out.push(String(i));
    return out;
  }
  return null;
}

/** A choice of a bot's parameter in words, where the catalog has them (`1 — first steps`), else as written. */
function choiceWord(bot, key, value) {
  const id = `chess-choice-${bot}-${key}-${value}`;
  return l10n.has(id) ? l10n.t(id) : value;
}

/** A parameter's field; `word(value)` names each of its choices. */
function paramField(prefix, p, word = (v) => v) {
  const options = choices(p.values);
  const name = `${prefix}-${p.key}`;
  const option = (v) => el("option", { value: v, selected: v === p.default }, word(v));
  const field = options
    ? el("select", { name, id: name }, ...options.map(option))
    : el("input", { name, id: name, type: "text", placeholder: p.default || p.values, "data-default": p.default });
  return el("label", { class: "param" }, `${title(p.label ?? (p.about || p.key))}`, field);
}

let catalog = null;

async function loadCatalog() {
  const answer = await attempt(() => api("GET", "/api/catalog"));
  catalog = answer?.games?.find((g) => g.name === "chess") ?? null;
  const select = document.getElementById("opponent");
  if (!catalog) {
    if (answer) say(l10n.t("chess-no-bots"), "error");
    return;
  }
  // An outside engine (`uci`) runs a program on the server, which the server refuses to start for a web game
  // (only `hamle match` starts one): it is not offered.
  catalog.bots = catalog.bots.filter((b) => b.name !== "uci");
  // The strongest bot first (the catalog's order), a friend last.
  const friend = select.querySelector("option[value='friend']");
  for (const bot of catalog.bots) {
    select.insertBefore(el("option", { value: bot.name }, `${title(botName(bot))} — ${botAbout(bot)}`), friend);
  }
  select.value = catalog.bots[0]?.name ?? "friend";
  // Of the game's parameters only the start position is a person's choice (the opening suite is for bot matches).
  const params = (catalog.params ?? []).filter((p) => p.key === "fen");
  document.getElementById("game-params-box").hidden = params.length === 0;
  document.getElementById("game-params").replaceChildren(
    ...params.map((p) => paramField("game", { ...p, label: l10n.t("chess-fen-about") })),
  );
  showBotParams();
  // The form's fields are all here now: "Rated" looks at them again.
  document.getElementById("setup").dispatchEvent(new Event("change"));
}

function showBotParams() {
  const name = document.getElementById("opponent").value;
  const bot = catalog?.bots.find((b) => b.name === name);
  document.getElementById("opponent-about").textContent = bot ? botAbout(bot) : l10n.t("chess-friend-about");
  const field = (p) => {
    const label = l10n.has(`chess-param-${name}-${p.key}`) ? l10n.t(`chess-param-${name}-${p.key}`) : undefined;
    return paramField("bot", { ...p, label }, (v) => choiceWord(name, p.key, v));
  };
  document.getElementById("bot-params").replaceChildren(...(bot?.params ?? []).filter((p) => choices(p.values)).map(field));
}

/** The new game's request from the form: the bot spelled with the parameters that differ from its defaults. */
function newGame(data) {
  const name = data.get("opponent");
  const bot = catalog?.bots.find((b) => b.name === name);
  const set = (bot?.params ?? []).filter((p) => data.has(`bot-${p.key}`) && data.get(`bot-${p.key}`) !== p.default);
  const opponent = set.length ? `${name}(${set.map((p) => `${p.key}=${data.get(`bot-${p.key}`)}`).join(",")})` : name;
  const params = {};
  for (const p of (catalog?.params ?? []).filter((q) => q.key === "fen")) {
    // A spec's values hold neither '/' nor spaces: the game reads them back from '.' and '_'.
    const v = String(data.get(`game-${p.key}`) ?? "").trim().split(/\s+/).join("_").replaceAll("/", ".");
    if (v && v !== p.default) params[p.key] = v;
  }
  let colour = data.get("colour");
  if (colour === "random") colour = Math.random() < 0.5 ? "white" : "black";
  return { params, opponent, seat: colour === "white" ? 0 : 1 };
}

// ---- the page -------------------------------------------------------------------------------------------------

function main() {
  setupBoard();
  wireBoard();
  document.addEventListener("keydown", wakeAudio, { capture: true });
  document.getElementById("promotion").addEventListener("keydown", promotionKeys);
  document.getElementById("promotion-cancel").addEventListener("click", () => closePromotion(true));
  document.getElementById("flip").addEventListener("click", flip);
  document.getElementById("sound").addEventListener("click", () => {
    soundOn = !soundOn;
    localStorage.setItem(SOUND_KEY, soundOn ? "on" : "off");
    wakeAudio();
    drawControls();
  });
  document.getElementById("hint").addEventListener("click", showHint);
  document.getElementById("analyse").addEventListener("click", analyse);
  document.getElementById("takeback").addEventListener("click", () => act({ action: "takeback" }));
  document.getElementById("draw").addEventListener("click", () => act({ action: "move", move: "draw" }));
  document.getElementById("offer").addEventListener("click", () => act({ action: "offer_draw" }));
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(l10n.t("chess-resign-confirm"))) act({ action: "resign" });
  });
  document.getElementById("next").addEventListener("click", () => act({ action: "next" }));
  document.getElementById("again").addEventListener("click", playAgain);
  document.getElementById("pgn").addEventListener("click", downloadPgn);
  document.getElementById("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const field = document.getElementById("typed-move");
    if (typedMove(field.value)) field.value = "";
  });
  document.getElementById("opponent").addEventListener("change", showBotParams);
  if (!param("game") && !param("id")) loadCatalog();
  page = gamePage({
    kind: "chess",
    prompt: l10n.t("chess-prompt"),
    body: newGame,
    preview,
    show: (state, view) => {
      const before = game;
      const fresh = !before || before.id !== state.id;
      // A refused action's words are in the message line when its answer is drawn: keep them to show.
      if (acting && !view.busy) {
        const line = document.getElementById("message");
        if (line.dataset.kind === "error") caught = line.textContent;
      }
      game = state;
      busy = view.busy;
      if (pending && state.version > pending.version) pending = null;
      if (fresh || before.board.fen !== state.board.fen) {
        if (!promoting) selected = null;
        hinted = null;
        analysis = null;
        if (!acting || state.version > (before?.version ?? 0)) refusal = null;
      }
      if (fresh) {
        sounded = announced = (state.board.san ?? []).length;
        drawn = null;
      } else if (state.version !== before.version) {
        // The page draws the same state again while it waits for an answer: only a change is news.
        announce(before);
      }
      render();
    },
  });
}

// ---- the pieces -----------------------------------------------------------------------------------------------
// Drawn for hamle as plain SVG shapes in a 45 × 45 box (no font, no image file: the pages' policy allows no
// outside asset, and a font's chess glyphs differ from one system to the next, or turn into emoji on phones).
// Each piece is one silhouette (`body`) and, for the black set, light detail lines (`line`) so that the shapes
// still read on a dark fill.

/** The outline of each piece kind, as SVG markup with the classes `body` and `line`. */
const SHAPES = {
  p: `
    <path class="body" d="M22.5 9.5a4.6 4.6 0 0 0-3 8.1c-2.2 1-3.6 2.9-3.6 5.1 0 1.6.7 3 1.9 4-3 1.9-5.4 5.6-6 11.1h21.4
      c-.6-5.5-3-9.2-6-11.1 1.2-1 1.9-2.4 1.9-4 0-2.2-1.4-4.1-3.6-5.1a4.6 4.6 0 0 0-3-8.1z"/>`,
  r: `
    <path class="body" d="M11 39h23v-3.2l-2-2.3H13l-2 2.3z"/>
    <path class="body" d="M14.5 33.5 15.8 17h13.4l1.3 16.5z"/>
    <path class="body" d="M12.5 17h20v-3.6h-20z"/>
    <path class="body" d="M12 13.4V8h4.3v2.6h4.1V8h4.2v2.6h4.1V8H33v5.4z"/>
    <path class="line" d="M15.8 17h13.4M14.5 33.5h16M12.5 13.4h20"/>`,
  n: `
    <path class="body" d="M12.2 39h21.6c.6-6.8-.3-12.6-2.4-17.6-1.8-4.3-4.7-7.8-8.7-9.8l-.9-3.6-2.6 3.1-2.4-2 .2 4.2
      c-2.7 2-4.7 5-6 8.8l-1.8 4.6c-.5 1.4.4 2.7 1.8 2.8l1.7.1c.9.1 1.7-.3 2.2-1l1.3-1.9c1.6-.2 3.1-.7 4.4-1.7
      -.3 3-2 5.3-4.7 7.4-2.5 1.9-3.8 4.1-3.7 6.6z"/>
    <path class="line" d="M21.1 23.9c1.2-1 2-2.4 2.4-4.1"/>
    <circle class="eye" cx="17.4" cy="16.8" r="1.2"/>`,
  b: `
    <circle class="body" cx="22.5" cy="8.6" r="2.4"/>
    <path class="body" d="M22.5 11.2c-4.6 3.4-7 7.6-7 11.3 0 3.2 2.3 5.3 4.2 6h5.6c1.9-.7 4.2-2.8 4.2-6 0-3.7-2.4-7.9-7-11.3z"/>
    <path class="body" d="M18.6 28.5h7.8l.9 3.1h-9.6z"/>
    <path class="body" d="M11 39c2.3-2.6 6.4-4.7 11.5-4.7S31.7 36.4 34 39z"/>
    <path class="body" d="M17.7 31.6h9.6l1.7 2.9c-4.4-.8-8.6-.8-13 0z"/>
    <path class="line" d="M24.9 16.2l-4.6 4.6"/>`,
  q: `
    <path class="body" d="M12.5 33.5 10 17.8l6.4 9 1.8-12.6 4.3 11.6 4.3-11.6 1.8 12.6 6.4-9-2.5 15.7z"/>
    <circle class="body" cx="10" cy="16" r="2.3"/>
    <circle class="body" cx="18.2" cy="12.4" r="2.3"/>
    <circle class="body" cx="26.8" cy="12.4" r="2.3"/>
    <circle class="body" cx="35" cy="16" r="2.3"/>
    <path class="body" d="M12.5 33.5c6.6-1.6 13.4-1.6 20 0l.7 3c-7-1.5-14.4-1.5-21.4 0z"/>
    <path class="body" d="M11.8 36.5c7-1.5 14.4-1.5 21.4 0l.8 2.5H11z"/>
    <path class="line" d="M12.5 33.5c6.6-1.6 13.4-1.6 20 0"/>`,
  k: `
    <path class="body" d="M21.2 5.5h2.6v2.6h2.6v2.6h-2.6v3.1h-2.6v-3.1h-2.6V8.1h2.6z"/>
    <path class="body" d="M22.5 26.2c1.7-4.4 4.4-8.1 2.2-11.1-1-1.3-3.4-1.3-4.4 0-2.2 3 .5 6.7 2.2 11.1z"/>
    <path class="body" d="M12 34.3c-4.1-4.7-3.8-11.2.4-13.4 4.5-2.3 8.5 1.1 10.1 5.3 1.6-4.2 5.6-7.6 10.1-5.3
      4.2 2.2 4.5 8.7.4 13.4-6.5-1.8-14.5-1.8-21 0z"/>
    <path class="body" d="M12 34.3c6.5-1.8 14.5-1.8 21 0l.6 2.5c-7.2-1.6-15-1.6-22.2 0z"/>
    <path class="body" d="M11.4 36.8c7.2-1.6 15-1.6 22.2 0l.6 2.2H10.8z"/>
    <path class="line" d="M22.5 26.2v7M12 34.3c6.5-1.8 14.5-1.8 21 0"/>`,
};

/** The `<symbol>` of each of the twelve pieces, ids `piece-wK` … `piece-bP`, to put in an SVG's `<defs>`. */
function pieceSymbols() {
  let out = "";
  for (const [kind, shape] of Object.entries(SHAPES)) {
    for (const side of ["w", "b"]) {
      const id = `piece-${side}${kind.toUpperCase()}`;
      out += `<symbol id="${id}" viewBox="0 0 45 45" class="piece-art ${side === "w" ? "white" : "black"}">${shape}</symbol>`;
    }
  }
  return out;
}

/** The symbol id of a FEN piece letter (`K` white king, `p` black pawn). */
/**
 * A decision of the review drawn (review.js): its position from White's side, the move played as a red arrow and
 * the engine's best as a green one; false when the decision carries no board.
 */
function preview(move, box) {
  const view = move.view;
  if (!view?.pieces) return false;
  const S = 40;
  const at = (square) => ({ x: FILES.indexOf(square[0]) * S, y: (8 - Number(square[1])) * S });
  const board = svg("svg", { viewBox: `0 0 ${8 * S} ${8 * S}`, class: "review-board", role: "img",
    "aria-label":
      move.best && move.best !== move.played
        ? l10n.t("chess-review-before-best", { played: move.played, best: move.best })
        : l10n.t("chess-review-before", { played: move.played }) });
  for (let rank = 1; rank <= 8; rank++) {
    for (const file of FILES) {
      const { x, y } = at(`${file}${rank}`);
      const light = (FILES.indexOf(file) + rank) % 2 === 0;
      board.append(svg("rect", { x, y, width: S, height: S, class: light ? "light" : "dark" }));
    }
  }
  for (const [square, piece] of Object.entries(view.pieces)) {
    const { x, y } = at(square);
    board.append(svg("use", { href: `#${pieceId(piece)}`, x, y, width: S, height: S }));
  }
  const arrow = (san, kind) => {
    const found = (view.moves ?? []).find((m) => m.san === san);
    if (!found) return;
    const a = at(found.from);
    const b = at(found.to);
    board.append(svg("line", { x1: a.x + S / 2, y1: a.y + S / 2, x2: b.x + S / 2, y2: b.y + S / 2, class: `review-arrow ${kind}`, "data-move": san }));
  };
  arrow(move.played, "played");
  if (move.best && move.best !== move.played) arrow(move.best, "best");
  box.append(board);
  return true;
}

function pieceId(letter) {
  const white = letter === letter.toUpperCase();
  return `piece-${white ? "w" : "b"}${letter.toUpperCase()}`;
}

main();
