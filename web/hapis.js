// Hapis Tavlası in the browser: the board in SVG from your side (your point 1 top right, your home bottom
// right), a checker then a highlighted target by click, keyboard or drag, and the match's controls. Against a
// bot or a friend (who joins by the invite link); anyone else with the link watches, from White's side.
import { api, attempt, gamePage, say, el, other, ending, sideName } from "./api.js";
import { lang, t, say as sayMsg, number } from "./l10n.js";

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

function title(words) {
  return words[0].toLocaleUpperCase(lang) + words.slice(1);
}

/**
 * A seat as a sentence's subject, with the person its verb takes: You, The bot, Your friend, or (for a watcher)
 * White, Black. The catalogs' messages choose their verb's form by `person` ("you" or "other").
 */
function subject(seat) {
  const s = game.seats[seat];
  if (game.you === null) return { who: sideName(s.plays), person: "other" };
  if (seat === game.you) return { who: t("hp-you"), person: "you" };
  return { who: t(s.who === "bot" ? "hp-the-bot" : "hp-your-friend"), person: "other" };
}

/** Whose checkers: "your", "the bot's", "your friend's", or "White's" for a watcher (with the person, as above). */
function ownerOf(side) {
  const seat = seatOf(side);
  if (game.you === null) return { owner: t("hp-owner-side", { side }), person: "other" };
  if (seat === game.you) return { owner: t("hp-owner-you"), person: "you" };
  return { owner: t(game.seats[seat].who === "bot" ? "hp-owner-bot" : "hp-owner-friend"), person: "other" };
}

function owner(side) {
  return ownerOf(side).owner;
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
  const mine = ownerOf(mySide());
  const where = title(t("hp-point", { p, owner: mine.owner, person: mine.person }));
  if (!point) return t("hp-point-empty", { where });
  const holder = ownerOf(point.side);
  let text = t("hp-point-checkers", { where, n: point.count, owner: holder.owner, person: holder.person });
  if (point.prisoner) {
    const pinned = ownerOf(point.prisoner);
    text += t("hp-point-pinning", { owner: pinned.owner, person: pinned.person });
  }
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
  board.setAttribute("aria-label", t("hp-board", { person: game.you === null ? "other" : "you" }));
  const movable = sources();
  const targets = selected === null ? [] : targetsOf(selected);
  drawPosition(board, game.board.position, mySide(), {
    classes: (p) => [movable.has(p) ? "movable" : "", selected === p ? "selected" : "", targets.includes(p) ? "target" : ""],
    label: (p, point) =>
      describe(p, point) + (targets.includes(p) ? t("hp-move-here") : movable.has(p) ? t("hp-can-move") : ""),
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
  for (const tray of trays) {
    const near = tray.side === mine;
    const target = near && view.offTarget;
    const n = position.off[tray.side];
    const g = svg("g", {
      class: `tray${target ? " target" : ""}`,
      "data-point": near ? "off" : "bot-off",
      tabindex: target ? 0 : -1,
      role: near && view.you ? "button" : "img",
    });
    g.setAttribute("aria-label", t("hp-borne-off", { owner: title(view.owner(tray.side)), n }) + (target ? t("hp-bear-off-here") : ""));
    g.append(svg("rect", { x: TRAY_X, y: tray.y, width: 60, height: 200, rx: 6, class: "tray-box" }));
    for (let i = 0; i < n; i++) {
      const y = near ? 490 - 6 - i * 12.5 : MARGIN + 6 + i * 12.5;
      g.append(svg("rect", { x: TRAY_X + 8, y: y - 5, width: 44, height: 10, rx: 3, class: `checker ${tray.side}` }));
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
    "aria-label":
      move.best && move.best !== move.played
        ? t("hp-review-before-best", { played: move.played, best: move.best })
        : t("hp-review-before", { played: move.played }),
  });
  drawPosition(board, position, side, {
    classes: () => [],
    label: (p, point) =>
      point
        ? t(point.prisoner ? "hp-review-point-pinning" : "hp-review-point", {
            p,
            n: point.count,
            side: point.side,
            prisoner: point.prisoner ?? "",
          })
        : t("hp-review-point-empty", { p }),
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

/** The opening throw of a log line (`{ white, black }`), if it is one. */
function openingOf(line) {
  const dice = line.msg?.args?.dice;
  return dice?.id === "hapis-opening-throw" ? { white: Number(dice.args.white), black: Number(dice.args.black) } : null;
}

function openingThrow() {
  for (const line of game.log) {
    if (line.game !== game.match.game) continue;
    const opening = openingOf(line);
    if (opening) return opening;
  }
  return null;
}

function drawDice() {
  const box = document.getElementById("dice");
  box.replaceChildren();
  const thisGame = game.log.filter((l) => l.game === game.match.game);
  const opening = openingThrow();
  if (opening && game.board.phase !== "opening" && thisGame.length <= 2) {
    box.append(`${t("hp-opening-line", opening)} `);
  }
  if (!game.board.dice) return;
  const [a, b] = game.board.dice;
  const all = a === b ? [a, a, a, a] : [a, b];
  const left = [...(game.board.left ?? [])];
  for (const d of all) {
    const i = left.indexOf(d);
    const unused = game.board.phase === "move" && i >= 0;
    if (i >= 0) left.splice(i, 1);
    box.append(el("span", { class: `die${unused ? "" : " used"}`, "aria-label": unused ? String(d) : t("hp-die-used", { d }) }, String(d)));
  }
}

/** A seat for the score line: "You (White) 1". */
function scoreOf(seat) {
  const s = game.seats[seat];
  let name;
  if (seat === game.you) name = t("hp-you");
  else if (s.who === "bot") name = t("hp-score-bot", { bot: s.bot });
  else if (s.who === "open") name = t(game.you === null ? "hp-score-nobody" : "hp-score-friend-waiting");
  else name = t(game.you === null ? "hp-score-person" : "hp-your-friend");
  return `${name} (${sideName(s.plays)}) ${number(game.match.score[seat])}`;
}

function drawPanel() {
  const m = game.match;
  const near = game.you ?? 0;
  const length = m.length ? t("hp-match-length", { n: m.length }) : t("hp-one-game");
  document.getElementById("score").textContent = t("hp-score", {
    length,
    near: scoreOf(near),
    far: scoreOf(other(near)),
    game: m.game,
  });
  const log = document.getElementById("log");
  log.replaceChildren(...game.log.map((l) => el("li", {}, tell(l))));
  log.scrollTop = log.scrollHeight;
  const seated = game.you !== null;
  for (const c of document.querySelectorAll("#table .controls")) c.hidden = !seated;
  const phase = game.board.phase;
  const roll = document.getElementById("roll");
  roll.textContent = t(phase === "opening" ? "hp-throw-start" : "hp-throw");
  roll.disabled = busy || !(seated && game.to_do === "roll" && (game.turn === null || game.turn === game.you));
  document.getElementById("undo").disabled = busy || !(myMove() && entered().length > 0);
  document.getElementById("hint").disabled = busy || !(myMove() && entered().length === 0);
  document.getElementById("resign").disabled = busy || !seated || phase === "opening" || !["roll", "move"].includes(game.to_do);
  document.getElementById("next").hidden = game.to_do !== "next";
  document.getElementById("next").disabled = busy;
  document.getElementById("again").hidden = game.to_do !== "nothing";
  document.getElementById("commitment").textContent = game.fair.commitment;
  document.getElementById("reveal-line").textContent = game.fair.reveal
    ? t("hp-revealed", { reveal: game.fair.reveal })
    : t("hp-reveal-later");
}

/**
 * A line of the log (or an ending) in the looker's words: "The bot throws 5-3.", "You play 1/4 4/7.", "Opening
 * throw: …". The side a message names (its `who` or `side`, `side-white`) is said as the looker knows that seat,
 * and the message's verb takes that seat's person.
 */
function tell(line) {
  const opening = openingOf(line);
  if (opening) return t("hp-opening-line", opening);
  const msg = line.msg;
  if (!msg) return line.text;
  if (msg.id === "log-match-won") {
    const { who, person } = subject(Number(msg.args.seat) - 1);
    return t("hp-match-won", { who, person, won: msg.args.won, lost: msg.args.lost });
  }
  const args = { ...msg.args };
  for (const key of ["who", "side"]) {
    const named = /^side-(white|black)$/.exec(args[key]?.id ?? "");
    if (!named) continue;
    const { who, person } = subject(seatOf(named[1]));
    args[key] = who;
    args.person = person;
  }
  return sayMsg({ id: msg.id, args });
}

/** How the game in play ended, in the looker's words. */
function ended() {
  return game.ending ? (game.ending.msg ? tell({ msg: game.ending.msg, text: game.ending.text }) : ending(game)) : "";
}

function guidance() {
  // The state holds the log's newest lines from `log_start` on; `mark` counts from the match's first line.
  const fresh = mark === null ? [] : game.log.slice(Math.max(0, mark - game.log_start));
  // What the other side did since this page last acted, and a pass of our own.
  const parts = fresh
    .filter((l) => l.seat !== game.you || ["log-no-move-dice", "log-no-move"].includes(l.msg?.id) || openingOf(l))
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
    next = `${ended()} ${t("hp-start-next")}`;
  } else if (game.to_do === "roll" && phase === "opening") {
    next = t("hp-throw-for-start");
  } else if (game.to_do === "roll") {
    next = game.turn === game.you ? t("hp-your-throw") : t("hp-to-throw", subject(game.turn));
  } else if (myMove()) {
    next = entered().length
      ? t("hp-played-so-far", { steps: entered().join(" ") })
      : t("hp-you-threw", { dice: game.board.dice.join("-") });
  } else if (game.seats[game.turn]?.who === "bot") {
    next = t("hp-bot-thinking");
  } else if (game.seats[game.turn]?.who === "open") {
    next = t("hp-waiting-friend");
  } else {
    next = t("hp-friend-playing");
  }
  say([...parts, next].join(" "));
}

/** Who won the match, and by how much. */
function matchOver() {
  const [a, b] = game.match.score;
  if (a === b) return t("hp-match-level", { a, b });
  const w = a > b ? 0 : 1;
  return t("hp-match-won", { ...subject(w), won: game.match.score[w], lost: game.match.score[other(w)] });
}

/** What a watcher is told of the moment: how the game ended, or the last event and who is to act. */
function watching() {
  if (game.to_do === "nothing") return `${ended()} ${matchOver()}`.trim();
  if (game.to_do === "next") return `${ended()} ${t("hp-waiting-next")}`;
  const last = game.log.filter((l) => l.game === game.match.game).slice(-1).map(tell);
  if (game.to_do === "roll") {
    return [...last, game.turn === null ? t("hp-waiting-start") : t("hp-to-throw", subject(game.turn))].join(" ");
  }
  return [...last, t("hp-to-play", subject(game.turn))].join(" ");
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
    const targets = targetsOf(point).map((to) => (to === "off" ? t("hp-off-board") : to));
    say(t("hp-checker-can-go", { point, targets: targets.join(` ${t("hp-or")} `) }));
  } else {
    selected = null;
    say(t(point === "off" || sources().has(point) ? "hp-choose-checker" : "hp-cannot-move-from"));
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
  const pct = (x) => number(x, { style: "percent", maximumFractionDigits: 0 });
  const rows = answer.plays.map((h) =>
    el(
      "li",
      {},
      el("button", { type: "button", class: "link", onclick: () => act({ action: "move", move: h.play }) }, h.play || t("hp-no-move")),
      ` ${t("hp-hint-line", {
        equity: number(h.equity, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "always" }),
        win: pct(h.win),
        mars: pct(h.win_mars),
        lost: pct(h.lose_mars),
      })}`,
    ),
  );
  box.replaceChildren(el("h3", {}, t("hp-best-plays", { level: t(`hp-level-${answer.level}`) })), el("ol", {}, ...rows));
  box.hidden = false;
}

function main() {
  wireBoard();
  document.getElementById("roll").addEventListener("click", () => act({ action: "roll" }));
  document.getElementById("undo").addEventListener("click", () => act({ action: "undo" }));
  document.getElementById("resign").addEventListener("click", () => {
    const against = game.seats[other(game.you)].who === "bot" ? "bot" : "person";
    if (confirm(t("hp-resign-confirm", { against }))) act({ action: "resign" });
  });
  document.getElementById("next").addEventListener("click", () => act({ action: "next" }));
  document.getElementById("hint").addEventListener("click", showHints);
  page = gamePage({
    kind: "hapis",
    prompt: t("hp-prompt"),
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
