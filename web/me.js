// The player's own page: a name to choose, the games in play and finished with their results, the public page's
// setting, a one-time link to play as oneself in another browser, and signing browsers out. Opened with
// `?claim=<code>` (a link made in another browser), it takes that identity into this browser.
import {
  ApiError,
  api,
  asPlayer,
  attempt,
  ensurePlayer,
  forgetToken,
  hasToken,
  isRevoked,
  param,
  say,
  setToken,
} from "./api.js";
import { gameItem, ratingsBlock } from "./games.js";

/** The catalog's games, by name. */
let catalog = new Map();

function busy(yes) {
  document.body.dataset.busy = String(yes);
}

/** Shows the player: name, setting, games. */
function drawMe(me) {
  document.getElementById("you").hidden = false;
  const field = document.getElementById("name");
  if (document.activeElement !== field) field.value = me.name ?? "";
  const counts = `${me.games.playing} in play, ${me.games.over} finished`;
  const browsers = me.tokens === 1 ? "this browser alone" : `${me.tokens} browsers`;
  document.getElementById("summary").textContent = me.name
    ? `You are ${me.name}: ${counts}; you play from ${browsers}.`
    : `You have no name yet: ${counts}; you play from ${browsers}.`;
  document.getElementById("list-games").checked = me.list_games;
  document.getElementById("ratings").replaceChildren(ratingsBlock(me.ratings, me.history, catalog));
  const link = document.getElementById("profile-link");
  link.hidden = !me.name;
  if (me.name) link.href = `/profile?name=${encodeURIComponent(me.name)}`;
}

function drawGames(games) {
  const playing = document.getElementById("playing");
  const finished = document.getElementById("finished");
  playing.replaceChildren();
  finished.replaceChildren();
  for (const g of games) (g.status === "over" ? finished : playing).append(gameItem(g, catalog));
  if (!playing.children.length) playing.append(document.createElement("li"));
  if (!finished.children.length) finished.append(document.createElement("li"));
  for (const list of [playing, finished]) {
    const first = list.firstElementChild;
    if (!first.textContent) first.textContent = "None yet.";
  }
}

/** Reads the player and their games again; a revoked token shows what the person may do instead. */
async function load() {
  busy(true);
  try {
    await ensurePlayer();
    const [me, list] = [await api("GET", "/api/me"), await api("GET", "/api/games")];
    document.getElementById("revoked").hidden = true;
    drawMe(me);
    drawGames(list.games);
  } catch (e) {
    if (isRevoked(e)) {
      document.getElementById("you").hidden = true;
      document.getElementById("revoked").hidden = false;
      say("This browser's identity was revoked: nothing was done as anyone else.", "error");
    } else if (e instanceof ApiError && e.code === "forbidden") {
      // The server no longer knows this token (a store started afresh): a new player, as every page does.
      await attempt(() => asPlayer("GET", "/api/me"));
      await load();
      return;
    } else {
      say(e instanceof ApiError ? e.message : `Something went wrong: ${e}`, "error");
    }
  } finally {
    busy(false);
  }
}

/** Takes the identity of the transfer link's code into this browser. */
async function claim(code) {
  busy(true);
  const answer = await attempt(() => api("POST", "/api/me/claim", { code }));
  history.replaceState(null, "", location.pathname);
  document.getElementById("claim").hidden = true;
  if (answer) {
    setToken(answer.token);
    await load();
    say("This browser now plays as you.");
  } else {
    await load();
  }
}

document.getElementById("name-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = document.getElementById("name").value.trim();
  busy(true);
  const me = await attempt(() => asPlayer("PUT", "/api/me/name", { name }));
  if (me) {
    drawMe(me);
    say(`Your name is ${me.name}.`);
  }
  busy(false);
});

document.getElementById("list-games").addEventListener("change", async (e) => {
  const list = e.target.checked;
  const me = await attempt(() => asPlayer("PUT", "/api/me/listing", { list }));
  if (me) {
    drawMe(me);
    say(list ? "Your finished games are listed on your public page." : "Your public page lists no game.");
  } else {
    e.target.checked = !list;
  }
});

document.getElementById("transfer").addEventListener("click", async () => {
  const answer = await attempt(() => asPlayer("POST", "/api/me/transfer"));
  if (!answer) return;
  document.getElementById("transfer-box").hidden = false;
  const field = document.getElementById("transfer-link");
  field.value = new URL(answer.link, location.origin).href;
  field.select();
  const until = new Date(answer.expires * 1000).toLocaleTimeString();
  document.getElementById("transfer-note").textContent =
    `Open this link in your other browser before ${until}. It works once; whoever opens it plays as you.`;
});

document.getElementById("revoke-others").addEventListener("click", async () => {
  if (!confirm("Sign out every other browser that plays as you? Their links not used yet stop working too.")) return;
  const answer = await attempt(() => asPlayer("POST", "/api/me/tokens/revoke-others"));
  if (answer) {
    say(`${answer.revoked} other browser${answer.revoked === 1 ? " is" : "s are"} signed out.`);
    await load();
  }
});

document.getElementById("revoke-current").addEventListener("click", async () => {
  const alone = /this browser alone/.test(document.getElementById("summary").textContent);
  const warning = alone
    ? "This browser is the only one that plays as you: signed out, nobody can play your games again unless you made a link first. Sign out?"
    : "Sign this browser out? You go on playing in your other browsers.";
  if (!confirm(warning)) return;
  const answer = await attempt(() => asPlayer("DELETE", "/api/me/tokens/current"));
  if (answer) await load();
});

document.getElementById("afresh").addEventListener("click", async () => {
  forgetToken();
  await load();
  say("You start afresh as a new player.");
});

(async () => {
  const answer = await attempt(() => api("GET", "/api/catalog"));
  catalog = new Map((answer?.games ?? []).map((g) => [g.name, g]));
  const code = param("claim");
  if (!code) return load();
  if (!hasToken()) return claim(code);
  // This browser plays as someone already: the person chooses to leave that identity.
  document.getElementById("claim").hidden = false;
  document.getElementById("claim-here").addEventListener("click", () => claim(code));
  await load();
})();
