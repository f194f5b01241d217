// StepThrough view: draws Stepper.view() and forwards clicks to Python as requests.
// No game logic here: every decision is made in Python, which replies and re-sends the view.

function pct(p) {
  if (p === null || p === undefined) return "";
  const v = p * 100;
  return v >= 1 || v === 0 ? `${v.toFixed(0)}%` : `${v.toPrecision(2)}%`;
}

function statLine(stat) {
  const max = stat.max !== undefined ? `/${stat.max}` : "";
  return h("span", { className: "wb-stat" }, h("b", {}, stat.label), ` ${stat.value}${max}`);
}

function card(c) {
  const cls = ["wb-card", `wb-kind-${c.kind || "card"}`];
  if (c.highlight) cls.push("wb-highlight");
  if (c.dim) cls.push("wb-dim");
  if (c.hidden) cls.push("wb-facedown");
  return h("div", { className: cls.join(" "), "data-name": c.name },
    h("div", { className: "wb-card-name" }, c.hidden ? "?" : c.name),
    c.subtitle ? h("div", { className: "wb-card-sub" }, c.subtitle) : null,
    (c.stats || []).length ? h("div", { className: "wb-card-stats" }, c.stats.map(statLine)) : null,
    c.text ? h("div", { className: "wb-card-text" }, c.text) : null,
    (c.tags || []).length ? h("div", { className: "wb-tags" },
      c.tags.map((t) => h("span", { className: "wb-tag" }, t))) : null);
}

// A click on a highlighted square plays the legal action that ends there; when several do
// (two pieces reach it), their labels are offered as buttons under the board.
function boardSvg(b, act) {
  const choices = h("div", { className: "wb-square-choices" });
  const svg = h("div", { className: "wb-svg", html: b.svg, onclick: (e) => {
    const target = e.target.closest(".wb-target");
    const labels = target ? (b.targets || {})[target.dataset.square] || [] : [];
    choices.replaceChildren();
    if (labels.length === 1) act({ type: "step", label: labels[0] });
    else labels.forEach((label) => choices.append(h("button", {
      className: "wb-action", onclick: () => act({ type: "step", label }) }, label)));
  } });
  return [svg, choices];
}

function board(b, act) {
  return h("div", { className: "wb-board" },
    h("div", { className: "wb-board-head" },
      h("span", { className: "wb-board-title" }, b.title || ""),
      h("span", { className: "wb-board-sub" }, b.subtitle || "")),
    h("div", { className: "wb-trackers" }, (b.trackers || []).map(statLine)),
    b.svg ? boardSvg(b, act) : null,
    h("div", { className: "wb-zones" },
      (b.zones || []).map((z) => h("section", { className: "wb-zone" + (z.active ? " wb-active" : "") },
        h("div", { className: "wb-zone-title" }, z.title),
        h("div", { className: "wb-zone-cards" }, (z.cards || []).map(card))))));
}

function render({ model, el }) {
  const { request, close } = requests(model);
  let clickedAt = null;
  const root = h("div", { className: "wb-widget wb-step", tabindex: "0" });
  el.append(root);

  function showError(text) {
    const box = root.querySelector(".wb-error");
    if (box) { box.textContent = text; box.hidden = !text; }
  }

  async function act(content) {
    clickedAt = performance.now();
    const reply = await request(content);
    if (!reply.ok) showError(reply.error);
    return reply;
  }

  function controls(v) {
    const seedInput = h("input", { type: "number", className: "wb-seed", value: v.seed, title: "Seed" });
    const slider = h("input", {
      type: "range", className: "wb-timeline", min: 0, max: v.timeline, value: v.decisions,
      title: "Timeline: drag to any earlier decision, then play on to branch",
      onchange: (e) => act({ type: "goto", position: Number(e.target.value) }),
    });
    const viewSel = h("select", { className: "wb-view-seat", title: "Whose view of the table",
      onchange: (e) => act({ type: "view_seat", seat: e.target.value }) },
      h("option", { value: "follow", selected: v.follow }, "Seat to move"),
      v.seats.map((name, i) => h("option", { value: i, selected: !v.follow && v.viewing === i }, name)));
    const fileInput = h("input", { type: "file", accept: ".json,application/json", hidden: true,
      onchange: async (e) => {
        const f = e.target.files[0];
        if (f) act({ type: "load", text: await f.text() });
      } });
    return h("div", { className: "wb-controls" },
      h("button", { className: "wb-undo", title: "Undo (Ctrl+Z)", disabled: v.decisions === 0,
        onclick: () => act({ type: "undo" }) }, "↶ Undo"),
      h("button", { className: "wb-redo", title: "Redo (Ctrl+Y)", disabled: v.decisions >= v.timeline,
        onclick: () => act({ type: "redo" }) }, "↷ Redo"),
      slider,
      h("span", { className: "wb-position" }, `${v.decisions} / ${v.timeline}`),
      h("button", { className: "wb-bot-step", title: "A bot makes the next decision (N)", disabled: v.over,
        onclick: () => act({ type: "bot_step" }) }, "Bot step"),
      h("button", { className: "wb-to-my-turn", disabled: v.over,
        onclick: () => act({ type: "to_my_turn" }) }, "Play to my turn"),
      h("button", { className: "wb-to-end", disabled: v.over,
        onclick: () => act({ type: "to_end" }) }, "Play to end"),
      h("label", {}, "Seed ", seedInput),
      h("button", { className: "wb-restart",
        onclick: () => act({ type: "restart", seed: seedInput.value }) }, "Restart"),
      h("label", {}, "View ", viewSel),
      h("button", { className: "wb-save", onclick: async () => {
        const reply = await act({ type: "save" });
        if (!reply.ok) return;
        const blob = new Blob([reply.json], { type: "application/json" });
        const a = h("a", { href: URL.createObjectURL(blob), download: `${v.game}-seed${v.seed}.json` });
        document.body.append(a); a.click(); a.remove();
      } }, "Save"),
      h("button", { className: "wb-load", onclick: () => fileInput.click() }, "Load"),
      fileInput);
  }

  function bots(v) {
    return h("div", { className: "wb-bots" }, v.seats.map((name, i) =>
      h("label", {}, `${name}: `,
        h("select", { className: "wb-bot", "data-seat": i,
          onchange: (e) => act({ type: "set_bot", seat: i, bot: e.target.value }) },
          h("option", { value: "" }, "person"),
          v.bot_choices.map((b) => h("option", { value: b, selected: v.bots[String(i)] === b }, b))))));
  }

  function actions(v) {
    if (v.over) {
      const r = v.result || {};
      return h("div", { className: "wb-actions wb-over" }, `Game over: ${r.outcome || ""}`);
    }
    const groups = new Map();
    for (const a of v.actions) {
      if (!groups.has(a.kind)) groups.set(a.kind, []);
      groups.get(a.kind).push(a);
    }
    const typed = h("input", { className: "wb-typed", placeholder: "or type an action and press Enter" });
    typed.addEventListener("keydown", (e) => {
      if (e.key === "Enter") { e.stopPropagation(); act({ type: "step", label: typed.value }); }
    });
    const mover = v.to_move === null ? "" : v.seats[v.to_move];
    return h("div", { className: "wb-actions" },
      h("div", { className: "wb-mover" }, `${mover} to decide`),
      [...groups.entries()].map(([kind, list]) => h("div", { className: "wb-action-group" },
        h("div", { className: "wb-action-kind" }, kind),
        list.map((a) => a.legal
          ? h("button", { className: "wb-action", "data-label": a.label,
            onclick: () => act({ type: "step", label: a.label }) }, a.label)
          // A disabled button swallows clicks, so its wrapper shows the reason when clicked.
          : h("span", { className: "wb-illegal-wrap", title: a.reason || "",
            onclick: () => showError(`Not allowed: ${a.reason}`) },
            h("button", { className: "wb-action wb-illegal", disabled: true, "data-label": a.label,
              title: a.reason || "" }, a.label))))),
      typed);
  }

  function chance(v) {
    if (!v.recent_chance.length) return null;
    return h("div", { className: "wb-chance" }, v.recent_chance.map((c) =>
      h("div", { className: "wb-roll" },
        h("span", { className: "wb-roll-label" }, c.label), ": ",
        h("b", { className: "wb-roll-result" }, c.result),
        h("span", { className: "wb-roll-p", title: `exactly ${c.p}` }, ` (p ${pct(c.p_float)})`),
        c.odds.map((o) => h("span", { className: "wb-odds", title: `exactly ${o.p}` },
          ` · ${pct(o.p_float)} ${o.what}`)))));
  }

  function log(v) {
    const list = h("ol", { className: "wb-log", start: 0 }, v.log.map((e) =>
      h("li", { className: `wb-log-${e.kind}` + (e.bot ? " wb-log-bot" : "") }, e.text)));
    return list;
  }

  function rules(v) {
    return h("details", { className: "wb-rules" },
      h("summary", {}, `Rule variants (${v.rules.filter((r) => r.changed).length} changed)`),
      h("table", {}, v.rules.map((r) => h("tr", { className: r.changed ? "wb-changed" : "" },
        h("td", {}, r.key), h("td", {}, String(r.value))))));
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.seats) return;
    const logBox = root.querySelector(".wb-log");
    const stick = !logBox || logBox.scrollTop + logBox.clientHeight >= logBox.scrollHeight - 4;
    root.replaceChildren(
      h("div", { className: "wb-head" },
        h("b", {}, v.title), ` · seed ${v.seed} · cards v${v.cards_version}`,
        v.message ? h("span", { className: "wb-message" }, v.message) : null),
      h("div", { className: "wb-error", hidden: !v.error }, v.error),
      controls(v), bots(v),
      h("div", { className: "wb-main" },
        h("div", { className: "wb-left" }, board(v.board, act), chance(v), actions(v)),
        h("div", { className: "wb-right" }, log(v), rules(v))));
    const newLog = root.querySelector(".wb-log");
    if (stick && newLog) newLog.scrollTop = newLog.scrollHeight;
    if (clickedAt !== null) {
      // Click-to-view latency, read by the browser tests.
      root.dataset.lastLatencyMs = String(performance.now() - clickedAt);
      clickedAt = null;
    }
    root.dataset.decisions = String(v.decisions);
  }

  root.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); act({ type: "undo" }); }
    else if (ctrl && (e.key.toLowerCase() === "y" || (e.shiftKey && e.key.toLowerCase() === "z"))) {
      e.preventDefault(); act({ type: "redo" });
    } else if (!ctrl && e.key.toLowerCase() === "n") { e.preventDefault(); act({ type: "bot_step" }); }
  });

  model.on("change:view", draw);
  draw();
  return () => { model.off("change:view", draw); close(); };
}

export default { render };
