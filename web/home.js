// The home page: the games, and this browser's unfinished ones.
import { api, attempt, ensurePlayer, el } from "./api.js";

const NAMES = { hapis: "Hapis Tavlası", tictactoe: "Tic-tac-toe", 2048: "2048", domineering: "Domineering" };

async function listUnfinished() {
  const list = document.getElementById("unfinished");
  const answer = await attempt(async () => {
    await ensurePlayer();
    return api("GET", "/api/games");
  });
  list.replaceChildren();
  const open = (answer?.games ?? []).filter((g) => g.status === "playing");
  if (open.length === 0) {
    list.append(el("li", {}, "None yet: start one above."));
    return;
  }
  for (const g of open) {
    const opponent = g.setup?.opponent ?? g.setup?.bot ?? "a bot";
    const variant = g.setup?.variant ? ` (${g.setup.variant})` : "";
    const when = new Date(g.updated * 1000).toLocaleString();
    list.append(
      el("li", {}, el("a", { href: `/${g.kind}?id=${g.id}` }, `${NAMES[g.kind] ?? g.kind}${variant} against ${opponent}`), ` — last move ${when}`),
    );
  }
}

listUnfinished();
