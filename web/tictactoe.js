// Tic-tac-toe in the browser: click (or Enter on) an empty cell; in the two-phase variant, once your three
// stones stand, choose one of them and then the empty neighbour to slide it to.
import { gamePage, say, el, sendAction } from "./api.js";

let game = null;
let selected = null;
let busy = false;

/** The 9 cells by name (a1..c3) from the position text, rows from 3 down to 1. */
function cells() {
  const rows = game.position.split(" ")[0].split("/");
  const out = {};
  rows.forEach((row, i) => {
    [...row].forEach((mark, col) => {
      out[`${"abc"[col]}${3 - i}`] = mark === "." ? "" : mark;
    });
  });
  return out;
}

function mine() {
  return game.you === "first" ? "x" : "o";
}

function render() {
  const marks = cells();
  const legal = game.legal;
  const grid = document.getElementById("grid");
  grid.replaceChildren();
  for (const row of [3, 2, 1]) {
    const line = el("div", { role: "row", class: "row" });
    for (const col of "abc") {
      const name = `${col}${row}`;
      const mark = marks[name];
      const playable =
        legal.includes(name) ||
        legal.some((m) => m.startsWith(`${name}-`)) ||
        (selected !== null && legal.includes(`${selected}-${name}`));
      const label = `${name}: ${mark ? mark.toUpperCase() : "empty"}`;
      const cell = el(
        "button",
        {
          type: "button",
          role: "gridcell",
          class: `cell${mark ? ` ${mark}` : ""}${selected === name ? " selected" : ""}${playable ? " playable" : ""}`,
          "data-cell": name,
          "aria-label": label,
          disabled: busy || !playable,
          onclick: () => choose(name),
        },
        mark ? mark.toUpperCase() : "",
      );
      line.append(cell);
    }
    grid.append(line);
  }
  const you = mine().toUpperCase();
  document.getElementById("about").textContent = `${game.game} against ${game.setup.opponent}; you play ${you}.`;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${i % 2 === 0 ? "X" : "O"} ${m}`)));
  document.getElementById("resign").disabled = busy || game.phase === "over";
  document.getElementById("again").hidden = game.phase !== "over";
  document.getElementById("record").href = `/api/games/${game.id}/record`;
  if (game.phase === "over") {
    const r = game.result;
    if (r.resigned) say("You resigned.");
    else if (r.winner === null) say("A draw.");
    else say(r.winner === game.you ? "You win!" : "The bot wins.");
  } else if (selected) {
    say(`Slide the stone on ${selected} to a highlighted empty cell, or choose another stone.`);
  } else if (legal.some((m) => m.includes("-"))) {
    say("Your turn: choose one of your stones to slide.");
  } else {
    say("Your turn: choose an empty cell.");
  }
}

async function act(action) {
  selected = null;
  await sendAction(game.id, action, (isBusy, answer) => {
    busy = isBusy;
    if (answer) game = answer;
    render();
  });
}

function choose(name) {
  if (game.legal.includes(name)) return act({ action: "move", move: name });
  if (selected !== null && game.legal.includes(`${selected}-${name}`)) return act({ action: "move", move: `${selected}-${name}` });
  selected = game.legal.some((m) => m.startsWith(`${name}-`)) && selected !== name ? name : null;
  render();
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act({ action: "resign" });
  });
  gamePage({
    kind: "tictactoe",
    prompt: "Choose the variant and your opponent.",
    body: (data) => ({ variant: data.get("variant"), opponent: data.get("opponent"), you: data.get("you") }),
    show: (state) => {
      game = state;
      render();
    },
  });
}

main();
