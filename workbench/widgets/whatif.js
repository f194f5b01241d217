// WhatIf view: the stat picker, controls, and the chart and table Python renders. No analysis
// happens here; the search and the picker's choices are answered by WhatIfSession.

function render({ model, el }) {
  // A refused request (a bad range, say) needs no handling here: Python shows why in status.
  const { request, close } = requests(model);
  const root = h("div", { className: "wb-widget wb-whatif" });
  el.append(root);
  let searchTimer = null;

  // The controls are made once and updated in place. A run redraws the rest several times a
  // second as points arrive; a button made afresh in the middle of a click loses the click
  // (the browser drops a click whose press and release land on different nodes), so Stop
  // would sometimes do nothing.
  //
  // A box's value goes to Python as a request, not as a synced trait: ipywidgets holds back a
  // trait's update while an earlier one is unanswered, and a request does not wait, so Run
  // could start with the games per point typed a moment before still on its way. Requests
  // arrive in the order sent. A refused value (not a whole number, say) is put back.
  const boxes = {};
  const num = (name, label, width) => h("label", {}, `${label} `, boxes[name] = h("input", {
    type: "number", className: `wb-${name}`, value: model.get(name), "data-focus-id": name,
    style: `width: ${width}em`,
    onchange: (e) => request({ type: "set", name, value: e.target.value }).then((reply) => {
      if (!reply.ok) e.target.value = model.get(name);
    }) }));
  const label = h("b", { className: "wb-label" });
  const runButton = h("button", { className: "wb-run", onclick: () => request({ type: "run" }) }, "Run");
  const stopButton = h("button", { className: "wb-stop", onclick: () => request({ type: "stop" }) },
    "Stop");
  const controls = h("div", { className: "wb-controls wb-whatif-range" },
    h("span", {}, "Sweep ", label),
    num("start", "from", 4.5), num("stop_value", "to", 4.5), num("step", "step", 3.5),
    num("games", "games per point", 5.5), runButton, stopButton);
  const pickerBox = h("div", {});
  const status = h("div", { className: "wb-status", role: "status" });
  const chart = h("div", { className: "wb-svg wb-whatif-chart" });
  // Which path played the games: the compiled kernel, or the rules engine and why.
  const path = h("div", { className: "wb-path" });
  const tableBox = h("div", {});
  root.append(pickerBox, controls, status, chart, path, tableBox);
  let shownSvg = null;

  function picker() {
    const [table, card, column] = splitKey(model.get("key"));
    const groups = model.get("groups");
    const group = groups.find((g) => g.table === table) || groups[0];
    const cardGroup = group.cards.find((c) => c.card === card) || group.cards[0];
    const select = (cls, label, options, chosen, send) => h("label", {}, `${label} `,
      h("select", { className: cls, onchange: (e) => request({ type: "pick", [send]: e.target.value }) },
        options.map(([value, text]) => h("option", { value, selected: value === chosen }, text))));
    const search = h("input", { type: "search", className: "wb-search", "data-focus-id": "search",
      placeholder: "Find a stat: brutes health", value: (model.get("matches") || {}).text || "",
      oninput: (e) => {
        clearTimeout(searchTimer);
        searchTimer = setTimeout(() => request({ type: "search", text: e.target.value }), 200);
      } });
    return h("div", { className: "wb-whatif-picker" },
      search,
      select("wb-pick-table", "Table", groups.map((g) => [g.table, g.table]), group.table, "table"),
      select("wb-pick-card", "Card", group.cards.map((c) => [c.card, c.card]), cardGroup.card, "card"),
      select("wb-pick-column", "Stat", cardGroup.stats.map((s) => [s.column, `${s.column} (now ${s.value})`]),
        column, "column"));
  }

  function matches() {
    const m = model.get("matches") || {};
    if (!m.text) return null;
    if (!m.total) return h("div", { className: "wb-matches wb-none" }, `No stat matches "${m.text}".`);
    return h("div", { className: "wb-matches" },
      m.matches.map((x) => h("button", { className: "wb-match", "data-key": x.key,
        onclick: () => request({ type: "pick", key: x.key }) }, x.label)),
      m.total > m.matches.length ? h("span", { className: "wb-more" },
        ` and ${m.total - m.matches.length} more: type more words.`) : null);
  }

  function table() {
    const t = model.get("table") || {};
    if (!t.columns || !t.columns.length) return null;
    return h("table", { className: "wb-results" },
      h("thead", {}, h("tr", {}, t.columns.map((c) => h("th", {}, c)))),
      h("tbody", {}, t.rows.map((r) => h("tr", {}, r.map((v) => h("td", {}, String(v)))))));
  }

  function draw() {
    const running = model.get("running");
    // Redrawing must not take the caret away from someone typing in a box.
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusId = active && active.dataset ? active.dataset.focusId : null;
    const caret = focusId === "search" ? [active.value, active.selectionStart] : null;
    pickerBox.replaceChildren(...[picker(), matches()].filter(Boolean));
    label.textContent = model.get("label");
    for (const [name, box] of Object.entries(boxes)) {
      if (box !== active && Number(box.value) !== model.get(name)) box.value = model.get(name);
    }
    runButton.disabled = running;
    stopButton.disabled = !running;
    status.textContent = model.get("status");
    if (model.get("svg") !== shownSvg) {
      shownSvg = model.get("svg");
      chart.innerHTML = shownSvg;
    }
    const played = model.get("path") || {};
    path.textContent = played.text || "";
    path.classList.toggle("wb-aside", Boolean(played.aside));
    tableBox.replaceChildren(...[table()].filter(Boolean));
    if (focusId === "search") {
      const again = root.querySelector(`[data-focus-id="${focusId}"]`);
      if (again) {
        again.value = caret[0];
        again.focus();
        again.setSelectionRange(caret[1], caret[1]);
      }
    }
  }

  const names = ["groups", "key", "label", "matches", "start", "stop_value", "step", "games",
    "svg", "table", "status", "path", "running"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => { for (const name of names) model.off(`change:${name}`, draw); close(); };
}

// "enemies.Brutes.health" -> ["enemies", "Brutes", "health"]; a card name may hold dots.
function splitKey(key) {
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  return [key.slice(0, first), key.slice(first + 1, last), key.slice(last + 1)];
}

export default { render };
