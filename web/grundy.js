// Grundy's game in the browser: each heap is a row of counters; click between two of them to split the heap there.
// Against a bot or a friend (who joins by the invite link); anyone else with the link watches.
import { gamePage, say, el, Who, who, matchup, winner, botToMove, other, ending, plays } from "./api.js";
import { t } from "./l10n.js";

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
    const row = el("div", { class: "heap", role: "group", "aria-label": t("grundy-heap", { n: index + 1, size: heap }) });
    row.append(el("span", { class: "size" }, String(heap)));
    for (let k = 1; k <= heap; k++) {
      row.append(el("span", { class: "counter", "aria-hidden": "true" }));
      if (k === heap) break;
      const move = `${heap}=${Math.max(k, heap - k)}+${Math.min(k, heap - k)}`;
      const legal = mine && k !== heap - k && game.legal.includes(move);
      row.append(el("button", {
        type: "button",
        class: `gap${legal ? " playable" : ""}`,
        title: legal ? t("grundy-split-title", { a: k, b: heap - k }) : "",
        "aria-label": t("grundy-split", { size: heap, a: k, b: heap - k }),
        disabled: !legal,
        onclick: () => page.act({ action: "move", move }),
      }));
    }
    board.append(row);
  });
  document.getElementById("about").textContent = t("grundy-about", { matchup: matchup(game) });
  document.getElementById("how").hidden = game.you === null;
  const log = document.getElementById("log");
  log.replaceChildren(...game.history.map((m, i) => el("li", {}, `${plays(i % 2 === 0 ? "first" : "second")}: ${m}`)));
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
    if (won === null) return ending(game);
    const lost = other(won);
    if (r.resigned !== null && r.resigned !== undefined) {
      if (r.resigned === game.you) return t("grundy-you-resigned");
      return game.you === null ? t("grundy-resigned", { who: Who(game, lost) }) : t("grundy-resigned-you-win", { who: Who(game, lost) });
    }
    if (game.you === null) return t("grundy-side-wins", { winner: Who(game, won), loser: who(game, lost) });
    if (won === game.you) return t("grundy-you-win", { who: who(game, lost) });
    return t("grundy-you-lose", { who: Who(game, won) });
  }
  if (myTurn()) return t("grundy-your-turn");
  if (botToMove(game)) return t("grundy-thinking", { who: Who(game, game.turn) });
  if (game.seats[game.turn].who === "open") return t("grundy-waiting-friend");
  return t("grundy-to-move", { who: Who(game, game.turn), name: who(game, game.turn) });
}

function main() {
  document.getElementById("resign").addEventListener("click", () => {
    if (confirm(t("grundy-resign-confirm"))) page.act({ action: "resign" });
  });
  page = gamePage({
    kind: "grundy",
    prompt: t("grundy-prompt"),
    body: (data) => ({ params: { heaps: data.get("heaps") }, opponent: data.get("opponent"), seat: Number(data.get("seat")) }),
    show: (state, view) => {
      game = state;
      busy = view.busy;
      render();
    },
  });
}

main();
