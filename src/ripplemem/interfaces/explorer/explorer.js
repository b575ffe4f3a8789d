// The recall explorer: reads the REST API of the server that serves it, with the key typed in.
// Three views, by the address's hash: #/recall, #/memory/<id>, #/timeline. No other origin is used.
"use strict";

const state = {
  key: sessionStorage.getItem("ripplemem.key") || "",
  user: sessionStorage.getItem("ripplemem.user") || "",
  who: null,
  recall: null, // the last recall: {form, evidence}
  timeline: null, // {memories, filters}
};

const KINDS = ["semantic", "structural", "window", "gateway", "supersedes", "consolidates"];
const PARTS = ["query", "route", "anchor", "floor"];

// -- small helpers --------------------------------------------------------------------------

function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  return fill(el, attrs, kids);
}

function s(tag, attrs, ...kids) {
  const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
  return fill(el, attrs, kids);
}

function fill(el, attrs, kids) {
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

const short = (id) => String(id).slice(0, 8);
const clip = (text, n) => (text.length > n ? text.slice(0, n - 1) + "…" : text);
const num = (x, d = 3) => Number(x).toFixed(d);
const memoryHref = (id) => `#/memory/${encodeURIComponent(id)}`;

function when(iso, withTime = false) {
  if (!iso) return "";
  const d = new Date(iso);
  const opts = { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" };
  if (withTime) Object.assign(opts, { hour: "2-digit", minute: "2-digit" });
  return d.toLocaleString("en-GB", opts);
}

function memoryLink(id, text, cls = "mem") {
  return h("a", { class: cls, href: memoryHref(id), "data-memory-id": id, title: text ? `${text}\n${id}` : id },
    text === undefined ? short(id) : text);
}

function chip(text, cls = "") {
  return h("span", { class: `chip ${cls}` }, text);
}

function section(title, note, ...kids) {
  return h("section", { class: "panel" }, h("h3", {}, title, note ? h("small", {}, note) : null), kids);
}

function notice(text) {
  const el = document.getElementById("notice");
  el.hidden = !text;
  el.textContent = text || "";
}

// -- the API ----------------------------------------------------------------------------------

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function api(method, path, body) {
  const url = new URL(path, location.origin);
  const admin = state.who && state.who.admin;
  if (admin && !body) url.searchParams.set("user_id", state.user);
  const headers = { Authorization: `Bearer ${state.key}` };
  if (body) {
    headers["Content-Type"] = "application/json";
    if (admin) body = { ...body, user_id: state.user };
  }
  const response = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(response.status, err.code || "http_error", err.message || response.statusText);
  }
  return data;
}

// -- signing in ---------------------------------------------------------------------------------

async function signIn() {
  const who = document.getElementById("who");
  const userBox = document.getElementById("user");
  state.who = null;
  if (!state.key) {
    who.textContent = "";
    return;
  }
  try {
    state.who = await api("GET", "/v1/whoami");
  } catch (err) {
    who.textContent = "";
    notice(err.code === "unauthorized" ? "That key is not valid here." : `Cannot check the key: ${err.message}`);
    return;
  }
  userBox.hidden = !state.who.admin;
  if (state.who.admin) {
    userBox.value = state.user;
    who.textContent = state.user ? `admin key · user ${state.user}` : "admin key: type a user id";
    if (!state.user) state.who = { ...state.who, pending: true };
  } else {
    state.user = state.who.user_id;
    who.textContent = `user ${state.who.user_id}`;
  }
  notice("");
}

async function onSignIn(event) {
  event.preventDefault();
  const key = document.getElementById("key").value.trim() || state.key;
  const user = document.getElementById("user").value.trim();
  if (key !== state.key) {
    state.user = "";
    state.recall = state.timeline = null;
  }
  state.key = key;
  if (user && user !== state.user) {
    state.user = user;
    state.recall = state.timeline = null;
  }
  sessionStorage.setItem("ripplemem.key", state.key);
  sessionStorage.setItem("ripplemem.user", state.user);
  document.getElementById("key").value = "";
  await signIn();
  route();
}

// -- routing ---------------------------------------------------------------------------------

async function route() {
  const [, name, arg] = location.hash.split("/");
  const view = name || "recall";
  for (const a of document.querySelectorAll("[data-nav]")) a.classList.toggle("on", a.dataset.nav === view);
  const main = document.getElementById("view");
  if (!state.who || state.who.pending) {
    main.replaceChildren(h("p", { class: "hint" }, state.who ? "Type the user id to explore, then Use key."
      : "Type an API key above: a user key shows that user's memories; the admin key asks which user."));
    return;
  }
  main.dataset.view = view;
  if (view === "memory") await memoryView(main, decodeURIComponent(arg || ""));
  else if (view === "timeline") await timelineView(main);
  else recallView(main);
}

// -- the recall view ----------------------------------------------------------------------------

function recallView(main) {
  const last = (state.recall && state.recall.form) || {};
  const form = h("form", { id: "recall-form", class: "ask", onsubmit: onRecall },
    h("input", { id: "question", name: "question", placeholder: "Ask what the agent would ask its memory",
      value: last.question || "", required: true, "aria-label": "question" }),
    h("label", {}, "as of ", h("input", { id: "as-of", name: "as_of", type: "date", value: last.as_of || "" })),
    h("label", {}, "budget ", h("input", { id: "budget", name: "budget", type: "number", min: 1, max: 100000,
      placeholder: "1500", value: last.budget || "" })),
    h("button", { type: "submit" }, "Recall"));
  const out = h("div", { id: "recall-out" });
  main.replaceChildren(form, out);
  if (state.recall && state.recall.evidence) drawRecall(out, state.recall.evidence);
}

async function onRecall(event) {
  event.preventDefault();
  const data = new FormData(event.target);
  const form = { question: data.get("question"), as_of: data.get("as_of"), budget: data.get("budget") };
  const body = { query: form.question, trace: true };
  if (form.as_of) body.as_of = form.as_of;
  if (form.budget) body.budget_tokens = Number(form.budget);
  const out = document.getElementById("recall-out");
  out.replaceChildren(h("p", { class: "hint" }, "Recalling…"));
  try {
    const evidence = await api("POST", "/v1/recall", body);
    state.recall = { form, evidence };
    drawRecall(out, evidence);
  } catch (err) {
    out.replaceChildren(h("p", { class: "error" }, `Recall failed: ${err.message}`));
  }
}

function drawRecall(out, ev) {
  const t = ev.trace;
  const kept = new Set(ev.items.map((i) => i.id));
  const text = (id) => (t.memories[id] ? t.memories[id].text : id);
  const summary = h("p", { class: "summary" },
    h("b", {}, `${ev.items.length} memories`), ` · ${ev.tokens} of ${ev.budget_tokens} tokens · `,
    `${t.not_included.length} not included · stop: ${t.stop_reason}`);
  out.replaceChildren(summary,
    h("div", { class: "columns" },
      h("div", { class: "col evidence" }, drawEvidence(ev, text)),
      h("div", { class: "col trace", id: "trace" }, drawCues(t.cues), drawViews(t, kept, text), drawRounds(t, text))),
    h("div", { class: "wide" }, drawDiffusion(t, kept, text), drawNotIncluded(t, text), drawScores(ev, t),
      drawTimings(t.timings_ms)));
}

function routeChip(route, text) { // "diffusion:semantic/structural>window<-<anchor id>", said for people
  const [how, via] = route.split("<-");
  const label = how.replace("diffusion:", "diffusion ").replace("/", ": ").replaceAll(">", " › ");
  return chip(via ? `${label} ← ${clip(text(via), 28)}` : label, "route");
}

function drawEvidence(ev, text) {
  const items = ev.items.map((item, n) => h("li", { class: "item", "data-memory-id": item.id, "data-rank": n + 1 },
    h("div", { class: "head" }, h("span", { class: "rank" }, n + 1), memoryLink(item.id, item.rendered, "mem text")),
    h("div", { class: "meta" }, chip(`score ${num(item.score)}`, "score"), chip(item.layer, `layer ${item.layer}`),
      item.anchor ? chip("anchor", "anchor") : null, item.routes.map((r) => routeChip(r, text))),
    h("ul", { class: "turns" }, item.sources.map((sid) => turnRow(sid, item.source_turns[sid])))));
  return section("Evidence", "in assembly order, with the turns each memory came from",
    items.length ? h("ol", { class: "items" }, items) : h("p", { class: "hint" }, "Nothing recalled."));
}

function turnRow(sid, turn) {
  if (!turn) return h("li", { class: "turn missing", "data-turn-id": sid }, h("code", {}, sid), " (not in the log)");
  return h("li", { class: "turn", "data-turn-id": sid, title: "click to show it all",
    onclick: (e) => e.currentTarget.classList.toggle("open") }, h("code", {}, sid),
  h("span", { class: "when" }, when(turn.time, true)), h("b", {}, turn.speaker), " ", turn.text);
}

function drawCues(c) {
  const any = c.participants.length || c.places.length || c.time || c.keywords.length;
  return section("Cues", "what the question names", h("div", { class: "chips" },
    c.participants.map((p) => chip(p, "person")), c.places.map((p) => chip(p, "place")),
    c.time ? chip(c.time, "time") : null, c.keywords.map((k) => chip(k, "word")),
    any ? null : h("span", { class: "hint" }, "none")));
}

function drawViews(t, kept, text) {
  const views = Object.entries(t.initial).map(([view, hits]) => h("div", { class: "view", "data-view": view },
    h("h4", {}, view, h("small", {}, ` ${hits.length} found`)),
    hits.length ? null : h("p", { class: "hint" }, "nothing: the question names no person, place or time it holds"),
    h("ol", {}, hits.slice(0, 6).map((hit) => h("li", { class: kept.has(hit.id) ? "kept" : "cut" },
      h("span", { class: "bar" }, h("i", { "data-w": hit.score })),
      memoryLink(hit.id, clip(text(hit.id), 60)))),
    hits.length > 6 ? h("li", { class: "more" }, `+ ${hits.length - 6} more`) : null)));
  return section("Three views", "each view's best hits (bar: the view's score); green ones made the evidence", h("div", { class: "views" }, views));
}

function drawRounds(t, text) {
  if (!t.plans.length) return section("Rounds", null, h("p", { class: "hint" }, "No plan: diffusion is off."));
  const rounds = t.plans.map((p, n) => {
    const found = t.rounds[n] || [];
    return h("div", { class: `round ${p.proceed ? "go" : "stop"}`, "data-round": n + 1 },
      h("div", { class: "rhead" }, h("b", {}, `Round ${n + 1}`), chip(p.planner + (p.fallback ? " (fallback)" : ""), "planner"),
        p.proceed ? null : h("span", { class: "reason" }, p.reason)),
      p.proceed ? h("div", { class: "flow" },
        h("div", { class: "step" }, h("small", {}, "anchors"), p.anchors.map((a) => memoryLink(a, clip(text(a), 48), "mem pill anchor"))),
        h("div", { class: "arrow" }, "→"),
        h("div", { class: "step" }, h("small", {}, "target"), h("q", {}, p.target),
          p.gateways.length ? h("div", {}, h("small", {}, "gateways "), p.gateways.map((g) => chip(g, "gateway"))) : null),
        h("div", { class: "arrow" }, "→"),
        h("div", { class: "step" }, h("small", {}, `${found.length} new`), found.slice(0, 4).map((u) => memoryLink(u, clip(text(u), 40), "mem pill")),
          found.length > 4 ? h("small", {}, ` + ${found.length - 4} more`) : null)) : null,
      p.proceed && p.reason ? h("div", { class: "reason" }, p.reason) : null);
  });
  return section("Rounds", "the planner's anchors, target and gateways", rounds);
}

function shared(a, b) { // the people and places two memories both carry
  if (!a || !b) return [];
  const mine = new Set([...a.participants, ...a.places]);
  return [...b.participants, ...b.places].filter((x) => mine.has(x));
}

function edgeLabel(t, hit) {
  let label = hit.edges.join(" › ") || hit.route.replace("diffusion:", "");
  if (hit.cue) label += ` “${hit.cue}”`;
  else if (hit.edges.includes("structural")) {
    const both = shared(t.memories[hit.via], t.memories[hit.id]);
    if (both.length) label += ` “${both.slice(0, 2).join(", ")}”`;
  }
  return label;
}

function drawDiffusion(t, kept, text) {
  const hits = t.diffusion.filter((d) => d.via);
  if (!hits.length) return section("Diffusion", null, h("p", { class: "hint" }, "Nothing reached beyond the views."));
  const depth = new Map();
  for (const p of t.plans.slice(0, 1)) for (const a of p.anchors) depth.set(a, 0);
  const links = new Map(); // "via>id" -> {via, id, labels, kind}
  for (const d of hits) {
    if (!depth.has(d.via)) depth.set(d.via, 0);
    if (!depth.has(d.id)) depth.set(d.id, depth.get(d.via) + 1);
    const key = `${d.via}>${d.id}`;
    const link = links.get(key) || { via: d.via, id: d.id, labels: new Set(), kind: d.edges[0] || "semantic" };
    link.labels.add(edgeLabel(t, d));
    links.set(key, link);
  }
  const columns = [];
  for (const [id, col] of depth) (columns[col] = columns[col] || []).push(id);
  const CAP = 12, hidden = [];
  columns.forEach((ids, col) => {
    const order = col === 0 ? ids : [...ids.filter((i) => kept.has(i)), ...ids.filter((i) => !kept.has(i))];
    columns[col] = order.slice(0, CAP);
    hidden[col] = order.length - columns[col].length;
  });
  const heads = columns.map((_, col) => (col === 0 ? "anchors" : `reached (hop ${col})`)
    + (hidden[col] ? ` · ${hidden[col]} more not drawn` : ""));
  const graph = columnGraph(columns, heads, [...links.values()], text,
    (id) => `${kept.has(id) ? "kept" : "cut"} ${depth.get(id) === 0 ? "anchor" : ""}`, { label: "diffusion paths from the anchors" });
  const legend = h("div", { class: "legend" }, KINDS.map((k) => h("span", { class: `key ${k}` }, k)),
    h("span", { class: "key node-kept" }, "in the evidence"), h("span", { class: "key node-cut" }, "not kept"));
  return section("Diffusion", "paths from the anchors to what they reached, edges by kind",
    h("div", { class: "graphwrap" }, graph), legend);
}

// Memories in columns (left to right), links drawn as curves from one column to a later one,
// labelled at the end that reaches the memory; every node links to its memory view.
function columnGraph(columns, heads, links, text, nodeClass, { W = 280, GAP = 240, label = "" } = {}) {
  const ROW = 40, NODE = 30;
  const rows = Math.max(...columns.map((c) => c.length));
  const width = columns.length * W + (columns.length - 1) * GAP + 20, height = rows * ROW + 40;
  const pos = new Map();
  columns.forEach((ids, col) => ids.forEach((id, row) =>
    pos.set(id, [10 + col * (W + GAP), 30 + ((rows - ids.length) * ROW) / 2 + row * ROW])));
  const graph = s("svg", { class: "graph", viewBox: `0 0 ${width} ${height}`, width, height, role: "img", "aria-label": label });
  heads.forEach((head, col) => graph.append(s("text", { x: 10 + col * (W + GAP), y: 16, class: "colhead" }, head)));
  const drawn = links.filter((l) => pos.has(l.via) && pos.has(l.id));
  for (const link of drawn) {
    const [x1, y1] = pos.get(link.via), [x2, y2] = pos.get(link.id);
    const ax = x1 + W, ay = y1 + NODE / 2, bx = x2, by = y2 + NODE / 2, mx = (ax + bx) / 2;
    graph.append(s("path", { class: `edge ${link.kind}`, d: `M${ax},${ay} C${mx},${ay} ${mx},${by} ${bx - 4},${by}`,
      "data-edge": `${link.via}>${link.id}` }, s("title", {}, [...link.labels].join("; "))));
  }
  for (const link of drawn) { // labels last, over the curves
    const [x2, y2] = pos.get(link.id);
    graph.append(s("text", { x: x2 - 8, y: y2 + NODE / 2 + 4, class: `elabel ${link.kind}`, "text-anchor": "end" },
      clip([...link.labels].join("; "), Math.floor(GAP / 6.8))));
  }
  for (const [id, [x, y]] of pos) {
    graph.append(s("a", { href: memoryHref(id), class: `node ${nodeClass(id)}`, "data-memory-id": id },
      s("title", {}, `${text(id)}\n${id}`), s("rect", { x, y, width: W, height: NODE, rx: 6 }),
      s("text", { x: x + 8, y: y + 19 }, clip(text(id), Math.floor(W / 7.2)))));
  }
  return graph;
}

function drawScores(ev, t) {
  const rows = ev.items.map((item, n) => {
    const parts = t.score_parts[item.id] || {};
    const penalty = parts.penalty === undefined ? 1 : parts.penalty;
    const bar = h("div", { class: "stack" }, PARTS.map((p) => {
      const v = p === "floor" ? parts[p] || 0 : (parts[p] || 0) * penalty;
      return v > 0 ? h("i", { class: `part ${p}`, "data-w": v, title: `${p} ${num(v)}` }) : null;
    }));
    return h("div", { class: "srow", "data-memory-id": item.id },
      h("span", { class: "rank" }, n + 1), bar,
      h("span", { class: "nums" }, PARTS.map((p) => `${p} ${num(parts[p] || 0, 2)}`).join(" · "),
        penalty < 1 ? ` · ×${num(penalty, 2)}` : "", h("b", {}, ` = ${num(item.score)}`)),
      h("span", { class: "stext" }, clip(item.text, 70)));
  });
  const legend = h("div", { class: "legend" }, PARTS.map((p) => h("span", { class: `key part-${p}` }, p)));
  return section("Score parts", "query alignment, route strength, anchor, and the spreading floor", legend, rows);
}

function drawNotIncluded(t, text) {
  const cut = t.not_included;
  const cards = cut.slice(0, 24).map((id) => h("a", { class: "cutcard", href: memoryHref(id), "data-memory-id": id },
    h("b", {}, num(t.scores[id] || 0)), " ", clip(text(id), 80)));
  return h("section", { class: "panel notincluded", id: "not-included" },
    h("h3", {}, `Not included (${cut.length})`, h("small", {}, "ranked, but the budget or k cut them off")),
    cut.length ? h("div", { class: "strip" }, cards, cut.length > 24 ? h("span", { class: "more" }, `+ ${cut.length - 24} more`) : null)
      : h("p", { class: "hint" }, "Everything found fit the budget."));
}

function drawTimings(timings) {
  const entries = Object.entries(timings);
  const total = entries.reduce((a, [, v]) => a + v, 0) || 1;
  const bar = h("div", { class: "timebar" }, entries.map(([stage, ms], n) =>
    h("i", { class: `stage s${n % 4}`, "data-w": ms / total, title: `${stage} ${ms.toFixed(1)} ms` })));
  const labels = h("div", { class: "timelabels" }, entries.map(([stage, ms], n) =>
    h("span", { class: `stage-label s${n % 4}`, "data-stage": stage }, `${stage} ${ms.toFixed(1)} ms`)),
    h("b", {}, `total ${total.toFixed(1)} ms`));
  return section("Stage timings", null, bar, labels);
}

// widths from data-w (0..1 of the row), set as style properties (the page's policy allows no inline styles)
function applyWidths(root) {
  for (const el of root.querySelectorAll("[data-w]")) el.style.width = `${Math.max(0, Math.min(1, Number(el.dataset.w))) * 100}%`;
}

// -- the memory view ------------------------------------------------------------------------------

async function memoryView(main, id) {
  main.replaceChildren(h("p", { class: "hint" }, "Loading…"));
  let unit, history, sources, neighbours;
  try {
    const path = `/v1/memories/${encodeURIComponent(id)}`;
    [unit, history, sources, neighbours] = await Promise.all([
      api("GET", path), api("GET", `${path}/history`), api("GET", `${path}/sources`), api("GET", `${path}/neighbours`)]);
  } catch (err) {
    main.replaceChildren(err.status === 404 ? h("div", { class: "panel notfound", id: "not-found" },
      h("h2", {}, "Memory not found"), h("p", {}, "No memory ", h("code", {}, id), ` for user ${state.user}.`))
      : h("p", { class: "error" }, `Cannot read the memory: ${err.message}`));
    return;
  }
  const valid = unit.current ? "current" : "no longer current";
  const facts = [["layer", unit.layer], ["tier", unit.tier], ["importance", num(unit.importance, 2)],
    ["validity", `${when(unit.valid_from) || "—"} → ${unit.valid_to ? when(unit.valid_to) : "now"}`],
    ["said", when(unit.mentioned_at)], ["session", unit.session_id],
    ["happened", unit.time ? `${when(unit.time[0])} – ${when(unit.time[1])}` : "undated"],
    ["people", unit.participants.join(", ") || "—"], ["places", unit.places.join(", ") || "—"], ["id", unit.id]];
  main.replaceChildren(
    h("div", { class: "panel memory", id: "memory", "data-memory-id": unit.id },
      h("a", { class: "back", href: "#", onclick: (e) => { e.preventDefault(); goBack(); } }, "← back"),
      h("h2", {}, unit.text),
      h("div", { class: "chips" }, chip(unit.layer, `layer ${unit.layer}`), chip(valid, unit.current ? "current" : "old")),
      h("dl", { class: "facts" }, facts.map(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])),
      unit.facts.length ? h("div", { class: "factlist" }, h("small", {}, "facts "), unit.facts.map((f) => chip(f, "fact"))) : null),
    h("div", { class: "columns" },
      h("div", { class: "col" },
        section("Sources", "the turns it was extracted from", h("ul", { class: "turns" }, sources.map((t) => turnRow(t.id, t)))),
        section("History", "oldest first", drawHistory(history))),
      h("div", { class: "col" }, section("Neighbourhood", `${neighbours.length} edges leaving it`, drawNeighbours(unit, neighbours)))));
}

function goBack() {
  if (window.history.length > 1) window.history.back();
  else location.hash = "#/recall";
}

function drawHistory(entries) {
  return h("ol", { class: "history" }, entries.map((e) => h("li", { class: `event ${e.event.toLowerCase()}` },
    chip(e.event, "event"), h("span", { class: "when" }, when(e.at, true)),
    e.old_text && e.new_text && e.old_text !== e.new_text
      ? h("div", { class: "change" }, h("del", {}, e.old_text), " → ", h("ins", {}, e.new_text))
      : h("div", {}, e.new_text || e.old_text || ""),
    e.detail ? h("div", { class: "detail" }, e.detail) : null)));
}

function drawNeighbours(unit, neighbours) {
  if (!neighbours.length) return h("p", { class: "hint" }, "No edges.");
  const texts = new Map([[unit.id, unit.text], ...neighbours.map((n) => [n.memory.id, n.memory.text])]);
  const links = new Map();
  for (const n of neighbours) {
    const link = links.get(n.memory.id) || { via: unit.id, id: n.memory.id, labels: new Set(), kind: n.kind };
    const both = n.kind === "structural" ? shared(unit, n.memory) : [];
    link.labels.add(`${n.kind} ${num(n.weight, 2)}${both.length ? ` “${both.slice(0, 2).join(", ")}”` : ""}`);
    links.set(n.memory.id, link);
  }
  const shown = [...links.keys()].slice(0, 16);
  const graph = columnGraph([[unit.id], shown], ["this memory", `its neighbours${links.size > 16 ? ` (16 of ${links.size})` : ""}`],
    [...links.values()], (id) => texts.get(id), (id) => (id === unit.id ? "kept anchor" : "cut"),
    { W: 270, GAP: 190, label: "the memory's neighbourhood" });
  const list = h("ul", { class: "nlist" }, neighbours.map((n) => h("li", {}, chip(`${n.kind} ${num(n.weight, 2)}`, `ekind ${n.kind}`),
    memoryLink(n.memory.id, n.memory.rendered, "mem"))));
  const legend = h("div", { class: "legend" }, KINDS.filter((k) => k !== "gateway").map((k) => h("span", { class: `key ${k}` }, k)));
  return [h("div", { class: "graphwrap" }, graph), legend, list];
}

// -- the timeline view ----------------------------------------------------------------------------

async function loadAll() {
  const all = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await api("GET", `/v1/memories?limit=1000&offset=${offset}`);
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

function sourceOrder(u) { // "D12:7" -> [12, 7], so turns sort as the conversation went
  const m = /(\d+)\D+(\d+)/.exec(u.sources[0] || "");
  return m ? Number(m[1]) * 1e6 + Number(m[2]) : 0;
}

async function timelineView(main) {
  if (!state.timeline) {
    main.replaceChildren(h("p", { class: "hint" }, "Loading the memories…"));
    try {
      const memories = await loadAll();
      const at = (u) => Date.parse(u.mentioned_at || (u.time && u.time[0]) || u.created_at || 0);
      memories.sort((a, b) => at(a) - at(b) || sourceOrder(a) - sourceOrder(b));
      state.timeline = { memories, filters: { text: "", layer: "", person: "", current: false, by: "session" } };
    } catch (err) {
      main.replaceChildren(h("p", { class: "error" }, `Cannot list the memories: ${err.message}`));
      return;
    }
  }
  const { memories, filters } = state.timeline;
  const people = [...new Set(memories.flatMap((u) => u.participants))].sort();
  const control = (el, key, read = (e) => e.target.value) => {
    el.addEventListener("input", (e) => { filters[key] = read(e); drawTimeline(out); });
    return el;
  };
  const options = (values, current, all) => [h("option", { value: "" }, all),
    values.map((v) => h("option", { value: v, selected: v === current }, v))];
  const bar = h("div", { class: "ask filters" },
    control(h("input", { id: "tl-search", type: "search", placeholder: "search text, people, places", value: filters.text }), "text"),
    control(h("select", { id: "tl-layer", "aria-label": "layer" }, options(["core", "episodic", "semantic"], filters.layer, "every layer")), "layer"),
    control(h("select", { id: "tl-person", "aria-label": "person" }, options(people, filters.person, "everyone")), "person"),
    h("label", {}, control(h("input", { id: "tl-current", type: "checkbox", checked: filters.current }), "current", (e) => e.target.checked), " current only"),
    control(h("select", { id: "tl-by", "aria-label": "group by" }, ["session", "day"].map((v) => h("option", { value: v, selected: v === filters.by }, `by ${v}`))), "by"));
  const out = h("div", { id: "timeline-out" });
  main.replaceChildren(bar, out);
  drawTimeline(out);
}

function matches(u, f) {
  if (f.layer && u.layer !== f.layer) return false;
  if (f.person && !u.participants.includes(f.person)) return false;
  if (f.current && !u.current) return false;
  if (!f.text) return true;
  const hay = [u.text, ...u.participants, ...u.places].join(" ").toLowerCase();
  return f.text.toLowerCase().split(/\s+/).filter(Boolean).every((w) => hay.includes(w));
}

function marked(text, query) {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return text;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})`, "ig");
  return text.split(pattern).map((piece, i) => (i % 2 ? h("mark", {}, piece) : piece));
}

function groupOf(u, by) {
  return by === "day" ? (u.mentioned_at || "").slice(0, 10) || "undated" : u.session_id;
}

function drawTimeline(out) {
  const { memories, filters } = state.timeline;
  const all = new Map(), groups = new Map();
  for (const u of memories) {
    const key = groupOf(u, filters.by);
    all.set(key, (all.get(key) || 0) + 1);
    if (matches(u, filters)) {
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(u);
    }
  }
  const shown = [...groups.values()].reduce((n, g) => n + g.length, 0);
  const most = Math.max(1, ...all.values());
  const plural = (n) => `${n} ${n === 1 ? "memory" : "memories"}`;
  const label = (key) => (filters.by === "day" ? key.slice(2) : key.replace(/^session_/, "s"));
  const strip = h("div", { class: "density", "aria-label": "memories per group: all, and those shown" }, [...all].map(([key, n]) =>
    h("a", { href: "#/timeline", class: `dbar ${groups.has(key) ? "" : "none"}`, title: `${key}: ${(groups.get(key) || []).length} shown of ${n}`,
      onclick: (e) => { e.preventDefault(); const g = document.querySelector(`[data-group="${key}"]`); if (g) g.scrollIntoView(); } },
    h("span", { class: "col" }, h("i", { class: "all", "data-h": n / most }), h("i", { class: "hit", "data-h": (groups.get(key) || []).length / most })),
    h("small", {}, label(key)))));
  const blocks = [...groups].map(([key, us]) => h("section", { class: "panel group", "data-group": key },
    h("h3", {}, h("span", { class: "gname" }, filters.by === "day" ? when(key) || key : key.replace("_", " ")),
      h("small", {}, `${filters.by === "session" && us[0].mentioned_at ? when(us[0].mentioned_at) + " · " : ""}${plural(us.length)}`)),
    h("ul", { class: "tl" }, us.map((u) => h("li", { class: u.current ? "" : "old", "data-memory-id": u.id },
      h("span", { class: "when" }, u.time ? when(u.time[0]) : ""),
      h("a", { class: "mem text", href: memoryHref(u.id), title: u.id }, marked(u.text, filters.text)),
      chip(u.layer, `layer ${u.layer}`), u.current ? null : chip("no longer current", "old"))))));
  out.replaceChildren(h("p", { class: "summary", id: "tl-count" }, h("b", {}, `${shown} of ${plural(memories.length)}`),
    ` in ${groups.size} of ${all.size} ${filters.by === "day" ? "days" : "sessions"}`), strip, ...blocks);
  for (const el of out.querySelectorAll("[data-h]")) el.style.height = `${Number(el.dataset.h) * 100}%`;
}

// -- start -------------------------------------------------------------------------------------

new MutationObserver((changes) => {
  for (const c of changes) for (const n of c.addedNodes) if (n.nodeType === 1) applyWidths(n.parentNode || n);
}).observe(document.getElementById("view"), { childList: true, subtree: true });
document.getElementById("signin").addEventListener("submit", onSignIn);
window.addEventListener("hashchange", route);
signIn().then(route);
