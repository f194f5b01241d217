// RuneExplorer view: rune buttons fill the slots, a slot's × empties it; Python says what the
// combination is (rune_logic.py) and the view only draws it.

function render({ model, el }) {
  const { request, close } = requests(model);
  const root = h("div", { className: "wb-widget wb-runes" });
  el.append(root);

  function resultPanel(r, bar) {
    if (!r) return h("div", { className: "wb-rune-result wb-rune-empty" },
      "Click runes to put them in the slots.");
    const badge = h("span", { className: `wb-rune-status wb-status-${r.status.replaceAll(" ", "-")}` },
      r.status);
    const title = r.spell ? h("div", { className: "wb-rune-spell" }, r.spell.name)
      : h("div", { className: "wb-rune-spell wb-rune-unnamed" },
        r.valid ? "Not designed yet" : "No spell");
    const damage = ["tiered", "proportional"].map((m) => h("div", { className: `wb-rune-model wb-model-${m}` },
      h("b", {}, m === "tiered" ? "Tiered" : "Proportional"), " ",
      h("span", { className: `wb-rune-damage-${m}` }, `${r.damage[m]} damage`),
      h("div", { className: "wb-rune-sub" }, r.models[m])));
    return h("div", { className: "wb-rune-result" },
      h("div", { className: "wb-rune-head" }, title, badge),
      h("div", { className: "wb-rune-combo" }, r.runes,
        r.aliases.length ? h("span", { className: "wb-rune-sub" }, ` (${r.aliases.join(", ")})`) : null),
      r.spell ? h("div", { className: "wb-rune-effect" }, r.spell.effect) : null,
      r.also.length ? h("div", { className: "wb-rune-also" },
        `Also described by ${r.also.join(", ")} (a duplicate)`) : null,
      h("div", { className: `wb-rune-verdict ${r.valid ? "wb-valid" : "wb-invalid"}` },
        r.valid ? "✓ valid: " : "✗ not valid: ", h("span", { className: "wb-rune-reason" }, r.reason)),
      h("div", { className: "wb-rune-section" }, h("b", {}, "Essence cost "),
        h("span", { className: "wb-rune-cost" }, r.cost), ` (${r.bar_share} of a full bar of ${bar})`,
        r.affordable ? null : h("span", { className: "wb-rune-warn" }, " — more than a full bar"),
        h("div", { className: "wb-rune-sub wb-rune-formula" }, r.formula)),
      h("div", { className: "wb-rune-section" },
        h("b", {}, "Damage taken after casting it from a full bar"), damage));
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.slots) return;
    root.dataset.version = v.version;
    const slots = v.slots.map((rune, i) => rune
      ? h("button", { className: "wb-rune-slot wb-filled", title: "Empty this slot",
        "data-slot": i, onclick: () => request({ type: "clear", slot: i }) }, rune, h("span", { className: "wb-x" }, " ×"))
      : h("span", { className: "wb-rune-slot wb-open", "data-slot": i }, `slot ${i + 1}`));
    const groups = v.kinds.map((kind) => h("div", { className: "wb-rune-group" },
      h("div", { className: "wb-rune-kind" }, `${kind}s`),
      v.runes.filter((r) => r.kind === kind).map((r) => h("button", {
        className: `wb-rune wb-kind-${kind}${v.slots.includes(r.name) ? " wb-picked" : ""}`,
        "data-rune": r.name,
        title: r.alias_of ? `another name for ${r.alias_of}` : `essence ${r.essence}`,
        onclick: () => request({ type: "pick", rune: r.name }),
      }, r.name, h("span", { className: "wb-rune-sub" }, r.alias_of ? ` = ${r.alias_of}` : ` ${r.essence}`)))));
    const error = model.get("error");
    root.replaceChildren(
      h("div", { className: "wb-rune-main" },
        h("div", { className: "wb-rune-left" },
          h("div", { className: "wb-rune-slots" }, h("b", {}, "Slots"), slots,
            h("button", { className: "wb-rune-reset", onclick: () => request({ type: "reset" }) }, "Reset")),
          error ? h("div", { className: "wb-error" }, error) : null,
          v.note ? h("div", { className: "wb-message wb-rune-note" }, v.note) : null,
          groups),
        resultPanel(v.result, v.essence_bar)));
  }
  model.on("change:view", draw);
  model.on("change:error", draw);
  draw();
  return () => { model.off("change:view", draw); model.off("change:error", draw); close(); };
}

export default { render };
