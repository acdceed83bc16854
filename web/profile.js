// A player's public page (`/profile?name=<name>`): their name, since when they play, their ratings and last rated
// games, and the finished games they let be listed, each with its result and its review.
import { api, attempt, el, param, say } from "./api.js";
import { gameItem, ratingsBlock } from "./games.js";
import { moment, t } from "./l10n.js";

(async () => {
  const name = param("name");
  if (!name) {
    say(t("profile-nobody"), "error");
    document.body.dataset.busy = "false";
    return;
  }
  const answer = await attempt(() => api("GET", "/api/catalog"));
  const catalog = new Map((answer?.games ?? []).map((g) => [g.name, g]));
  const person = await attempt(() => api("GET", `/api/people/${encodeURIComponent(name)}`));
  document.body.dataset.busy = "false";
  if (!person) return;
  document.title = `${person.name} — hamle`;
  document.getElementById("profile").hidden = false;
  document.getElementById("profile-title").textContent = person.name;
  const since = moment(new Date(person.created * 1000), { dateStyle: "medium" });
  document.getElementById("since").textContent = t("profile-since", { date: since });
  document.getElementById("ratings").replaceChildren(ratingsBlock(person.ratings, person.history, catalog));
  const list = document.getElementById("finished");
  list.replaceChildren(...person.games.map((g) => gameItem(g, catalog)));
  if (!person.games.length) {
    list.append(el("li", {}, person.listed ? t("profile-no-finished") : t("profile-unlisted", { name: person.name })));
  }
})();
