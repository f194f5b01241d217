// DiceCalculator view: inputs send text to Python (debounced); Python sends results back.
// What an expression means (its reading, a certain answer, how far `!` explodes) is worked
// out in Python (dice/readings.py); this file only draws it. The first keystroke of an edit
// also tells Python at once (a "draft"), so that the answer still on show, which is for the
// text before the edit, is drawn as working until the new answer or error arrives.

const PERCENT = (x) => `${(Number(x) * 100).toFixed(2)}%`;

function summaryOf(r, working) {
  if (working) {
    const title = `The answer for ${r.expr}; the new one is being worked out`;
    return h("span", { className: "wb-dice-answer wb-dice-working", title },
      h("span", { className: "wb-dice-busy", role: "status" }, "working…"), " ", summaryOf(r, false));
  }
  if (r.error) return h("pre", { className: "wb-error wb-dice-error" }, r.error);
  if (r.probability !== undefined && r.probability !== null)
    return h("span", { className: "wb-dice-summary" },
      h("b", { className: "wb-dice-p" }, `P = ${r.probability}`), ` ≈ ${PERCENT(r.probability_float)}`);
  if (r.low === r.high)
    return h("span", { className: "wb-dice-summary" }, h("b", { className: "wb-dice-mean" }, `always ${r.low}`));
  return h("span", { className: "wb-dice-summary" },
    h("b", { className: "wb-dice-mean" }, `mean ${r.mean_exact}`),
    ` ≈ ${Number(r.mean).toFixed(3)}, sd ${Number(r.sd).toFixed(3)}, range ${r.low}–${r.high}`);
}

function render({ model, el }) {
  const { request, close } = requests(model);
  const root = h("div", { className: "wb-widget wb-dice" });
  el.append(root);
  const timers = {};
  const drafted = {};  // per expression: its draft went to Python, the text itself not yet
  let focused = null;

  function download(name, content, format) {
    const bytes = format === "png" ? Uint8Array.from(atob(content), (c) => c.charCodeAt(0)) : content;
    const type = { csv: "text/csv", svg: "image/svg+xml", png: "image/png" }[format];
    const a = h("a", { href: URL.createObjectURL(new Blob([bytes], { type })), download: name });
    document.body.append(a); a.click(); a.remove();
  }

  // Under an expression: how it was read, the other reading as a button, a certain answer,
  // and notes on `!` and `r`.
  function explained(r, i, working) {
    if (r.error) return null;
    const parts = [];
    if (r.reading) {
      parts.push(h("div", { className: "wb-dice-reading" }, r.reading, " ",
        r.other ? h("button", { className: "wb-dice-other", "data-index": i,
          title: "Use this expression instead", disabled: working,
          onclick: () => request({ type: "other", index: i }) },
          `The total instead: ${r.other}` + (r.other_answer ? ` gives ${r.other_answer}` : "")) : null));
    }
    if (r.certain) parts.push(h("div", { className: "wb-dice-certain", role: "note" }, "⚠ ", r.certain));
    for (const note of r.notes || []) parts.push(h("div", { className: "wb-dice-note" }, note));
    return parts.length
      ? h("div", { className: "wb-dice-explain" + (working ? " wb-dice-working" : "") }, parts) : null;
  }

  function table(v) {
    const t = v.table || { rows: [], total: 0 };
    const heads = ["expression", "outcome", "exactly", "at least", "at most"];
    const cut = t.total > t.rows.length
      ? h("div", { className: "wb-dice-cut" },
        `Showing the first ${t.rows.length} of ${t.total} rows; the CSV export has them all.`)
      : null;
    return h("details", { className: "wb-dice-tablebox" },
      h("summary", {}, `Table (${t.total} ${t.total === 1 ? "row" : "rows"})`), cut,
      h("table", { className: "wb-dice-table" },
        h("thead", {}, h("tr", {}, heads.map((c) => h("th", {}, c)))),
        h("tbody", {}, t.rows.map((row) => h("tr", {}, h("td", {}, row.expr), h("td", {}, row.outcome),
          ["p", "p_at_least", "p_at_most"].map((c) => h("td", {}, PERCENT(row[c]))))))));
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.expressions) return;
    // What the person is typing now wins over the text of an older reply, and the caret
    // stays where it was: a reply may arrive in the middle of an edit.
    const live = root.querySelector(".wb-dice-expr:focus");
    const liveValue = live ? live.value : null;
    const caret = live ? [live.selectionStart, live.selectionEnd, live.selectionDirection] : null;
    const working = new Set(v.working || []);
    const rows = v.expressions.map((text, i) => {
      const r = v.results[i] || {};
      const input = h("input", { className: "wb-dice-expr", value: text, "data-index": i,
        spellcheck: "false", placeholder: "e.g. 3d6 > 2d8 + 2" });
      input.addEventListener("input", () => {
        clearTimeout(timers[i]);
        if (!drafted[i]) {
          drafted[i] = true;
          request({ type: "draft", index: i, text: input.value });
        }
        // Debounced: a result for what was typed, not for every keystroke.
        timers[i] = setTimeout(() => {
          drafted[i] = false;
          request({ type: "set", index: i, text: input.value });
        }, 250);
      });
      input.addEventListener("focus", () => { focused = i; });
      return h("div", { className: "wb-dice-item", "data-index": i,
        "aria-busy": working.has(i) ? "true" : null },
        h("div", { className: "wb-dice-row" }, input,
          v.expressions.length > 1 ? h("button", { title: "Remove this expression",
            onclick: () => request({ type: "remove", index: i }) }, "×") : null,
          summaryOf(r, working.has(i))),
        explained(r, i, working.has(i)));
    });
    const modes = ["normal", "at_least", "at_most"].map((m) =>
      h("label", {}, h("input", { type: "radio", name: `mode-${model.cid || "x"}`, value: m, checked: v.mode === m,
        onchange: () => request({ type: "mode", mode: m }) }), m.replace("_", " ")));
    // While an expression has an error the chart keeps its last answer, and says so.
    const stale = (v.stale || []).map((s) => h("div", { className: "wb-dice-stale" },
      `The chart still shows ${s.shown} for expression ${s.index + 1} until it is fixed.`));
    const chart = v.svg
      ? h("div", { className: "wb-svg wb-dice-chart" + (working.size ? " wb-dice-working" : ""),
        html: v.svg })
      : h("div", { className: "wb-dice-chart wb-dice-nochart" }, "The chart appears when an expression has an answer.");
    root.replaceChildren(
      h("div", { className: "wb-dice-exprs" }, rows),
      h("div", { className: "wb-controls" },
        h("button", { className: "wb-dice-add", onclick: () => request({ type: "add" }) }, "+ expression"),
        modes,
        h("span", { className: "wb-dice-export" }, "Export",
          ["csv", "png", "svg"].map((f) => h("button", { className: `wb-export-${f}`,
            title: `Download the ${f === "csv" ? "numbers" : "chart"} as ${f.toUpperCase()}`,
            onclick: async () => {
              const reply = await request({ type: "export", format: f });
              if (reply.ok) download(reply.name, reply.content, f);
            } }, f.toUpperCase())))),
      ...stale, chart, table(v));
    if (focused !== null) {
      const again = root.querySelector(`.wb-dice-expr[data-index="${focused}"]`);
      if (again) {
        if (liveValue !== null) again.value = liveValue;
        again.focus();
        if (caret && live.dataset.index === again.dataset.index) again.setSelectionRange(...caret);
        else again.setSelectionRange(again.value.length, again.value.length);
      }
    }
  }
  model.on("change:view", draw);
  draw();
  return () => { model.off("change:view", draw); close(); };
}

export default { render };
