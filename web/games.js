// A listed game in words, for the pages that list games (the player's own page and a public profile): what it is,
// who sat across, how it ended, and a link to play it or, once over, to review it.
import { el } from "./api.js";

/** A game's name in words, from the catalog when it has the game. */
function title(kind, catalog) {
  const name = catalog.get(kind)?.name ?? kind;
  return name === "tictactoe" ? "Tic-tac-toe" : `${name[0].toUpperCase()}${name.slice(1)}`;
}

/** Who sat across, in words: "against perfect", "against Bea", "with a friend not here yet", "" alone. */
function against(g) {
  const o = g.opponent;
  if (!o) return g.setup?.helper ? ` with ${g.setup.helper} to help` : "";
  if (o.who === "bot") return ` against ${o.bot}`;
  if (o.who === "open") return " — your friend has not joined yet";
  return ` against ${o.name ?? "a friend"}`;
}

/** A number as the pages write it (1, not 1.0; ½ for a half). */
function points(p) {
  return Number.isInteger(p) ? String(p) : p === 0.5 ? "½" : String(p);
}

/** How the game ended, from the list's seat: "won 1–0: White wins." */
function ending(g) {
  if (!g.result) return g.status === "over" ? "over" : "";
  const p = g.result.points ?? [];
  const mine = g.seat ?? 0;
  const score = p.length === 2 ? `${points(p[mine])}–${points(p[1 - mine])}` : p.map(points).join("–");
  const words = g.outcome ?? "over";
  return `${words} ${score}${g.result.text ? `: ${g.result.text}` : ""}`;
}

/** The list item of a game: its words, its result once over, and its link ("play" or "review"). */
export function gameItem(g, catalog) {
  const when = new Date(g.updated * 1000).toLocaleString();
  const over = g.status === "over";
  const item = el(
    "li",
    { "data-game": g.id, "data-outcome": g.outcome ?? "" },
    `${title(g.kind, catalog)}${against(g)}`,
    over ? el("span", { class: "result" }, ` — ${ending(g)}`) : ` — last move ${when}`,
    " ",
    el("a", { href: g.link, class: over ? "review" : "play" }, over ? "review" : "play"),
  );
  return item;
}
