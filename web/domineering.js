// Domineering in the browser: point at a cell to preview your domino there, click to place it.
import { gamePage, say, el, sendAction } from "./api.js";

let game = null;
let busy = false;

const LETTERS = "abcdefghijklmnop";

/** The board's rows from the top, each a string of `.`, `v`, `h`, from the position text. */
function rows() {
  return game.position.split(" ")[0].split("/");
}

/** The side the person plays. */
function mySide() {
  const first = game.setup.first ?? "vertical";
  const other = first === "vertical" ? "horizontal" : "vertical";
  return game.you === "first" ? first : other;
}

/** The legal move of the person's domino that covers the cell, preferring up or right from it. */
function moveAt(cell) {
  const col = LETTERS.indexOf(cell[0]);
  const row = Number(cell.slice(1));
  const vertical = mySide() === "vertical";
  const neighbours = vertical
    ? [[`${cell}`, `${LETTERS[col]}${row + 1}`], [`${LETTERS[col]}${row - 1}`, `${cell}`]]
    : [[`${cell}`, `${LETTERS[col + 1]}${row}`], [`${LETTERS[col - 1]}${row}`, `${cell}`]];
  for (const [a, b] of neighbours) {
    const mv = `${a}-${b}`;
    if (game.legal.includes(mv)) return mv;
  }
  return null;
}

function show(cells) {
  for (const node of document.querySelectorAll("#board .preview")) node.classList.remove("preview");
  for (const name of cells) document.querySelector(`#board [data-cell='${name}']`)?.classList.add("preview");
}

function render() {
  const lines = rows();
  const height = lines.length;
  const board = document.getElementById("board");
  board.style.setProperty("--cols", lines[0].length);
  board.replaceChildren();
  lines.forEach((line, i) => {
    const row = height - i;
    [...line].forEach((mark, c) => {
      const name = `${LETTERS[c]}${row}`;
      const mv = mark === "." && !busy ? moveAt(name) : null;
      const cell = el("button", {
        type: "button",
        role: "gridcell",
        class: `square${mark === "v" ? " vertical" : mark === "h" ? " horizontal" : ""}${mv ? " playable" : ""}`,
        "data-cell": name,
        "aria-label": `${name}: ${mark === "." ? "empty" : mark === "v" ? "vertical domino" : "horizontal domino"}`,
        disabled: !mv,
        onclick: () => mv && act({ action: "move", move: mv }),
      });
      cell.addEventListener("pointerenter", () => show(mv ? mv.split("-") : []));
      cell.addEventListener("focus", () => show(mv ? mv.split("-") : []));
      board.append(cell);
    });
  });
  board.onpointerleave = () => show([]);
  const others = game.setup.opponent;
  document.getElementById("about").textContent = `${game.game} against ${others}; you place ${mySide()} dominoes.`;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m) => el("li", {}, m)));
  document.getElementById("resign").disabled = busy || game.phase === "over";
  document.getElementById("again").hidden = game.phase !== "over";
  document.getElementById("record").href = `/api/games/${game.id}/record`;
  if (game.phase === "over") {
    const r = game.result;
    if (r.resigned) say("You resigned.");
    else say(r.winner === game.you ? "You win: the bot has no place left for a domino." : "The bot wins: you have no place left for a domino.");
  } else {
    say(`Your turn: place a ${mySide()} domino.`);
  }
}

async function act(action) {
  await sendAction(game.id, action, (isBusy, answer) => {
    busy = isBusy;
    if (answer) game = answer;
    render();
  });
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act({ action: "resign" });
  });
  gamePage({
    kind: "domineering",
    prompt: "Choose the board, who starts and your opponent.",
    body: (data) => ({
      rows: data.get("rows"),
      cols: data.get("cols"),
      first: data.get("first"),
      opponent: data.get("opponent"),
      you: data.get("you"),
    }),
    show: (state) => {
      game = state;
      render();
    },
  });
}

main();
