// Hapis Tavlası in the browser: the board in SVG from your side (your point 1 top right, your home bottom
// right), a checker then a highlighted target by click, keyboard or drag, and the match's controls. Against a
// bot or a friend (who joins by the invite link); anyone else with the link watches, from White's side.
import { api, attempt, gamePage, say, el, other } from "./api.js";

const NS = "http://www.w3.org/2000/svg";
const POINT_W = 50;
const BAR_W = 30;
const MARGIN = 10;
const TRAY_X = 650;
const R = 21;

let game = null;
let selected = null;
let busy = false;
let page = null;
/** The log's length when this page last acted: what came after is news to tell. */
let mark = null;

function svg(tag, attrs = {}) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** Column 0..11 and row of your point `p` (1..24). */
function place(p) {
  return p <= 12 ? { col: 12 - p, top: true } : { col: p - 13, top: false };
}

function columnX(col) {
  return MARGIN + col * POINT_W + (col >= 6 ? BAR_W : 0);
}

/** The side the board is drawn for: yours, or White's for a watcher. */
function mySide() {
  return game.you === null ? "white" : game.seats[game.you].plays;
}

/** The seat that plays `side`. */
function seatOf(side) {
  return game.seats[0].plays === side ? 0 : 1;
}

function title(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** A seat's name as a sentence's subject: You, The bot, Your friend, or (for a watcher) White, Black. */
function subject(seat) {
  const s = game.seats[seat];
  if (game.you === null) return title(s.plays);
  if (seat === game.you) return "You";
  return s.who === "bot" ? "The bot" : "Your friend";
}

/** Whose checkers: "your", "the bot's", "your friend's", or "White's" for a watcher. */
function owner(side) {
  const seat = seatOf(side);
  if (game.you === null) return `${title(side)}'s`;
  if (seat === game.you) return "your";
  return game.seats[seat].who === "bot" ? "the bot's" : "your friend's";
}

/** The board index (White's numbering, 0-based) of your point `p`. */
function indexOf(p) {
  return mySide() === "white" ? p - 1 : 24 - p;
}

function parsePoint(text) {
  if (!text) return null;
  const m = /^([wb])(\d+)(?:\/([wb]))?$/.exec(text);
  if (!m) return null;
  const side = (c) => (c === "w" ? "white" : "black");
  return { side: side(m[1]), count: Number(m[2]), prisoner: m[3] ? side(m[3]) : null };
}

function describe(p, point) {
  const where = `${title(owner(mySide()))} point ${p}`;
  if (!point) return `${where}: empty`;
  const n = point.count;
  let text = `${where}: ${n} ${owner(point.side)} checker${n > 1 ? "s" : ""}`;
  if (point.prisoner) text += `, pinning one of ${owner(point.prisoner)} checkers`;
  return text;
}

/** Whether this page is to enter steps now. */
function myMove() {
  return game.you !== null && game.to_do === "move" && game.turn === game.you && !!game.steps;
}

/** The steps entered this turn. */
function entered() {
  return game.steps?.entered ?? [];
}

function sources() {
  return new Set(myMove() ? game.steps.next.map((s) => s.from) : []);
}

function targetsOf(from) {
  if (!myMove()) return [];
  return game.steps.next.filter((s) => s.from === from).map((s) => (s.to === null ? "off" : s.to));
}

function drawChecker(parent, x, y, side, extra = "") {
  parent.append(svg("circle", { cx: x, cy: y, r: R, class: `checker ${side} ${extra}` }));
}

function drawBoard() {
  const board = document.getElementById("board");
  const whose = game.you === null ? "White's" : "your";
  board.setAttribute(
    "aria-label",
    `Board: ${whose} checkers travel from point 1 (top right) to ${whose} home, points 19 to 24 (bottom right)`,
  );
  const movable = sources();
  const targets = selected === null ? [] : targetsOf(selected);
  drawPosition(board, game.board.position, mySide(), {
    classes: (p) => [movable.has(p) ? "movable" : "", selected === p ? "selected" : "", targets.includes(p) ? "target" : ""],
    label: (p, point) => describe(p, point) + (targets.includes(p) ? " — move here" : movable.has(p) ? " — can move" : ""),
    tabbable: game.you !== null,
    offTarget: targets.includes("off"),
    owner,
    you: game.you !== null,
  });
}

/**
 * Draws `position` on `board` (an SVG of 720 × 500) from `side`'s seat: its point 1 top right, its home bottom
 * right. `view` says per point its extra classes and words, whether the points take the keyboard, whether the
 * near tray is a target, and whose checkers a side's are in words.
 */
function drawPosition(board, position, side, view) {
  board.replaceChildren();
  board.append(svg("rect", { x: 0, y: 0, width: 720, height: 500, rx: 8, class: "frame" }));
  board.append(svg("rect", { x: MARGIN + 6 * POINT_W, y: 0, width: BAR_W, height: 500, class: "bar" }));
  for (let p = 1; p <= 24; p++) {
    const { col, top } = place(p);
    const x = columnX(col);
    const point = parsePoint(position.points[side === "white" ? p - 1 : 24 - p]);
    const classes = ["point", col % 2 === (top ? 0 : 1) ? "dark" : "light", ...view.classes(p)].filter(Boolean);
    const g = svg("g", { class: classes.join(" "), "data-point": p, tabindex: view.tabbable ? 0 : -1, role: view.tabbable ? "button" : "img" });
    g.setAttribute("aria-label", view.label(p, point));
    const tipY = top ? MARGIN + 200 : 490 - 200;
    const baseY = top ? MARGIN : 490;
    g.append(svg("rect", { x, y: top ? MARGIN : 290, width: POINT_W, height: 200, class: "hit" }));
    g.append(svg("polygon", { points: `${x},${baseY} ${x + POINT_W},${baseY} ${x + POINT_W / 2},${tipY}`, class: "spike" }));
    const label = svg("text", { x: x + POINT_W / 2, y: top ? 245 : 270, class: "number" });
    label.textContent = p;
    g.append(label);
    if (point) {
      const cx = x + POINT_W / 2;
      const step = top ? 2 * R : -2 * R;
      let y = top ? MARGIN + R : 490 - R;
      let shown = 0;
      if (point.prisoner) {
        drawChecker(g, cx, y, point.prisoner, "prisoner");
        y += step;
        shown++;
      }
      for (let i = 0; i < Math.min(point.count, 5 - shown); i++) {
        drawChecker(g, cx, y, point.side);
        y += step;
      }
      if (point.count > 5 - shown) {
        const more = svg("text", { x: cx, y: y - step + 6, class: `count ${point.side}` });
        more.textContent = point.count;
        g.append(more);
      }
    }
    board.append(g);
  }
  drawTray(board, position, side, view);
}

function drawTray(board, position, mine, view) {
  const theirs = mine === "white" ? "black" : "white";
  const trays = [
    { side: theirs, y: MARGIN },
    { side: mine, y: 290 },
  ];
  for (const t of trays) {
    const near = t.side === mine;
    const target = near && view.offTarget;
    const n = position.off[t.side];
    const g = svg("g", {
      class: `tray${target ? " target" : ""}`,
      "data-point": near ? "off" : "bot-off",
      tabindex: target ? 0 : -1,
      role: near && view.you ? "button" : "img",
    });
    g.setAttribute("aria-label", `${title(view.owner(t.side))} checkers borne off: ${n}${target ? " — bear off here" : ""}`);
    g.append(svg("rect", { x: TRAY_X, y: t.y, width: 60, height: 200, rx: 6, class: "tray-box" }));
    for (let i = 0; i < n; i++) {
      const y = near ? 490 - 6 - i * 12.5 : MARGIN + 6 + i * 12.5;
      g.append(svg("rect", { x: TRAY_X + 8, y: y - 5, width: 44, height: 10, rx: 3, class: `checker ${t.side}` }));
    }
    board.append(g);
  }
}

/**
 * The review's drawing of one decision (`review.js`): the position before it from the mover's seat, with the play
 * made (red) and the best play (green) drawn as arrows, step by step.
 */
function preview(move, box) {
  const position = move.view?.position;
  if (!position?.points) return false;
  const side = position.turn;
  const board = svg("svg", {
    viewBox: "0 0 720 500",
    class: "hapis-review",
    role: "img",
    "aria-label": `The position before ${move.played}${move.best && move.best !== move.played ? `; best was ${move.best}` : ""}, from the mover's side`,
  });
  drawPosition(board, position, side, {
    classes: () => [],
    label: (p, point) => `Point ${p}: ${point ? `${point.count} ${point.side}${point.prisoner ? `, pinning a ${point.prisoner} checker` : ""}` : "empty"}`,
    tabbable: false,
    offTarget: false,
    owner: (s) => s,
    you: false,
  });
  const centre = (p) => {
    if (p === "off") return { x: TRAY_X + 30, y: 390 };
    const { col, top } = place(Number(p));
    return { x: columnX(col) + POINT_W / 2, y: top ? 150 : 350 };
  };
  const arrows = (play, kind) => {
    for (const [, from, to] of String(play).matchAll(/(\d+)\/(\d+|off)/g)) {
      const a = centre(from);
      const b = centre(to);
      board.append(svg("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `review-arrow ${kind}`, "data-move": `${from}/${to}` }));
      board.append(svg("circle", { cx: b.x, cy: b.y, r: 7, class: `review-arrow-head ${kind}` }));
    }
  };
  arrows(move.played, "played");
  if (move.best && move.best !== move.played) arrows(move.best, "best");
  box.append(board);
  return true;
}

function openingThrow() {
  for (const line of game.log) {
    if (line.game !== game.match.game) continue;
    const m = /white (\d), black (\d)/i.exec(line.text);
    if (m) return { white: Number(m[1]), black: Number(m[2]) };
  }
  return null;
}

function drawDice() {
  const box = document.getElementById("dice");
  box.replaceChildren();
  const thisGame = game.log.filter((l) => l.game === game.match.game);
  const opening = openingThrow();
  if (opening && game.board.phase !== "opening" && thisGame.length <= 2) {
    box.append(`Opening throw: White ${opening.white}, Black ${opening.black}. `);
  }
  if (!game.board.dice) return;
  const [a, b] = game.board.dice;
  const all = a === b ? [a, a, a, a] : [a, b];
  const left = [...(game.board.left ?? [])];
  for (const d of all) {
    const i = left.indexOf(d);
    const unused = game.board.phase === "move" && i >= 0;
    if (i >= 0) left.splice(i, 1);
    box.append(el("span", { class: `die${unused ? "" : " used"}`, "aria-label": `${d}${unused ? "" : ", used"}` }, String(d)));
  }
}

/** A seat for the score line: "You (White) 1". */
function scoreOf(seat) {
  const s = game.seats[seat];
  let name;
  if (seat === game.you) name = "You";
  else if (s.who === "bot") name = `Bot ${s.bot}`;
  else if (s.who === "open") name = game.you === null ? "Nobody yet" : "Your friend (not here yet)";
  else name = game.you === null ? "A person" : "Your friend";
  return `${name} (${title(s.plays)}) ${game.match.score[seat]}`;
}

function drawPanel() {
  const m = game.match;
  const near = game.you ?? 0;
  const length = m.length ? `Match to ${m.length}` : "One game";
  document.getElementById("score").textContent = `${length} — ${scoreOf(near)} · ${scoreOf(other(near))} — game ${m.game}`;
  const log = document.getElementById("log");
  log.replaceChildren(...game.log.map((l) => el("li", {}, tell(l))));
  log.scrollTop = log.scrollHeight;
  const seated = game.you !== null;
  for (const c of document.querySelectorAll("#table .controls")) c.hidden = !seated;
  const phase = game.board.phase;
  const roll = document.getElementById("roll");
  roll.textContent = phase === "opening" ? "Throw for the start" : "Throw dice";
  roll.disabled = busy || !(seated && game.to_do === "roll" && (game.turn === null || game.turn === game.you));
  document.getElementById("undo").disabled = busy || !(myMove() && entered().length > 0);
  document.getElementById("hint").disabled = busy || !(myMove() && entered().length === 0);
  document.getElementById("resign").disabled = busy || !seated || phase === "opening" || !["roll", "move"].includes(game.to_do);
  document.getElementById("next").hidden = game.to_do !== "next";
  document.getElementById("next").disabled = busy;
  document.getElementById("again").hidden = game.to_do !== "nothing";
  document.getElementById("commitment").textContent = game.fair.commitment;
  document.getElementById("reveal-line").textContent = game.fair.reveal
    ? `The seed and salt, revealed: ${game.fair.reveal} (its SHA-256 is the commitment above).`
    : "The seed is revealed when the match ends.";
}

/** A line of the log in the looker's words: "The bot throws 5-3.", "You play 1/4 4/7.", "Opening throw: …". */
function tell(line) {
  const opening = /white (\d), black (\d)/i.exec(line.text);
  if (opening) return `Opening throw: White ${opening[1]}, Black ${opening[2]}.`;
  const match = /^Seat (\d) \(.*?\) wins the match, (\S+) to (\S+)\.$/.exec(line.text);
  if (match) {
    const who = subject(Number(match[1]) - 1);
    return `${who} ${who === "You" ? "win" : "wins"} the match, ${match[2]} to ${match[3]}.`;
  }
  // "White throws 6-3.", "Black resigns.", "White wins with mars: 2 points.": the side named as the looker knows it.
  const m = /^(white|black) (.*)$/i.exec(line.text);
  if (!m) return line.text;
  const who = subject(seatOf(m[1].toLowerCase()));
  let rest = m[2];
  if (who === "You") rest = rest.replace(/^(throw|play|resign|win)s\b/, "$1").replace(/^has\b/, "have");
  return `${who} ${rest}`;
}

/** How the game in play ended, in the looker's words. */
function ended() {
  return game.ending ? tell({ seat: null, text: game.ending.text }) : "";
}

function guidance() {
  // The state holds the log's newest lines from `log_start` on; `mark` counts from the match's first line.
  const fresh = mark === null ? [] : game.log.slice(Math.max(0, mark - game.log_start));
  // What the other side did since this page last acted, and a pass of our own.
  const parts = fresh
    .filter((l) => l.seat !== game.you || /no move to play|white \d, black \d/i.test(l.text))
    .filter((l) => l.seat !== null && l.seat !== undefined)
    .map(tell)
    .slice(-4);
  if (game.you === null) {
    say(watching());
    return;
  }
  const phase = game.board.phase;
  let next;
  if (game.to_do === "nothing") {
    next = `${ended()} ${matchOver()}`.trim();
  } else if (game.to_do === "next") {
    next = `${ended()} Start the next game when you are ready.`;
  } else if (game.to_do === "roll" && phase === "opening") {
    next = "Throw for the start: the higher die begins.";
  } else if (game.to_do === "roll") {
    next = game.turn === game.you ? "Your turn: throw the dice." : `${subject(game.turn)} is to throw.`;
  } else if (myMove()) {
    next = entered().length
      ? `Played ${entered().join(" ")}; go on with the dice left, or undo.`
      : `You threw ${game.board.dice.join("-")}: choose a checker, then a highlighted point.`;
  } else if (game.seats[game.turn]?.who === "bot") {
    next = "The bot is thinking…";
  } else if (game.seats[game.turn]?.who === "open") {
    next = "Waiting for your friend to join.";
  } else {
    next = "Your friend is playing their throw.";
  }
  say([...parts, next].join(" "));
}

/** Who won the match, and by how much. */
function matchOver() {
  const [a, b] = game.match.score;
  if (a === b) return `The match ends level, ${a} to ${b}.`;
  const w = a > b ? 0 : 1;
  const who = subject(w);
  return `${who} ${who === "You" ? "win" : "wins"} the match, ${game.match.score[w]} to ${game.match.score[other(w)]}.`;
}

/** What a watcher is told of the moment: how the game ended, or the last event and who is to act. */
function watching() {
  if (game.to_do === "nothing") return `${ended()} ${matchOver()}`.trim();
  if (game.to_do === "next") return `${ended()} Waiting for the next game to start.`;
  const last = game.log.filter((l) => l.game === game.match.game).slice(-1).map(tell);
  if (game.to_do === "roll") {
    return [...last, game.turn === null ? "Waiting for the throw for the start." : `${subject(game.turn)} is to throw.`].join(" ");
  }
  return [...last, `${subject(game.turn)} is to play.`].join(" ");
}

function render() {
  drawBoard();
  drawDice();
  drawPanel();
  guidance();
}

async function act(action) {
  if (busy) return;
  mark = game.log_start + game.log.length;
  selected = null;
  document.getElementById("hints").hidden = true;
  if (action.action !== "undo") say("…");
  await page.act(action);
}

function choose(point) {
  if (busy || !myMove()) return;
  if (selected !== null && targetsOf(selected).includes(point)) {
    act({ action: "step", step: `${selected}/${point}` });
    return;
  }
  if (point !== "off" && sources().has(point) && selected !== point) {
    selected = point;
    const targets = targetsOf(point).map((t) => (t === "off" ? "off the board" : t));
    say(`Checker on your point ${point}: it can go to ${targets.join(" or ")}.`);
  } else {
    selected = null;
    say(point === "off" || sources().has(point) ? "Choose a checker." : "No checker of yours can move from there with these dice.");
  }
  drawBoard();
}

function pointAt(target) {
  const g = target?.closest?.("[data-point]");
  if (!g) return null;
  const v = g.getAttribute("data-point");
  return v === "off" ? "off" : v === "bot-off" ? null : Number(v);
}

function wireBoard() {
  const board = document.getElementById("board");
  board.addEventListener("click", (e) => {
    const p = pointAt(e.target);
    if (p !== null) choose(p);
  });
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const p = pointAt(e.target);
    if (p === null) return;
    e.preventDefault();
    const focused = e.target.getAttribute("data-point");
    choose(p);
    // Keep the keyboard where it was after the board is drawn again.
    board.querySelector(`[data-point="${focused}"]`)?.focus();
  });
  // Drag: press on a checker that can move, release over a highlighted target.
  let dragFrom = null;
  board.addEventListener("pointerdown", (e) => {
    const p = pointAt(e.target);
    if (p !== null && p !== "off" && sources().has(p)) dragFrom = p;
  });
  board.addEventListener("pointerup", (e) => {
    const from = dragFrom;
    dragFrom = null;
    if (from === null) return;
    const over = pointAt(document.elementFromPoint(e.clientX, e.clientY));
    if (over !== null && over !== from && targetsOf(from).includes(over)) {
      e.preventDefault();
      selected = from;
      choose(over);
    }
  });
}

async function showHints() {
  const level = document.getElementById("hint-level").value;
  const box = document.getElementById("hints");
  const answer = await attempt(() => api("GET", `/api/games/${game.id}/hint?level=${encodeURIComponent(level)}`));
  if (!answer) return;
  const pct = (x) => `${Math.round(100 * x)} %`;
  const rows = answer.plays.map((h) =>
    el(
      "li",
      {},
      el("button", { type: "button", class: "link", onclick: () => act({ action: "move", move: h.play }) }, h.play || "no move"),
      ` equity ${h.equity >= 0 ? "+" : ""}${h.equity.toFixed(3)}, win ${pct(h.win)}, win with mars ${pct(h.win_mars)}, lose with mars ${pct(h.lose_mars)}`,
    ),
  );
  box.replaceChildren(el("h3", {}, `Best plays by the ${answer.level} player`), el("ol", {}, ...rows));
  box.hidden = false;
}

function main() {
  wireBoard();
  document.getElementById("roll").addEventListener("click", () => act({ action: "roll" }));
  document.getElementById("undo").addEventListener("click", () => act({ action: "undo" }));
  document.getElementById("resign").addEventListener("click", () => {
    const against = game.seats[other(game.you)].who === "bot" ? "The bot gains" : "Your opponent gains";
    if (confirm(`Resign this game? ${against} its points (2 if you have borne off none).`)) act({ action: "resign" });
  });
  document.getElementById("next").addEventListener("click", () => act({ action: "next" }));
  document.getElementById("hint").addEventListener("click", showHints);
  page = gamePage({
    kind: "hapis",
    prompt: "Choose your opponent and start.",
    body: (data) => ({
      params: {
        opening: data.get("opening"),
        mother: data.get("mother") === "on" ? "on" : "off",
        next: data.get("next"),
      },
      opponent: data.get("opponent"),
      seat: Number(data.get("seat")),
      length: Number(data.get("length")),
    }),
    preview,
    show: (state, view) => {
      if (game && state.board.position !== game.board.position && !sourcesOf(state).has(selected)) selected = null;
      game = state;
      busy = view.busy;
      if (mark === null) mark = game.log_start + game.log.length;
      render();
    },
  });
}

/** The points a checker may leave from in `state` (for keeping a selection across a pushed update). */
function sourcesOf(state) {
  return new Set((state.steps?.next ?? []).map((s) => s.from));
}

main();
