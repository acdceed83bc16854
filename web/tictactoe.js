// Tic-tac-toe in the browser: click (or Enter on) an empty cell; in the two-phase variant, once your three
// stones stand, choose one of them and then the empty neighbour to slide it to. Against a bot or a friend
// (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove } from "./api.js";

let game = null;
let selected = null;
let busy = false;
let page = null;

/** The 9 cells by name (a1..c3) from the position text, rows from 3 down to 1. */
function cells() {
  const rows = game.board.position.split(" ")[0].split("/");
  const out = {};
  rows.forEach((row, i) => {
    [...row].forEach((mark, col) => {
      out[`${"abc"[col]}${3 - i}`] = mark === "." ? "" : mark;
    });
  });
  return out;
}

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

function render() {
  const marks = cells();
  const legal = myTurn() ? game.legal : [];
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
  const variant = game.board.variant === "two-phase" ? "Two-phase tic-tac-toe" : "Tic-tac-toe";
  document.getElementById("about").textContent = `${variant}: ${matchup(game)}.`;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${i % 2 === 0 ? "X" : "O"} ${m}`)));
  const over = game.status === "over";
  const resign = document.getElementById("resign");
  resign.hidden = game.you === null;
  resign.disabled = busy || over;
  document.getElementById("again").hidden = !over;
  say(message(legal));
}

function message(legal) {
  if (game.status === "over") {
    const r = game.ending;
    const won = winner(game);
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return "You resigned.";
      return game.you === null ? `${Who(game, r.resigned)} resigned.` : `${Who(game, r.resigned)} resigned: you win!`;
    }
    if (won === null) return "A draw.";
    if (won === game.you) return "You win!";
    if (game.you === null) return `${game.seats[won].plays} wins.`;
    return game.seats[won].who === "bot" ? "The bot wins." : "Your friend wins.";
  }
  if (!myTurn()) {
    const mover = game.seats[game.turn];
    if (botToMove(game)) return `${Who(game, game.turn)} is thinking…`;
    if (game.you === null) return `${mover.plays} to move (${who(game, game.turn)}).`;
    if (mover.who === "open") return `Waiting for your friend to join: they play ${mover.plays}.`;
    return `Your friend's turn: waiting for ${mover.plays}'s move.`;
  }
  if (selected) return `Slide the stone on ${selected} to a highlighted empty cell, or choose another stone.`;
  if (legal.some((m) => m.includes("-"))) return "Your turn: choose one of your stones to slide.";
  return "Your turn: choose an empty cell.";
}

async function act(action) {
  selected = null;
  await page.act(action);
}

function choose(name) {
  if (!myTurn()) return;
  if (game.legal.includes(name)) return act({ action: "move", move: name });
  if (selected !== null && game.legal.includes(`${selected}-${name}`)) return act({ action: "move", move: `${selected}-${name}` });
  selected = game.legal.some((m) => m.startsWith(`${name}-`)) && selected !== name ? name : null;
  render();
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) act({ action: "resign" });
  });
  page = gamePage({
    kind: "tictactoe",
    prompt: "Choose the variant and your opponent.",
    body: (data) => ({
      params: { variant: data.get("variant") },
      opponent: data.get("opponent"),
      seat: Number(data.get("seat")),
    }),
    show: (state, view) => {
      if (game && state.board.position !== game.board.position) selected = null;
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();
