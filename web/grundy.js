// Grundy's game in the browser: each heap is a row of counters; click between two of them to split the heap there.
// Against a bot or a friend (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, other } from "./api.js";

let game = null;
let busy = false;
let page = null;

function myTurn() {
  return game.you !== null && game.status === "playing" && game.to_do === "move" && game.turn === game.you;
}

function render() {
  const board = document.getElementById("heaps-board");
  board.replaceChildren();
  const mine = myTurn() && !busy;
  game.board.heaps.forEach((heap, index) => {
    const row = el("div", { class: "heap", role: "group", "aria-label": `heap ${index + 1}: ${heap}` });
    row.append(el("span", { class: "size" }, String(heap)));
    for (let k = 1; k <= heap; k++) {
      row.append(el("span", { class: "counter", "aria-hidden": "true" }));
      if (k === heap) break;
      const move = `${heap}=${Math.max(k, heap - k)}+${Math.min(k, heap - k)}`;
      const legal = mine && k !== heap - k && game.legal.includes(move);
      row.append(el("button", {
        type: "button",
        class: `gap${legal ? " playable" : ""}`,
        title: legal ? `split into ${k} and ${heap - k}` : "",
        "aria-label": `split the heap of ${heap} into ${k} and ${heap - k}`,
        disabled: !legal,
        onclick: () => page.act({ action: "move", move }),
      }));
    }
    board.append(row);
  });
  document.getElementById("about").textContent = `Grundy's game: ${matchup(game)}.`;
  document.getElementById("how").hidden = game.you === null;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${i % 2 === 0 ? "first" : "second"}: ${m}`)));
  const over = game.status === "over";
  const resign = document.getElementById("resign");
  resign.hidden = game.you === null;
  resign.disabled = busy || over;
  document.getElementById("again").hidden = !over;
  say(message());
}

function message() {
  if (game.status === "over") {
    const r = game.ending;
    const won = winner(game);
    if (won === null) return r.text;
    const lost = other(won);
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return "You resigned.";
      return game.you === null ? `${Who(game, lost)} resigned.` : `${Who(game, lost)} resigned: you win!`;
    }
    if (game.you === null) return `${Who(game, won)} wins: ${who(game, lost)} has no heap left to split.`;
    if (won === game.you) return `You win: ${who(game, lost)} has no heap left to split.`;
    return `${Who(game, won)} wins: you have no heap left to split.`;
  }
  if (myTurn()) return "Your turn: split a heap into two unequal heaps.";
  if (botToMove(game)) return `${Who(game, game.turn)} is thinking…`;
  if (game.seats[game.turn].who === "open") return "Waiting for your friend to join.";
  return `${Who(game, game.turn)} to move.`;
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm("Resign this game?")) page.act({ action: "resign" });
  });
  page = gamePage({
    kind: "grundy",
    prompt: "Choose the heaps and your opponent.",
    body: (data) => ({ params: { heaps: data.get("heaps") }, opponent: data.get("opponent"), seat: Number(data.get("seat")) }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();
