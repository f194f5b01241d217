// StepThrough view: draws Stepper.view() and forwards clicks to Python as requests.
// No game logic here: every decision is made in Python, which replies and re-sends the view.

function pct(p) {
  if (p === null || p === undefined) return "";
  const v = p * 100;
  return v >= 1 || v === 0 ? `${v.toFixed(0)}%` : `${v.toPrecision(2)}%`;
}

// More rows or buttons than these of one kind of action are set apart (see actions()).
const MANY_ROWS = 8;
const MANY_BUTTONS = 12;

// Rule ids as Python's workbench.core.rulesdoc.ID finds them ("RAT-1" is a card, not a rule).
const RULE_ID = /(?<![A-Za-z0-9-])([RAT]-[A-Z]?\d+[a-z]?)(?![A-Za-z0-9])/g;

// Text with every rule id it cites made a link to that rule's text (hover, or click to pin).
function ruled(text, rules) {
  const out = [];
  let at = 0;
  for (const m of String(text ?? "").matchAll(RULE_ID)) {
    const body = rules && rules[m[0]];
    if (!body) continue;
    out.push(text.slice(at, m.index));
    out.push(h("abbr", { className: "wb-rule", title: body, tabindex: "0", "data-rule": m[0] }, m[0]));
    at = m.index + m[0].length;
  }
  out.push(String(text ?? "").slice(at));
  return out;
}

function statLine(stat) {
  const max = stat.max !== undefined ? `/${stat.max}` : "";
  return h("span", { className: "wb-stat" }, h("b", {}, stat.label), ` ${stat.value}${max}`);
}

// A card in a hand is one line (brief): its name, its numbers, its tags, then as much of its
// subtitle as fits; the whole card on hover, and drawn in full while clicked open.
function card(c, key, open, rules, brief = false) {
  const cls = ["wb-card", `wb-kind-${c.kind || "card"}`];
  if (c.highlight) cls.push("wb-highlight");
  if (c.dim) cls.push("wb-dim");
  if (c.hidden) cls.push("wb-facedown");
  if (open) cls.push("wb-card-open");
  if (brief) cls.push("wb-brief");
  const stats = (c.stats || []).map((s) => `${s.label} ${s.value}${s.max !== undefined ? `/${s.max}` : ""}`);
  const whole = c.hidden ? "" : [c.name, c.subtitle, brief ? stats.join(" · ") : "", c.text]
    .filter(Boolean).join("\n");
  const opens = c.text || (brief && !c.hidden);
  return h("div", { className: cls.join(" "), "data-name": c.name, "data-count": c.count || 1,
    "data-key": key, title: opens ? `${whole}\n(click to open or close)` : whole || null },
    brief ? h("div", { className: "wb-card-line" },
      h("span", { className: "wb-line-name" }, c.hidden ? "?" : c.name,
        c.count > 1 ? h("span", { className: "wb-count" }, ` ×${c.count}`) : null),
      stats.length ? h("span", { className: "wb-line-stats" }, stats.join(" ")) : null,
      (c.tags || []).map((t) => h("span", { className: "wb-tag" }, t)),
      c.subtitle ? h("span", { className: "wb-line-sub" }, c.subtitle) : null) : null,
    h("div", { className: "wb-card-name" }, c.hidden ? "?" : c.name,
      c.count > 1 ? h("span", { className: "wb-count", title: `${c.count} alike` }, ` ×${c.count}`) : null),
    c.subtitle ? h("div", { className: "wb-card-sub" }, c.subtitle) : null,
    (c.stats || []).length ? h("div", { className: "wb-card-stats" }, c.stats.map(statLine)) : null,
    // Long rules text is clamped to a few lines; a click on the card shows all of it.
    c.text ? h("div", { className: "wb-card-text" }, ruled(c.text, rules)) : null,
    (c.tags || []).length ? h("div", { className: "wb-tags" },
      c.tags.map((t) => h("span", { className: "wb-tag" }, t))) : null);
}

// A section a person opens and closes. Until they do, the widget's width decides
// (step_through.css): open beside the board, closed when the view is narrow.
function drawer(name, title, opened, ...body) {
  const state = opened[name] === undefined ? "auto" : opened[name] ? "yes" : "no";
  return h("section", { className: `wb-drawer wb-drawer-${name}`, "data-drawer": name, "data-open": state },
    h("button", { className: "wb-drawer-toggle", type: "button" }, title),
    h("div", { className: "wb-drawer-body" }, body));
}

function swatch(colour) {
  return h("span", { className: "wb-swatch", style: `background:${colour}` });
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
  return h("div", { className: "wb-board-drawing" }, svg, choices);
}

function board(b, v, act, opened, openCards) {
  const zoneCards = (z, zi) => (z.cards || []).map((c) => {
    const key = `${zi}:${c.name || "?"}`;
    return card(c, key, openCards.has(key), v.rules_text, z.hand);
  });
  const zone = (z, zi) => h("section", {
    className: "wb-zone" + (z.active ? " wb-active" : "") + (z.hand ? " wb-hand" : ""),
    style: z.colour ? `border-left-color:${z.colour}` : null },
    h("div", { className: "wb-zone-title" }, z.colour ? swatch(z.colour) : null, z.title),
    h("div", { className: "wb-zone-cards" }, zoneCards(z, zi)));
  // Hands stand outside the box that scrolls, under the rest as at a table: the cards a
  // person plays from stay in sight.
  const zones = (b.zones || []).map((z, zi) => [z, zi]);
  const hands = zones.filter(([z]) => z.hand);
  const rest = zones.filter(([z]) => !z.hand);
  return h("div", { className: "wb-board" + (b.svg ? " wb-has-svg" : "") },
    h("div", { className: "wb-board-head" },
      h("span", { className: "wb-board-title" }, b.title || ""),
      h("span", { className: "wb-board-sub" }, ruled(b.subtitle || "", v.rules_text)),
      (b.trackers || []).map(statLine),
      (b.legend || []).length ? drawer("key", `Key (${b.legend.length})`, opened,
        h("div", { className: "wb-legend" }, b.legend.map((g) =>
          h("span", { className: "wb-glyph" },
            !g.colour ? h("b", {}, g.symbol)
              : g.symbol ? h("span", { className: "wb-swatch wb-swatch-symbol", style: `background:${g.colour}` }, g.symbol)
                : swatch(g.colour), ` ${g.meaning}`)))) : null),
    h("div", { className: "wb-board-body" },
      b.svg ? boardSvg(b, act) : null,
      h("div", { className: "wb-board-side" + (hands.length ? " wb-with-hands" : "") },
        rest.length ? h("div", { className: "wb-zones" }, rest.map(([z, zi]) => zone(z, zi))) : null,
        hands.length ? h("div", { className: "wb-hands" }, hands.map(([z, zi]) => zone(z, zi))) : null)));
}

function oddsLines(odds) {
  if (!odds) return null;
  return h("span", { className: "wb-odds", title: odds.label || "" }, odds.lines.map((o, i) =>
    [i ? " · " : "", h("span", { className: "wb-odds-line", "data-what": o.what, "data-value": o.value,
      title: `exactly ${o.value}` }, o.text)]));
}

function render({ model, el }) {
  const { request, close } = requests(model);
  let clickedAt = null;
  let typed = "";          // the text box keeps what was typed across redraws and errors
  let typedFocus = false;
  let rulePin = null;      // the rule clicked open: its id and where it was clicked
  const opened = {};       // drawers a person opened (true) or closed (false)
  const openCards = new Set();  // cards clicked open, by zone and name
  let logAway = false;     // the person scrolled the log up: leave it where they put it
  let drawnAt = null;      // the decision last drawn: a list scrolled for it stays scrolled
  const root = h("div", { className: "wb-widget wb-step", tabindex: "0", "data-setup": "auto" });
  el.append(root);

  // While the bots play, the view is redrawn after every decision. The browser drops a click
  // whose press and release straddle the removal of the button or of any box around it, even
  // one put straight back, so a button made afresh (or moved) mid-click would ignore the
  // click, and Stop would often do nothing. So the controls, the setup row, the thinking bar
  // with its Stop, the waiting bar with its Resume, and the boxes between them and the root
  // are made once, updated in place and never taken out while shown (see fill()); the rest
  // is redrawn around them.
  const main = h("div", { className: "wb-main" });
  const lower = h("div", { className: "wb-lower" });
  const play = h("div", { className: "wb-play" });
  const thinkingText = document.createTextNode("");
  const stopButton = h("button", { className: "wb-stop",
    title: "Stop the bots after the decision they are making",
    onclick: () => act({ type: "stop" }) }, "■ Stop");
  const thinkingBar = h("div", { className: "wb-actions wb-thinking" },
    h("span", { className: "wb-spinner" }), thinkingText, stopButton);
  const waitingText = document.createTextNode("");
  const waitingBar = h("div", { className: "wb-actions wb-waiting" }, waitingText,
    h("button", { className: "wb-resume", onclick: () => act({ type: "resume" }) }, "▶ Resume"),
    h("button", { className: "wb-one-bot", onclick: () => act({ type: "bot_step" }) },
      "One bot decision"));

  function showError(text) {
    const box = root.querySelector(".wb-error");
    const msg = root.querySelector(".wb-message");
    if (box) { box.replaceChildren(...ruled(text, (model.get("view") || {}).rules_text)); box.hidden = !text; }
    if (msg && text) msg.hidden = true;  // never an old message beside a new error
  }

  async function act(content) {
    clickedAt = performance.now();
    const reply = await request(content);
    if (!reply.ok) showError(reply.error);
    return reply;
  }

  function status(v) {
    return h("div", { className: "wb-status" },
      h("span", { className: "wb-message", hidden: !v.message, title: v.message || null },
        ruled(v.message, v.rules_text)),
      h("span", { className: "wb-error", hidden: !v.error }, ruled(v.error, v.rules_text)));
  }

  const fileInput = h("input", { type: "file", accept: ".json,application/json", hidden: true,
    onchange: async (e) => {
      const f = e.target.files[0];
      e.target.value = "";  // the same file picked again is read again
      if (f) act({ type: "load", text: await f.text() });
    } });
  const undoButton = h("button", { className: "wb-undo",
    title: "Undo (Ctrl+Z): your last decision and the bots' after it",
    onclick: () => act({ type: "undo" }) }, "↶ Undo");
  const redoButton = h("button", { className: "wb-redo", title: "Redo (Ctrl+Y)",
    onclick: () => act({ type: "redo" }) }, "↷ Redo");
  const slider = h("input", {
    type: "range", className: "wb-timeline", min: 0,
    title: "Timeline: drag to any earlier decision, then play on to branch",
    onchange: (e) => act({ type: "goto", position: Number(e.target.value) }),
  });
  const position = h("span", { className: "wb-position" });
  const botStepButton = h("button", { className: "wb-bot-step",
    title: "A bot makes the next decision, whoever's it is (N)",
    onclick: () => act({ type: "bot_step" }) }, "Bot step");
  const toMyTurnButton = h("button", { className: "wb-to-my-turn",
    onclick: () => act({ type: "to_my_turn" }) }, "Play to my turn");
  const toEndButton = h("button", { className: "wb-to-end", title: "Bots play every seat to the end",
    onclick: () => act({ type: "to_end" }) }, "Play to end");
  const controlsRow = h("div", { className: "wb-controls" },
    undoButton, redoButton, slider, position, botStepButton, toMyTurnButton, toEndButton,
    h("span", { className: "wb-gap" }),
    h("button", { className: "wb-restart", title: "Restart with the seed under Setup",
      onclick: () => act({ type: "restart", seed: seedInput.value }) }, "Restart"),
    h("button", { className: "wb-save", title: "Save the match as a file", onclick: async () => {
      const reply = await act({ type: "save" });
      if (!reply.ok) return;
      const v = model.get("view");
      const blob = new Blob([reply.json], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `${v.game}-seed${v.seed}.json` });
      document.body.append(a); a.click(); a.remove();
    } }, "Save"),
    h("button", { className: "wb-load", title: "Load a saved match", onclick: () => fileInput.click() }, "Load"),
    // Shown beside the board when the view is wide; behind this toggle when narrow.
    h("button", { className: "wb-setup-toggle", title: "Who plays each seat, whose view, the seed",
      onclick: () => {
        const shown = getComputedStyle(setupRow).display !== "none";
        root.dataset.setup = shown ? "no" : "yes";
      } }, "Setup"),
    fileInput);

  function controls(v) {
    const busy = Boolean(v.thinking);
    undoButton.disabled = v.decisions === 0;
    redoButton.disabled = v.decisions >= v.timeline;
    slider.max = v.timeline;
    slider.value = v.decisions;
    position.textContent = `${v.decisions} / ${v.timeline}`;
    botStepButton.disabled = v.over || busy;
    toMyTurnButton.disabled = v.over || busy || !v.can_play_to_my_turn;
    toMyTurnButton.title = v.follow ? "Bots play until a person's seat is to decide"
      : `Bots play until ${v.seats[v.viewing]} is to decide`;
    toEndButton.disabled = v.over || busy;
    return controlsRow;
  }

  // The setup row is kept too: a redraw would close a list of bots opened to pick one, and
  // put the seed shown back over one being typed. The seats' lists are made again only when
  // the seats or the bots to choose from change; the seed box takes a new seed only when the
  // match's seed changes (a restart, a load).
  const seatsBox = h("span", { className: "wb-bots" });
  const viewSel = h("select", { className: "wb-view-seat", title: "Whose view of the table",
    onchange: (e) => act({ type: "view_seat", seat: e.target.value }) });
  const seedInput = h("input", { type: "number", className: "wb-seed", title: "Seed" });
  const setupRow = h("div", { className: "wb-setup" },
    seatsBox,
    h("label", {}, "View ", viewSel),
    h("label", {}, "Seed ", seedInput));
  let setupMadeFor = null;
  let seedShown = null;

  function setup(v) {
    const made = JSON.stringify([v.seats, v.bot_choices]);
    if (made !== setupMadeFor) {
      setupMadeFor = made;
      seatsBox.replaceChildren(...v.seats.map((name, i) =>
        h("label", { className: "wb-seat" }, `${name} `,
          h("select", { className: "wb-bot", "data-seat": i,
            onchange: (e) => act({ type: "set_bot", seat: i, bot: e.target.value }) },
            h("option", { value: "" }, "person"),
            v.bot_choices.map((b) => h("option", { value: b }, b))))));
      viewSel.replaceChildren(h("option", { value: "follow" }, "seat to move"),
        ...v.seats.map((name, i) => h("option", { value: i }, name)));
    }
    seatsBox.querySelectorAll(".wb-seat").forEach((label, i) => {
      label.classList.toggle("wb-seat-to-move", v.to_move === i);
      const select = label.querySelector("select");
      const bot = v.bots[String(i)] || "";
      // A bot given as a function in Python shows as "own": it cannot be picked here.
      let own = select.querySelector("option.wb-own");
      if (bot && !v.bot_choices.includes(bot)) {
        if (!own) own = select.insertBefore(h("option", { className: "wb-own", disabled: true }),
          select.options[1] ?? null);
        own.value = bot;
        own.textContent = `${bot} bot`;
      } else if (own) {
        own.remove();
      }
      if (select.value !== bot) select.value = bot;
    });
    const seeing = v.follow ? "follow" : String(v.viewing);
    if (viewSel.value !== seeing) viewSel.value = seeing;
    if (v.seed !== seedShown) {
      seedShown = v.seed;
      seedInput.value = v.seed;
    }
    return setupRow;
  }

  function typedBox() {
    const box = h("input", { className: "wb-typed", value: typed,
      placeholder: "or type an action, then Enter",
      title: "Any case, no symbols needed, the start of the label is enough" });
    box.addEventListener("input", () => { typed = box.value; });
    box.addEventListener("focus", () => { typedFocus = true; });
    box.addEventListener("blur", () => { typedFocus = false; });
    box.addEventListener("keydown", async (e) => {
      if (e.key !== "Enter") return;
      e.stopPropagation();
      const reply = await act({ type: "step", label: box.value });
      if (reply.ok) {
        typed = "";
        const now = root.querySelector(".wb-typed");
        if (now) now.value = "";
      }
    });
    return box;
  }

  function actions(v) {
    if (v.over) {
      const r = v.result || {};
      return h("div", { className: "wb-actions wb-over" }, `Game over: ${r.outcome || ""}`,
        r.reason ? ` (${r.reason})` : "");
    }
    if (v.thinking) {
      thinkingText.data = ` ${v.thinking.text}${v.stopping ? " (stopping after this decision)" : ""}`;
      stopButton.disabled = Boolean(v.stopping);
      return thinkingBar;
    }
    if (v.waiting) {
      waitingText.data = `${v.waiting.text} `;
      return waitingBar;
    }
    const mover = v.to_move === null ? "" : v.seats[v.to_move];
    const rowOf = (row) => h("div", { className: "wb-row", "data-kind": row.kind },
      row.head ? h("span", { className: "wb-row-head" }, row.head) : null,
      row.odds ? oddsLines(row.odds) : null,
      row.buttons.map((b) => h("button", { className: "wb-action", "data-label": b.label,
        title: b.odds ? `${b.label}\n${b.odds.label}` : (row.odds ? `${b.label}\n${row.odds.label}` : b.label),
        onclick: () => act({ type: "step", label: b.label }) },
        b.text, b.odds ? h("span", { className: "wb-action-odds" }, oddsLines(b.odds)) : null)));
    // Many rows of one kind (a card playable on every piece) are set apart by a line, so the
    // other kinds (the step onwards) are easy to find when scrolling down to them.
    const kinds = [];
    for (const row of v.actions) {
      if (!kinds.length || kinds[kinds.length - 1].kind !== row.kind) kinds.push({ kind: row.kind, rows: [] });
      kinds[kinds.length - 1].rows.push(row);
    }
    const many = (k) => k.rows.length > MANY_ROWS
      || k.rows.reduce((n, row) => n + row.buttons.length, 0) > MANY_BUTTONS;
    // The list scrolls in a box of bounded height: the widget keeps its height however many
    // actions there are.
    const rows = kinds.map((k) => many(k)
      ? h("div", { className: "wb-many", "data-kind": k.kind }, k.rows.map(rowOf))
      : k.rows.map(rowOf));
    const blocked = v.blocked.length ? h("details", { className: "wb-blocked" },
      h("summary", {}, `Not allowed now (${v.blocked.length})`),
      h("ul", {}, v.blocked.map((a) => h("li", {},
        // A disabled button swallows clicks, so its wrapper shows the reason when clicked.
        h("span", { className: "wb-illegal-wrap", title: a.reason || "",
          onclick: () => showError(`Not allowed: ${a.reason}`) },
          h("button", { className: "wb-action wb-illegal", disabled: true, "data-label": a.label }, a.label)),
        " ", h("span", { className: "wb-reason" }, ruled(a.reason, v.rules_text)))))) : null;
    return h("div", { className: "wb-actions" },
      h("div", { className: "wb-decide-head" },
        h("span", { className: "wb-mover" }, `${mover} to decide`), typedBox()),
      h("div", { className: "wb-action-list" }, rows), blocked);
  }

  function chance(v) {
    if (!v.recent_chance.length) return null;
    return h("div", { className: "wb-chance" },
      v.recent_chance.map((c) => [c.skipped ? h("div", { className: "wb-earlier" },
        `… ${c.skipped} more in the log`) : null, h("div", { className: "wb-roll" },
        c.odds.length ? [oddsLines({ label: c.label, lines: c.odds }), " → "] : null,
        h("span", { className: "wb-roll-label" }, ruled(c.label, v.rules_text)), ": ",
        h("b", { className: "wb-roll-result" }, c.result),
        c.p_float == null ? null : h("span", { className: "wb-roll-p", title: `this result: exactly ${c.p}` }, ` (p ${pct(c.p_float)})`))]));
  }

  function log(v) {
    return h("ol", { className: "wb-log", start: 0, onscroll: (e) => {
      const box = e.target;
      logAway = box.scrollTop + box.clientHeight < box.scrollHeight - 4;
    } }, v.log.map((e) =>
      h("li", { className: `wb-log-${e.kind}` + (e.bot ? " wb-log-bot" : ""), title: e.bot ? "a bot's decision" : "" },
        ruled(e.text, v.rules_text))));
  }

  function rules(v) {
    return drawer("rules", `Rule variants (${v.rules.filter((r) => r.changed).length} changed)`, opened,
      h("table", { className: "wb-rules" }, v.rules.map((r) => h("tr", { className: r.changed ? "wb-changed" : "" },
        h("td", {}, r.key), h("td", {}, String(r.value))))));
  }

  function side(v) {
    return h("div", { className: "wb-side" },
      drawer("log", `Log (${v.log.length})`, opened, log(v)), rules(v));
  }

  // The rule's text opens next to the id clicked: below it, or above when there is more room
  // there, always inside the part of the widget on screen and never over the controls.
  function rulePop(v) {
    if (!rulePin || !v.rules_text[rulePin.id]) return null;
    return h("div", { className: "wb-rule-pop", role: "dialog", "data-rule": rulePin.id },
      h("button", { className: "wb-rule-close", title: "Close (Esc)", onclick: closeRule }, "×"),
      h("div", { className: "wb-rule-text" }, v.rules_text[rulePin.id]));
  }

  function scroller(node) {
    for (let p = node.parentElement; p; p = p.parentElement) {
      const y = getComputedStyle(p).overflowY;
      if (y === "auto" || y === "scroll") return p;
    }
    return null;
  }

  function placeRule(pop) {
    const r = root.getBoundingClientRect();
    const box = scroller(root)?.getBoundingClientRect();
    const gap = 6;
    let top = Math.max(r.top, box ? box.top : 0, 0) + gap;
    const bottom = Math.min(r.bottom, box ? box.bottom : innerHeight, innerHeight) - gap;
    const left = Math.max(r.left, 0) + gap;
    const right = Math.min(r.right, innerWidth) - gap;
    for (const row of [controlsRow, setupRow]) {
      const c = row.getBoundingClientRect();
      if (c.height && c.bottom > top && c.top < bottom) top = c.bottom + gap;
    }
    // The id clicked, where it is now (a redraw or a scroll may have moved it), else where
    // it was, in the window's coordinates.
    const same = root.querySelectorAll(".wb-rule")[rulePin.index];
    const now = same?.dataset.rule === rulePin.id ? same.getBoundingClientRect() : null;
    const at = now && now.height ? { x: now.left, top: now.top, bottom: now.bottom }
      : { x: r.left + rulePin.x, top: r.top + rulePin.top, bottom: r.top + rulePin.bottom };
    pop.style.maxWidth = `${Math.max(160, Math.min(420, right - left))}px`;
    pop.style.maxHeight = "";
    const below = bottom - at.bottom - gap;
    const above = at.top - gap - top;
    const tall = pop.offsetHeight;
    let y;
    if (tall <= below || below >= above) {
      y = Math.max(top, at.bottom + gap);
      pop.style.maxHeight = `${Math.max(60, bottom - y)}px`;
    } else {
      y = Math.max(top, at.top - gap - tall);
      pop.style.maxHeight = `${Math.max(60, at.top - gap - y)}px`;
    }
    const x = Math.min(Math.max(left, at.x), right - pop.offsetWidth);
    pop.style.left = `${Math.max(left, x) - r.left}px`;
    pop.style.top = `${y - r.top}px`;
  }

  function closeRule() {
    rulePin = null;
    root.querySelector(".wb-rule-pop")?.remove();
    document.removeEventListener("pointerdown", away, true);
    document.removeEventListener("keydown", escape, true);
  }

  function away(e) {
    if (!e.target.closest?.(".wb-rule-pop") && !e.target.closest?.(".wb-rule")) closeRule();
  }

  function escape(e) {
    if (e.key !== "Escape") return;
    e.stopPropagation();  // JupyterLab would take Escape too (leaving a cell's edit mode)
    closeRule();
  }

  function openRule(abbr) {
    const r = root.getBoundingClientRect();
    const a = abbr.getBoundingClientRect();
    rulePin = { id: abbr.dataset.rule, index: [...root.querySelectorAll(".wb-rule")].indexOf(abbr),
      x: a.left - r.left, top: a.top - r.top, bottom: a.bottom - r.top };
    document.addEventListener("pointerdown", away, true);
    document.addEventListener("keydown", escape, true);
    // Only the pop-up is added: a redraw now would move the log, and the id with it.
    root.querySelector(".wb-rule-pop")?.remove();
    const pop = rulePop(model.get("view"));
    if (pop) { root.append(pop); placeRule(pop); }
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.seats) return;
    const logAt = logAway ? root.querySelector(".wb-log")?.scrollTop : null;
    const listAt = root.querySelector(".wb-action-list")?.scrollTop;
    const pop = rulePop(v);
    fill(root,
      h("div", { className: "wb-head" },
        h("b", {}, v.title), h("span", { className: "wb-sub" }, ` · seed ${v.seed} · cards v${v.cards_version}`),
        status(v)),
      controls(v), setup(v), main, pop);
    fill(main, board(v.board, v, act, opened, openCards), lower);
    fill(lower, play, side(v));
    fill(play, chance(v), actions(v));
    const newLog = root.querySelector(".wb-log");
    if (newLog) newLog.scrollTop = logAt === null || logAt === undefined ? newLog.scrollHeight : logAt;
    const list = root.querySelector(".wb-action-list");
    if (list && listAt && v.decisions === drawnAt) list.scrollTop = listAt;
    drawnAt = v.decisions;
    if (pop) placeRule(pop);
    if (typedFocus) {
      const box = root.querySelector(".wb-typed");
      if (box) { box.focus(); box.setSelectionRange(box.value.length, box.value.length); }
    }
    if (clickedAt !== null) {
      // Click-to-view latency, read by the browser tests.
      root.dataset.lastLatencyMs = String(performance.now() - clickedAt);
      clickedAt = null;
    }
    root.dataset.game = v.game;
    root.dataset.seed = String(v.seed);
    root.dataset.decisions = String(v.decisions);
    root.dataset.toMove = v.to_move === null ? "" : String(v.to_move);
    root.dataset.thinking = v.thinking ? "yes" : "no";
  }

  root.addEventListener("click", (e) => {
    const rule = e.target.closest(".wb-rule");
    if (rule) { openRule(rule); return; }
    const toggle = e.target.closest(".wb-drawer-toggle");
    if (toggle) {
      const box = toggle.parentElement;
      const shown = getComputedStyle(box.querySelector(".wb-drawer-body")).display !== "none";
      opened[box.dataset.drawer] = !shown;
      box.dataset.open = shown ? "no" : "yes";
      if (!shown) box.querySelectorAll(".wb-log").forEach((l) => { if (!logAway) l.scrollTop = l.scrollHeight; });
      return;
    }
    const c = e.target.closest(".wb-card");
    const opens = c && (c.querySelector(".wb-card-text") || (c.classList.contains("wb-brief")
      && !c.classList.contains("wb-facedown")));
    if (opens && !e.target.closest("button, a, select, input")) {
      const key = c.dataset.key;
      if (openCards.has(key)) openCards.delete(key); else openCards.add(key);
      c.classList.toggle("wb-card-open", openCards.has(key));
    }
  });
  root.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "SELECT") return;
    if (e.key === "Enter" && e.target.classList.contains("wb-rule")) { openRule(e.target); return; }
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); act({ type: "undo" }); }
    else if (ctrl && (e.key.toLowerCase() === "y" || (e.shiftKey && e.key.toLowerCase() === "z"))) {
      e.preventDefault(); act({ type: "redo" });
    } else if (!ctrl && e.key.toLowerCase() === "n") { e.preventDefault(); act({ type: "bot_step" }); }
  });

  model.on("change:view", draw);
  draw();
  return () => { model.off("change:view", draw); closeRule(); close(); };
}

export default { render };
