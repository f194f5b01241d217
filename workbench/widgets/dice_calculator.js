// DiceCalculator view: inputs send text to Python (debounced); Python sends results back.

function render({ model, el }) {
  const { request, close } = requests(model);
  const root = h("div", { className: "wb-widget wb-step wb-dice" });
  el.append(root);
  const timers = {};
  let focused = null;

  function download(name, content, format) {
    const bytes = format === "png" ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0)) : content;
    const type = { csv: "text/csv", svg: "image/svg+xml", png: "image/png" }[format];
    const a = h("a", { href: URL.createObjectURL(new Blob([bytes], { type })), download: name });
    document.body.append(a); a.click(); a.remove();
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.expressions) return;
    // What the person is typing now wins over the text of an older reply.
    const live = root.querySelector(".wb-dice-expr:focus");
    const liveValue = live ? live.value : null;
    const rows = v.expressions.map((text, i) => {
      const r = v.results[i] || {};
      const input = h("input", { className: "wb-dice-expr", value: text, "data-index": i,
        spellcheck: "false", placeholder: "e.g. 3d6 > 2d8 + 2" });
      input.addEventListener("input", () => {
        clearTimeout(timers[i]);
        // Debounced: a result for what was typed, not for every keystroke.
        timers[i] = setTimeout(() => request({ type: "set", index: i, text: input.value }), 250);
      });
      input.addEventListener("focus", () => { focused = i; });
      let summary;
      if (r.error) summary = h("pre", { className: "wb-error wb-dice-error" }, r.error);
      else if (r.probability !== undefined && r.probability !== null)
        summary = h("span", { className: "wb-dice-summary" },
          h("b", { className: "wb-dice-p" }, `P = ${r.probability}`), ` ≈ ${(r.probability_float * 100).toFixed(2)}%`);
      else summary = h("span", { className: "wb-dice-summary" },
        h("b", { className: "wb-dice-mean" }, `mean ${r.mean_exact}`),
        ` ≈ ${Number(r.mean).toFixed(3)}, sd ${Number(r.sd).toFixed(3)}, range ${r.low}–${r.high}`);
      return h("div", { className: "wb-dice-row" }, input,
        v.expressions.length > 1 ? h("button", { onclick: () => request({ type: "remove", index: i }) }, "×") : null,
        summary);
    });
    const modes = ["normal", "at_least", "at_most"].map((m) =>
      h("label", {}, h("input", { type: "radio", name: `mode-${model.cid || "x"}`, value: m, checked: v.mode === m,
        onchange: () => request({ type: "mode", mode: m }) }), m.replace("_", " ")));
    const table = h("table", { className: "wb-dice-table" },
      h("tr", {}, ["expr", "outcome", "p", "p ≥", "p ≤"].map((c) => h("th", {}, c))),
      v.table.map((row) => h("tr", {}, h("td", {}, row.expr), h("td", {}, row.outcome),
        ["p", "p_at_least", "p_at_most"].map((c) => h("td", {}, Number(row[c]).toFixed(4))))));
    root.replaceChildren(
      h("div", { className: "wb-dice-exprs" }, rows),
      h("div", { className: "wb-controls" },
        h("button", { className: "wb-dice-add", onclick: () => request({ type: "add" }) }, "+ expression"),
        modes,
        ["csv", "png", "svg"].map((f) => h("button", { className: `wb-export-${f}`, onclick: async () => {
          const reply = await request({ type: "export", format: f });
          if (reply.ok) download(reply.name, reply.content, f);
        } }, `Export ${f.toUpperCase()}`))),
      h("div", { className: "wb-svg wb-dice-chart", html: v.svg }),
      h("details", {}, h("summary", {}, "Table"), table));
    if (focused !== null) {
      const again = root.querySelector(`.wb-dice-expr[data-index="${focused}"]`);
      if (again) {
        if (liveValue !== null) again.value = liveValue;
        again.focus();
        again.setSelectionRange(again.value.length, again.value.length);
      }
    }
  }
  model.on("change:view", draw);
  draw();
  return () => { model.off("change:view", draw); close(); };
}

export default { render };
