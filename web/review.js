// The review of a finished game, on every game's page: the server's analysis (GET /api/games/{id}/analysis)
// asked for once the game ends, its progress shown, then an evaluation graph, each seat's summary, and every
// decision with what it cost; a click on a decision shows its position with the move played and the best one.
import { api, el, plays, svg } from "./api.js";
import { has, number as formatted, t } from "./l10n.js";

/** The analyst's own words (its judge, units, what its effort means, its marks), said by the page's catalog when
 * it has them for this game, else as the server wrote them. */
function analystWords(kind, what, english, args) {
  const id = `review-${what}-${kind}`;
  return has(id) ? t(id, args) : english;
}

/** A mark's name ("blunder") in the page's language. */
function markName(mark) {
  return has(`review-mark-${mark}`) ? t(`review-mark-${mark}`) : mark;
}

const POLL_MS = 700;

/** The review section, made once at the end of the page's table. */
function section() {
  let box = document.getElementById("review");
  if (box) return box;
  box = el("section", { id: "review", class: "review", "aria-labelledby": "review-title" });
  box.append(
    el("h2", { id: "review-title" }, t("review-title")),
    el("p", { id: "review-status", class: "note", role: "status" }),
    el("div", { id: "review-graph" }),
    el("div", { id: "review-seats", class: "review-seats" }),
    el("div", { id: "review-shown", class: "review-shown", hidden: true }),
    el("table", { id: "review-moves", class: "review-moves" }),
  );
  document.getElementById("table").append(box);
  return box;
}

/** A value for the first player, whoever moved: results (0..1) mirror round ½, the others round 0. */
function forFirst(report, move) {
  const v = move.value;
  if (v === null || v === undefined) return null;
  const mover = report.seats.length > 1 && move.player !== firstPlayer(report) ? -1 : 1;
  if (report.units === "results") return mover === 1 ? v : 1 - v;
  return mover * v;
}

function firstPlayer(report) {
  return report.moves.length ? report.moves[0].player : null;
}

/** The evaluation graph: the value for the first player after each decision, marks as dots, 0 (or ½) as a line. */
function graph(report, choose) {
  const points = report.moves.map((m, i) => ({ i, v: forFirst(report, m), m })).filter((p) => p.v !== null);
  const box = document.getElementById("review-graph");
  if (points.length < 2) {
    box.replaceChildren();
    return;
  }
  // Centipawns are drawn as lichess draws them, by the chance of winning (−1 to 1), so that small edges show.
  if (report.units === "centipawns") for (const p of points) p.v = 2 / (1 + Math.exp(-0.00368208 * p.v)) - 1;
  const limit = { centipawns: 1, points: 2, results: 1 }[report.units] ?? Math.max(...points.map((p) => Math.abs(p.v)), 1);
  const low = report.units === "results" ? 0 : -limit;
  const high = limit;
  const W = 600, H = 140;
  const x = (i) => (i / Math.max(1, report.moves.length - 1)) * W;
  const y = (v) => H - ((Math.max(low, Math.min(high, v)) - low) / (high - low)) * H;
  const mid = report.units === "results" ? 0.5 : 0;
  const line = points.map((p) => `${x(p.i).toFixed(1)},${y(p.v).toFixed(1)}`).join(" ");
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-graph", role: "img",
    "aria-label": t("review-graph", { player: plays(firstPlayer(report)) }) });
  chart.append(
    svg("line", { x1: 0, x2: W, y1: y(mid), y2: y(mid), class: "axis" }),
    svg("polyline", { points: line, class: "curve" }),
  );
  for (const p of points) {
    if (!p.m.mark) continue;
    const dot = svg("circle", { cx: x(p.i), cy: y(p.v), r: 5, class: `dot ${p.m.mark}` });
    dot.append(svg("title", {}, `${p.m.ply}. ${p.m.played}: ${markName(p.m.mark)}`));
    dot.addEventListener("click", () => choose(p.i));
    chart.append(dot);
  }
  box.replaceChildren(chart);
}

function number(v, digits = 3) {
  return typeof v === "number" ? formatted(v, { minimumFractionDigits: digits, maximumFractionDigits: digits }) : "—";
}

/** A loss in the report's units, as precise as they are read: whole centipawns, thousandths of a point. */
function loss(report, v) {
  return number(v, { centipawns: 0, results: 1, points: 3 }[report.units] ?? 1);
}

function seats(report, state) {
  const box = document.getElementById("review-seats");
  const units = analystWords(report.kind, "units", report.units);
  box.replaceChildren(
    ...report.seats.map((s) => {
      const side = state.seats[s.seat]?.plays;
      const who = side ? plays(side) : t("review-seat", { n: s.seat + 1 });
      // The marks mildest first, as the analyst lists them.
      const marks = report.marks.map((name) => `${s.marks[name] ?? 0} ${markName(name)}`).join(", ");
      const figures = [
        t("review-decisions", { n: s.decisions }),
        t("review-lost", { loss: loss(report, s.loss_total), units }),
      ];
      if (typeof s.accuracy === "number") figures.push(t("review-accuracy", { accuracy: number(s.accuracy, 1) }));
      else figures.push(t("review-error-rate", { rate: number(s.error_rate, 1) }));
      if (typeof s.luck === "number") {
        figures.push(t("review-luck", { luck: formatted(s.luck, { minimumFractionDigits: 3, maximumFractionDigits: 3, signDisplay: "always" }) }));
      }
      const you = state.you === s.seat ? ` ${t("frame-clock-you")}` : "";
      return el("p", { class: "review-seat", "data-seat": String(s.seat) }, el("strong", {}, `${who}${you}: `),
        `${figures.join(" · ")}${marks ? ` · ${marks}` : ""}`);
    }),
  );
}

function moves(report, choose) {
  const table = document.getElementById("review-moves");
  const units = analystWords(report.kind, "units", report.units);
  const heads = ["", t("review-player"), t("review-played"), t("review-best"), t("review-loss", { units }), t("review-mark")];
  const head = el("tr", {}, ...heads.map((h) => el("th", {}, h)));
  const rows = report.moves.map((m, i) => {
    const row = el("tr", { class: `review-move${m.mark ? ` ${m.mark}` : ""}`, "data-index": String(i), tabindex: "0",
      onclick: () => choose(i) },
      el("td", {}, report.moves.some((o) => o.game > 1) ? `${m.game}.${m.ply}` : String(m.ply)),
      el("td", {}, plays(m.player)),
      el("td", {}, m.played || t("review-pass")),
      el("td", {}, m.best === null ? t("review-beyond") : m.best === m.played ? "=" : m.best),
      el("td", {}, m.loss === null ? "—" : loss(report, m.loss)),
      el("td", { class: "mark" }, m.mark ? markName(m.mark) : ""));
    row.addEventListener("keydown", (e) => {
      if (e.key === "Enter") choose(i);
    });
    return row;
  });
  table.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

/**
 * Shows decision `i`: the page's own drawing when it has one (`preview(move, box)`, chess's board with the two
 * moves as arrows), else the position as the game writes it, with the move played and the best.
 */
function show(report, i, preview) {
  const m = report.moves[i];
  const box = document.getElementById("review-shown");
  box.hidden = false;
  for (const row of document.querySelectorAll("#review-moves tr.chosen")) row.classList.remove("chosen");
  document.querySelector(`#review-moves tr[data-index="${i}"]`)?.classList.add("chosen");
  const who = plays(m.player);
  const played = m.played || t("review-pass");
  const units = analystWords(report.kind, "units", report.units);
  let words;
  if (m.best === null) words = t("review-words-beyond", { who, played });
  else if (m.best === m.played) words = t("review-words-best", { who, played });
  else if (m.mark) words = t("review-words-marked", { who, played, best: m.best, loss: loss(report, m.loss), units, mark: markName(m.mark) });
  else words = t("review-words-worse", { who, played, best: m.best, loss: loss(report, m.loss), units });
  const drawing = el("div", { class: "review-position" });
  box.replaceChildren(el("p", { id: "review-words" }, words), drawing);
  if (!preview || !preview(m, drawing)) drawing.append(el("pre", {}, m.position));
}

/**
 * Reviews the game in `state` once it is over: asks for the analysis, follows it, and draws it. `preview`
 * (optional) draws a decision's position into a box and returns true.
 */
export function review(state, preview) {
  const over = state.status === "over";
  const box = document.getElementById("review");
  if (!over) {
    if (box) box.hidden = true;
    return;
  }
  const here = section();
  here.hidden = false;
  if (here.dataset.game === state.id) return;
  here.dataset.game = state.id;
  const status = document.getElementById("review-status");
  status.textContent = t("review-analysing");
  const ask = async () => {
    if (here.dataset.game !== state.id) return;
    let answer;
    try {
      answer = await api("GET", `/api/games/${encodeURIComponent(state.id)}/analysis`);
    } catch (e) {
      if (e.code === "too_many" || e.code === "busy") {
        status.textContent = t("review-again", { why: e.message });
        setTimeout(ask, 3000);
      } else {
        status.textContent = t(e.code === "bad_request" ? "review-none-for-game" : "review-none", { why: e.message });
      }
      return;
    }
    if (answer.status === "under_way") {
      status.textContent = t("review-progress", { done: answer.done, total: answer.total });
      setTimeout(ask, POLL_MS);
      return;
    }
    const choose = (i) => show(answer, i, preview);
    const means = analystWords(answer.kind, "means", answer.budget.means, { n: answer.budget.effort ?? 0 });
    const how = answer.budget.effort === null || has(`review-means-${answer.kind}`) ? means : `${answer.budget.effort} ${means}`;
    const judge = analystWords(answer.kind, "judge", answer.budget.judge);
    status.textContent = t("review-against", { judge, how });
    graph(answer, choose);
    seats(answer, state);
    moves(answer, choose);
  };
  ask();
}
