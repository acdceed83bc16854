// Hapis Tavlası in the browser: the board in SVG from your side (your point 1 top right, your home bottom
// right), a checker then a highlighted target by click, keyboard or drag, and the match's controls.
import { api, attempt, gamePage, say, el } from "./api.js";

const NS = "http://www.w3.org/2000/svg";
const POINT_W = 50;
const BAR_W = 30;
const MARGIN = 10;
const TRAY_X = 650;
const R = 21;

let game = null;
let selected = null;
let busy = false;

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

/** The board index (White's numbering, 0-based) of your point `p`. */
function indexOf(p) {
  return game.you === "white" ? p - 1 : 24 - p;
}

function parsePoint(text) {
  if (!text) return null;
  const m = /^([wb])(\d+)(?:\/([wb]))?$/.exec(text);
  if (!m) return null;
  const side = (c) => (c === "w" ? "white" : "black");
  return { side: side(m[1]), count: Number(m[2]), prisoner: m[3] ? side(m[3]) : null };
}

function sideWord(side) {
  return side === game.you ? "your" : "the bot's";
}

function describe(p, point) {
  if (!point) return `Your point ${p}: empty`;
  const n = point.count;
  let text = `Your point ${p}: ${n} ${sideWord(point.side)} checker${n > 1 ? "s" : ""}`;
  if (point.prisoner) text += `, pinning one of ${sideWord(point.prisoner)} checkers`;
  return text;
}

function sources() {
  return new Set((game?.legal?.steps ?? []).map((s) => s.from));
}

function targetsOf(from) {
  return (game?.legal?.steps ?? []).filter((s) => s.from === from).map((s) => (s.to === null ? "off" : s.to));
}

function drawChecker(parent, x, y, side, extra = "") {
  parent.append(svg("circle", { cx: x, cy: y, r: R, class: `checker ${side} ${extra}` }));
}

function drawBoard() {
  const board = document.getElementById("board");
  board.replaceChildren();
  board.append(svg("rect", { x: 0, y: 0, width: 720, height: 500, rx: 8, class: "frame" }));
  board.append(svg("rect", { x: MARGIN + 6 * POINT_W, y: 0, width: BAR_W, height: 500, class: "bar" }));
  const movable = game.phase === "move" ? sources() : new Set();
  const targets = selected === null ? [] : targetsOf(selected);
  for (let p = 1; p <= 24; p++) {
    const { col, top } = place(p);
    const x = columnX(col);
    const point = parsePoint(game.position.points[indexOf(p)]);
    const classes = ["point", col % 2 === (top ? 0 : 1) ? "dark" : "light"];
    if (movable.has(p)) classes.push("movable");
    if (selected === p) classes.push("selected");
    if (targets.includes(p)) classes.push("target");
    const g = svg("g", { class: classes.join(" "), "data-point": p, tabindex: 0, role: "button" });
    g.setAttribute("aria-label", describe(p, point) + (targets.includes(p) ? " — move here" : movable.has(p) ? " — can move" : ""));
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
  drawTray(board, targets.includes("off"));
}

function drawTray(board, target) {
  const other = game.you === "white" ? "black" : "white";
  const trays = [
    { side: other, y: MARGIN, label: "The bot's checkers borne off" },
    { side: game.you, y: 290, label: "Your checkers borne off" },
  ];
  for (const t of trays) {
    const mine = t.side === game.you;
    const n = game.position.off[t.side];
    const g = svg("g", {
      class: `tray${mine && target ? " target" : ""}`,
      "data-point": mine ? "off" : "bot-off",
      tabindex: mine && target ? 0 : -1,
      role: mine ? "button" : "img",
    });
    g.setAttribute("aria-label", `${t.label}: ${n}${mine && target ? " — bear off here" : ""}`);
    g.append(svg("rect", { x: TRAY_X, y: t.y, width: 60, height: 200, rx: 6, class: "tray-box" }));
    for (let i = 0; i < n; i++) {
      const y = mine ? 490 - 6 - i * 12.5 : MARGIN + 6 + i * 12.5;
      g.append(svg("rect", { x: TRAY_X + 8, y: y - 5, width: 44, height: 10, rx: 3, class: `checker ${t.side}` }));
    }
    board.append(g);
  }
}

function drawDice() {
  const box = document.getElementById("dice");
  box.replaceChildren();
  const thisGame = game.log.filter((l) => l.game === game.match.game);
  if (game.opening && game.phase !== "opening" && thisGame.length <= 2) {
    box.append(`Opening throw: White ${game.opening.white}, Black ${game.opening.black}. `);
  }
  if (!game.dice) return;
  const [a, b] = game.dice;
  const all = a === b ? [a, a, a, a] : [a, b];
  const left = [...(game.left ?? [])];
  for (const d of all) {
    const i = left.indexOf(d);
    const unused = game.phase === "move" && i >= 0;
    if (i >= 0) left.splice(i, 1);
    box.append(el("span", { class: `die${unused ? "" : " used"}`, "aria-label": `${d}${unused ? "" : ", used"}` }, String(d)));
  }
}

function drawPanel() {
  const m = game.match;
  const you = game.you === "white" ? "White" : "Black";
  const bot = game.you === "white" ? "Black" : "White";
  const opponent = game.setup.opponent;
  document.getElementById("score").textContent =
    `Match to ${m.length} — You (${you}) ${m.score[game.you]} · Bot ${opponent} (${bot}) ${m.score[game.you === "white" ? "black" : "white"]} — game ${m.game}`;
  const log = document.getElementById("log");
  log.replaceChildren(...game.log.map((l) => el("li", {}, l.text)));
  log.scrollTop = log.scrollHeight;
  const yours = game.turn === game.you;
  const roll = document.getElementById("roll");
  roll.textContent = game.phase === "opening" ? "Throw for the start" : "Throw dice";
  roll.disabled = busy || !(game.phase === "opening" || (game.phase === "roll" && yours));
  document.getElementById("undo").disabled = busy || !(game.phase === "move" && game.steps.length > 0);
  document.getElementById("hint").disabled = busy || !(game.phase === "move" && yours && game.steps.length === 0);
  document.getElementById("resign").disabled = busy || !["roll", "move"].includes(game.phase);
  document.getElementById("next").hidden = game.phase !== "game_over";
  document.getElementById("next").disabled = busy;
  document.getElementById("again").hidden = game.phase !== "match_over";
  document.getElementById("commitment").textContent = game.fair.commitment;
  document.getElementById("reveal-line").textContent = game.fair.reveal
    ? `The seed and salt, revealed: ${game.fair.reveal} (its SHA-256 is the commitment above).`
    : "The seed is revealed when the match ends.";
  document.getElementById("record").href = `/api/games/${game.id}/record`;
}

function guidance(fresh) {
  const mine = fresh.filter((l) => l.side === game.you);
  const theirs = fresh.filter((l) => l.side && l.side !== game.you);
  const parts = theirs.map((l) => l.text.replace(/^(White|Black) throws/, "The bot throws"));
  if (mine.some((l) => l.text.includes("no move to play"))) {
    parts.unshift(`You threw ${mine[mine.length - 1].text.match(/\d-\d/)?.[0] ?? ""}: no move to play.`);
  }
  let next;
  switch (game.phase) {
    case "opening":
      next = "Throw for the start: the higher die begins.";
      break;
    case "roll":
      next = game.turn === game.you ? "Your turn: throw the dice." : "The bot is to throw.";
      break;
    case "move":
      next = game.steps.length
        ? `Played ${game.steps.join(" ")}; go on with the dice left, or undo.`
        : `You threw ${game.dice.join("-")}: choose a checker, then a highlighted point.`;
      break;
    case "game_over":
      next = `${game.log[game.log.length - 1].text} Start the next game when you are ready.`;
      break;
    default:
      next = game.log[game.log.length - 1].text;
  }
  say([...parts, next].join(" "));
}

function render(fresh = []) {
  drawBoard();
  drawDice();
  drawPanel();
  guidance(fresh);
}

async function act(action) {
  if (busy) return;
  busy = true;
  document.body.dataset.busy = "true";
  const before = game.log.length;
  selected = null;
  document.getElementById("hints").hidden = true;
  if (action.action !== "undo") say("…");
  drawPanel();
  const answer = await attempt(() => api("POST", `/api/games/${game.id}/actions`, action));
  busy = false;
  if (answer) {
    game = answer;
    render(game.log.slice(before));
  } else {
    drawBoard();
    drawPanel();
  }
  document.body.dataset.busy = "false";
}

function choose(point) {
  if (busy || game.phase !== "move" || game.turn !== game.you) return;
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
    if (p !== null && p !== "off" && sources().has(p) && game.phase === "move") dragFrom = p;
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
      el("button", { type: "button", class: "link", onclick: () => act({ action: "play", play: h.play }) }, h.play || "no move"),
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
    if (confirm("Resign this game? The bot gains its points (2 if you have borne off none).")) act({ action: "resign" });
  });
  document.getElementById("next").addEventListener("click", () => act({ action: "next" }));
  document.getElementById("hint").addEventListener("click", showHints);
  gamePage({
    kind: "hapis",
    prompt: "Choose your opponent and start.",
    body: (data) => ({
      opponent: data.get("opponent"),
      you: data.get("you"),
      length: Number(data.get("length")),
      opening: data.get("opening"),
      mother: data.get("mother") === "on",
    }),
    show: (state) => {
      game = state;
      render();
    },
  });
}

main();
