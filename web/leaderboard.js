// The leaderboards (`/leaderboard?pool=<pool>`): a pool's people by rating and its bots with the fixed ratings their
// matches measured; a pool is a game with its parameters (`domineering(cols=6,rows=6)`).
import { api, attempt, catalog, el, param, ratingText, say } from "./api.js";

/** A table's rows under its heads; `empty` when there are none. */
function fill(table, heads, rows, empty) {
  const head = el("thead", {}, el("tr", {}, ...heads.map((h) => el("th", {}, h))));
  const body = rows.length
    ? el("tbody", {}, ...rows)
    : el("tbody", {}, el("tr", {}, el("td", { colspan: String(heads.length) }, empty)));
  table.replaceChildren(head, body);
}

async function show(pool) {
  document.body.dataset.busy = "true";
  const board = await attempt(() => api("GET", `/api/leaderboard/${encodeURIComponent(pool)}`));
  document.body.dataset.busy = "false";
  if (!board) return;
  history.replaceState(null, "", `/leaderboard?pool=${encodeURIComponent(board.pool)}`);
  document.getElementById("board").hidden = false;
  document.getElementById("board-title").textContent = board.pool;
  const people = board.people.map((p, i) =>
    el(
      "tr",
      {},
      el("td", { class: "number" }, String(i + 1)),
      el("td", {}, el("a", { href: `/profile?name=${encodeURIComponent(p.name)}` }, p.name)),
      el("td", { class: "number" }, ratingText(p)),
      el("td", { class: "number" }, `±${p.deviation}`),
      el("td", { class: "number" }, String(p.games)),
    ),
  );
  fill(document.getElementById("people"), ["#", "Name", "Rating", "Deviation", "Rated games"], people, "Nobody yet.");
  const bots = board.bots.map((b) =>
    el(
      "tr",
      {},
      el("td", {}, b.bot),
      el("td", { class: "number" }, String(Math.round(b.rating))),
      el("td", { class: "number" }, `±${Math.round(b.deviation)}`),
      el("td", { class: "number" }, String(b.games)),
    ),
  );
  fill(document.getElementById("bots"), ["Bot", "Rating", "Deviation", "Games measured"], bots, "No bot is rated here.");
  document.getElementById("scale").textContent = board.source
    ? `Fixed ratings, measured by ${board.source}; the scale: ${board.scale}.`
    : "No bot is rated in this pool: only games between people move its ratings.";
}

(async () => {
  const games = (await catalog())?.games ?? [];
  const pools = games.flatMap((g) => (g.ratings ?? []).map((r) => r.pool));
  const select = document.getElementById("pool");
  const asked = param("pool") ?? pools[0] ?? "hapis";
  if (!pools.includes(asked)) pools.push(asked);
  select.replaceChildren(...pools.map((p) => el("option", { value: p }, p)));
  select.value = asked;
  select.addEventListener("change", () => show(select.value));
  if (!games.length) say("The games could not be read: try again in a moment.", "error");
  await show(asked);
})();
