// WhatIf view: controls and the chart Python renders. No analysis happens here.

function render({ model, el }) {
  // A refused request (a bad range, say) needs no handling here: Python shows why in status.
  const { request, close } = requests(model);
  const root = h("div", { className: "wb-widget wb-step wb-whatif" });
  el.append(root);
  const num = (name, label) => h("label", {}, `${label} `, h("input", {
    type: "number", className: `wb-${name}`, value: model.get(name),
    onchange: (e) => { model.set(name, Number(e.target.value)); model.save_changes(); } }));

  function draw() {
    const running = model.get("running");
    root.replaceChildren(
      h("div", { className: "wb-controls" },
        h("label", {}, "Stat ", h("select", { className: "wb-key",
          onchange: (e) => request({ type: "pick", key: e.target.value }) },
          model.get("stats").map((s) => h("option", { value: s, selected: s === model.get("key") }, s)))),
        num("start", "from"), num("stop_value", "to"), num("step", "step"), num("games", "games/point"),
        h("button", { className: "wb-run", disabled: running, onclick: () => request({ type: "run" }) }, "Run"),
        h("button", { className: "wb-stop", disabled: !running, onclick: () => request({ type: "stop" }) }, "Stop")),
      h("div", { className: "wb-message wb-status" }, model.get("status")),
      h("div", { className: "wb-svg", html: model.get("svg") }),
      h("table", { className: "wb-results" }, model.get("table").map((r) =>
        h("tr", {}, Object.values(r).map((v) => h("td", {}, typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : String(v)))))));
  }
  const names = ["stats", "key", "start", "stop_value", "step", "games", "svg", "table", "status", "running"];
  for (const name of names) model.on(`change:${name}`, draw);
  draw();
  return () => { for (const name of names) model.off(`change:${name}`, draw); close(); };
}

export default { render };
