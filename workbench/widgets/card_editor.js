// CardEditor view: draws EditSession.view() and sends every change to Python as a request.
// Nothing is validated here: Python accepts or refuses, replies, and re-sends the view, so
// the grid only ever shows values Python kept.

function shown(value) {
  if (value === null || value === undefined) return "";
  if (value === true) return "true";
  if (value === false) return "false";
  return String(value);
}

function rangeText(col) {
  if (col.choices) return `${col.choices.length} choices`;
  if (col.min !== null && col.max !== null) return `${col.min}–${col.max}`;
  if (col.min !== null) return `≥ ${col.min}`;
  if (col.max !== null) return `≤ ${col.max}`;
  return col.dtype;
}

// One typed input for a cell of `col`. `commit(value)` is called with the raw value.
function cellInput(col, value, commit, focusId) {
  const common = { "data-focus-id": focusId, title: col.tooltip || col.expected };
  if (col.dtype === "boolean") {
    return h("input", { ...common, type: "checkbox", checked: value === true,
      onchange: (e) => commit(e.target.checked) });
  }
  if (col.choices) {
    const options = col.choices.includes(value) ? col.choices : [value, ...col.choices];
    return h("select", { ...common, onchange: (e) => commit(e.target.value) },
      options.map((c) => h("option", { value: shown(c), selected: c === value }, shown(c))));
  }
  // Numbers are typed into text boxes: a number box hands over "" for text it cannot read,
  // and Python must see what was typed to say it is not a number. Arrow keys still step.
  const numeric = col.dtype === "integer" || col.dtype === "number";
  const input = h("input", { ...common, type: "text", value: shown(value),
    className: numeric ? "wb-ce-num" : null, inputmode: numeric ? "decimal" : null });
  if (numeric) {
    input.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
      const now = Number(input.value);
      if (input.value.trim() === "" || !Number.isFinite(now)) return;
      e.preventDefault();
      input.value = String(now + (e.key === "ArrowUp" ? 1 : -1));
    });
  }
  // Enter commits too: a number input inside a notebook does not always fire "change" on
  // Enter. The text sent last is remembered so the "change" on leaving the cell does not
  // send it a second time.
  input.dataset.sent = shown(value);
  const send = () => {
    if (input.value === input.dataset.sent) return;
    input.dataset.sent = input.value;
    commit(input.value);
  };
  input.addEventListener("change", send);
  input.addEventListener("keydown", (e) => {
    if (e.key === "Enter") { e.preventDefault(); e.stopPropagation(); send(); }
  });
  return input;
}

// Save a file Python sent in a reply ({ download: { name, mime, data (base64) } }).
function download(reply) {
  if (!reply || !reply.ok || !reply.download) return reply;
  const { name, mime, data } = reply.download;
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: mime }));
  const link = h("a", { href: url, download: name, style: "display:none" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return reply;
}

// A pause this long in typing applies the filter.
const FILTER_DELAY_MS = 300;

function render({ model, el }) {
  const { request, close } = requests(model);
  let diffOpen = false;
  let filterTimer = null;
  let filterSent = null;  // the filter text sent last, or shown as applied
  // Shortcuts typed inside the editor belong to it, not to the notebook (Ctrl+Z, D D, ...).
  const root = h("div", { className: "wb-widget wb-ce", tabindex: "0", "data-lm-suppress-shortcuts": "true" });
  el.append(root);

  async function act(content) {
    const sentAt = performance.now();
    const reply = await request(content);
    // The view update was sent before the reply; draw again so an unchanged view still
    // puts the kept value back into an input the person typed into.
    draw();
    // Request-to-redraw time and a reply count, read by the browser tests.
    root.dataset.lastLatencyMs = String(performance.now() - sentAt);
    root.dataset.replies = String(Number(root.dataset.replies || 0) + 1);
    return reply;
  }

  function header(v) {
    return h("div", { className: "wb-ce-head" },
      h("b", {}, `${v.game} cards`),
      h("span", { className: "wb-ce-version" }, ` · version ${v.version}`),
      v.dirty ? h("span", { className: "wb-ce-dirty", title: "Differs from the files" }, " · unsaved changes") : null,
      h("span", { className: "wb-ce-spacer" }),
      h("button", { className: "wb-ce-undo", disabled: !v.can_undo,
        title: v.undo_label ? `Undo ${v.undo_label} (Ctrl+Z)` : "Nothing to undo",
        onclick: () => act({ type: "undo" }) }, "↶ Undo"),
      h("button", { className: "wb-ce-redo", disabled: !v.can_redo,
        title: v.redo_label ? `Redo ${v.redo_label} (Ctrl+Y)` : "Nothing to redo",
        onclick: () => act({ type: "redo" }) }, "↷ Redo"),
      h("button", { className: "wb-ce-save", disabled: !v.directory,
        title: v.directory ? `Write the CSV files in ${v.directory}` : "Loaded without a folder",
        onclick: () => act({ type: "save" }) }, "Save"),
      h("button", { className: "wb-ce-revert", disabled: !v.dirty,
        title: "Back to the cards the files hold (undoable)",
        onclick: () => act({ type: "revert" }) }, "Revert"),
      files(v));
  }

  // Spreadsheets and print sheets travel as files: Python makes or reads the bytes.
  function files(v) {
    const upload = h("input", { type: "file", className: "wb-ce-upload", accept: ".xlsx,.ods",
      style: "display:none", onchange: async (e) => {
        const file = e.target.files[0];
        if (!file) return;
        const bytes = new Uint8Array(await file.arrayBuffer());
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        await act({ type: "open", name: file.name, data: btoa(text) });
      } });
    return h("span", { className: "wb-ce-files" },
      h("button", { className: "wb-ce-print", title: `Download a print-and-play PDF of the ${v.table} cards as they are now (changes against the files marked)`,
        onclick: () => act({ type: "print", table: v.table }).then(download) }, "Print sheet"),
      h("button", { className: "wb-ce-export", title: "Download the cards as a spreadsheet, a sheet per table",
        onclick: () => act({ type: "export" }).then(download) }, "⤓ .xlsx"),
      h("button", { className: "wb-ce-open-file", title: "Open a spreadsheet (.xlsx or .ods) as one change you can undo",
        onclick: () => upload.click() }, "Open…"),
      upload);
  }

  function tabs(v) {
    return h("div", { className: "wb-ce-tabs", role: "tablist" }, v.tables.map((t) =>
      h("button", { className: "wb-ce-tab" + (t.name === v.table ? " wb-ce-active" : ""),
        role: "tab", "data-table": t.name, title: t.doc,
        onclick: () => act({ type: "tab", table: t.name }) },
        t.name, h("span", { className: "wb-ce-count" }, ` ${t.count}`),
        t.changes ? h("span", { className: "wb-ce-badge", title: `${t.changes} changes` }, t.changes) : null,
        t.refused ? h("span", { className: "wb-ce-refused", title: "A change to this table was refused: open it to see why" }, "!") : null)));
  }

  function toolbar(v) {
    // The filter applies as it is typed, FILTER_DELAY_MS after the last key, and at once on
    // Enter or on leaving the box. Text already sent or applied is not sent again: its reply
    // would only redraw. A refused filter keeps the typed text in the box beside the reason.
    const send = (text) => {
      clearTimeout(filterTimer);
      filterTimer = null;
      if (text === filterSent) return;
      filterSent = text;
      act({ type: "filter", table: v.table, text }).then((reply) => {
        const box = root.querySelector(".wb-ce-filter");
        if (reply && !reply.ok && box && box.value === v.filter) box.value = text;
      });
    };
    const filter = h("input", { className: "wb-ce-filter", type: "search", value: v.filter,
      "data-focus-id": "filter",
      placeholder: v.filter_hint,
      title: `${v.filter_hint}\nWords to find, and comparisons (= != < <= > >= ~ for contains) `
        + "joined by and / or; applied as you type",
      oninput: (e) => {
        clearTimeout(filterTimer);
        const text = e.target.value;
        filterTimer = setTimeout(() => send(text), FILTER_DELAY_MS);
      },
      onchange: (e) => send(e.target.value),
      onkeydown: (e) => {
        if (e.key !== "Enter") return;
        e.preventDefault(); e.stopPropagation();
        send(e.target.value);
      } });
    return h("div", { className: "wb-ce-toolbar" },
      h("span", { className: "wb-ce-doc" }, v.doc),
      h("span", { className: "wb-ce-spacer" }),
      filter,
      h("span", { className: "wb-ce-shown" }, `${v.rows.length} of ${v.total}`),
      h("button", { className: "wb-ce-add", title: "Add a card (a copy of the last one, renamed)",
        onclick: () => act({ type: "add", table: v.table }) }, "+ Add card"));
  }

  function rejectionAt(v, card, column) {
    const r = v.rejection;
    return r && r.table === v.table && r.card === card && r.column === column ? r : null;
  }

  function grid(v) {
    const sort = v.sort || {};
    const head = h("tr", {}, h("th", { className: "wb-ce-rowhead" }, ""),
      v.columns.map((col) => h("th", { "data-column": col.column, title: col.tooltip,
        className: col.key ? "wb-ce-keycol" : "",
        onclick: () => act({ type: "sort", table: v.table, column: col.column }) },
        // Long names may wrap after an underscore, so a wide table stays narrow.
        h("div", { className: "wb-ce-colname" }, col.column.replace(/_/g, "_\u200b"),
          sort.column === col.column ? (sort.descending ? " ▼" : " ▲") : ""),
        h("div", { className: "wb-ce-colhint" }, rangeText(col)))));
    const body = v.rows.map((row) => {
      const cells = v.columns.map((col, j) => {
        const value = row.cells[j];
        const rejected = rejectionAt(v, row.key, col.column);
        const was = Object.prototype.hasOwnProperty.call(row.changed, col.column);
        const cls = ["wb-ce-cell", `wb-ce-${col.dtype}`];
        if (col.key) cls.push("wb-ce-keycol");
        if (was) cls.push("wb-ce-changed");
        if (rejected) cls.push("wb-ce-rejected");
        const input = cellInput(col, value, (raw) => act({ type: "edit", table: v.table,
          card: row.key, column: col.column, value: raw }),
          `cell:${v.table}:${row.key}:${col.column}`);
        return h("td", { className: cls.join(" "), "data-column": col.column,
          title: was ? `Was ${shown(row.changed[col.column]) || "blank"} in the file` : null },
          input,
          rejected ? h("div", { className: "wb-ce-reason", role: "alert", title: "Click to dismiss",
            onclick: () => act({ type: "dismiss" }) }, rejected.reason) : null);
      });
      const selected = v.form && v.form.card === row.key;
      return h("tr", { "data-card": row.key, className: (row.added ? "wb-ce-added" : "") + (selected ? " wb-ce-selected" : "") },
        h("td", { className: "wb-ce-rowhead" },
          h("button", { className: "wb-ce-open", title: "Open as a card, with sliders",
            onclick: () => act({ type: "select", table: v.table, card: selected ? null : row.key }) }, "▤"),
          h("button", { className: "wb-ce-duplicate", title: "Duplicate this card",
            onclick: () => act({ type: "duplicate", table: v.table, card: row.key }) }, "⊕"),
          h("button", { className: "wb-ce-delete", title: "Delete this card",
            onclick: () => act({ type: "delete", table: v.table, card: row.key }) }, "✕")),
        cells);
    });
    return h("div", { className: "wb-ce-gridbox" },
      h("table", { className: "wb-ce-grid", "data-table": v.table }, h("thead", {}, head), h("tbody", {}, body)));
  }

  function form(v) {
    const f = v.form;
    if (!f) return null;
    const fields = f.fields.map((field) => {
      const rejected = rejectionAt(v, f.card, field.column);
      const commit = (raw) => act({ type: "edit", table: v.table, card: f.card, column: field.column, value: raw });
      let control;
      if (field.slider_min !== undefined) {
        const number = h("output", { className: "wb-ce-slider-value" }, shown(field.value));
        control = h("span", { className: "wb-ce-slider" },
          h("input", { type: "range", min: field.slider_min, max: field.slider_max,
            step: field.dtype === "integer" ? 1 : "any", value: shown(field.value),
            "data-column": field.column, "data-focus-id": `slider:${field.column}`,
            title: `${field.doc}\nAllowed: ${field.expected}`,
            oninput: (e) => { number.textContent = e.target.value; },
            onchange: (e) => commit(e.target.value) }),
          number);
      } else {
        control = cellInput({ ...field, tooltip: `${field.doc}\nAllowed: ${field.expected}` },
          field.value, commit, `form:${field.column}`);
      }
      return h("label", { className: "wb-ce-field" + (rejected ? " wb-ce-rejected" : ""),
        "data-column": field.column },
        h("span", { className: "wb-ce-field-name", title: field.doc }, field.column),
        control,
        rejected ? h("div", { className: "wb-ce-reason", role: "alert" }, rejected.reason) : null);
    });
    return h("aside", { className: "wb-ce-form", "data-card": f.card },
      h("div", { className: "wb-ce-form-head" },
        h("b", {}, f.card),
        h("button", { className: "wb-ce-close", title: "Close",
          onclick: () => act({ type: "select", table: v.table, card: null }) }, "×")),
      h("div", { className: "wb-ce-cardart", html: f.html }),
      fields);
  }

  function status(v) {
    const r = v.rejection;
    return [
      h("div", { className: "wb-ce-message" }, v.message),
      v.error ? h("div", { className: "wb-ce-error", role: "alert" }, v.error) : null,
      // A refusal on this table with no cell on screen (a delete, an add, a filtered-out
      // row) shows here; Python decides (EditSession.banner).
      v.banner ? h("div", { className: "wb-ce-error wb-ce-refusal", role: "alert" }, v.banner) : null,
    ].filter(Boolean);
  }

  function changes(v) {
    const details = h("details", { className: "wb-ce-diff", open: diffOpen,
      ontoggle: (e) => { diffOpen = e.target.open; } },
      h("summary", {}, `Changes against the files (${v.diff.length})`),
      v.diff.length ? h("table", {},
        h("tr", {}, ["table", "card", "column", "file", "now"].map((c) => h("th", {}, c))),
        v.diff.map((d) => h("tr", {}, h("td", {}, d.table), h("td", {}, d.card), h("td", {}, d.column),
          h("td", { className: "wb-ce-old" }, shown(d.old)), h("td", { className: "wb-ce-new" }, shown(d.new)))))
        : h("div", {}, "No changes: the cards match the files."),
      v.removed.length ? h("div", {}, `Removed from ${v.table}: ${v.removed.join(", ")}`) : null);
    return details;
  }

  function draw() {
    const v = model.get("view");
    if (!v || !v.columns) return;
    const active = root.contains(document.activeElement) ? document.activeElement : null;
    const focusId = active && active.dataset ? active.dataset.focusId : null;
    const gridBox = root.querySelector(".wb-ce-gridbox");
    const scroll = gridBox ? [gridBox.scrollTop, gridBox.scrollLeft] : null;
    // A reply may come while the person types on in the filter box: what is typed stays.
    const typing = active && active.classList.contains("wb-ce-filter") && root.dataset.table === v.table
      ? [active.value, active.selectionStart, active.selectionEnd] : null;
    filterSent = v.filter;
    root.replaceChildren(
      header(v), ...status(v), tabs(v), toolbar(v),
      h("div", { className: "wb-ce-main" }, grid(v), form(v) || ""),
      changes(v));
    const newBox = root.querySelector(".wb-ce-gridbox");
    if (scroll && newBox) [newBox.scrollTop, newBox.scrollLeft] = scroll;
    // A column name cut short shows whole on hover, above the header's own tooltip.
    root.querySelectorAll(".wb-ce-grid th[data-column]").forEach((th) => {
      const name = th.querySelector(".wb-ce-colname");
      if (name.scrollWidth > name.clientWidth + 1) name.title = `${th.dataset.column}\n${th.title}`;
    });
    // The key column stays in view beside the row buttons while a wide table scrolls.
    const rowHead = root.querySelector(".wb-ce-grid th.wb-ce-rowhead");
    if (rowHead) root.querySelector(".wb-ce-grid").style.setProperty("--wb-ce-rowhead-width", `${rowHead.offsetWidth}px`);
    // What the sticky header and columns cover, kept clear when a cell is scrolled into view
    // (focus, a reason shown): the header's height varies with its column names.
    const thead = root.querySelector(".wb-ce-grid thead");
    const keyHead = root.querySelector(".wb-ce-grid th.wb-ce-keycol");
    if (newBox && thead) {
      newBox.style.setProperty("--wb-ce-head-height", `${thead.offsetHeight}px`);
      newBox.style.setProperty("--wb-ce-sticky-width",
        `${(rowHead ? rowHead.offsetWidth : 0) + (keyHead ? keyHead.offsetWidth : 0)}px`);
    }
    if (focusId) {
      const again = [...root.querySelectorAll("[data-focus-id]")].find((n) => n.dataset.focusId === focusId);
      if (again) again.focus();
      if (again && typing) {
        again.value = typing[0];
        again.setSelectionRange(typing[1], typing[2]);
      }
    }
    const reason = root.querySelector(".wb-ce-grid .wb-ce-reason");
    if (reason) reason.scrollIntoView({ block: "nearest", inline: "nearest" });
    root.dataset.version = String(v.version);
    root.dataset.table = v.table;
  }

  root.addEventListener("keydown", (e) => {
    if (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
    const ctrl = e.ctrlKey || e.metaKey;
    if (ctrl && e.key.toLowerCase() === "z" && !e.shiftKey) { e.preventDefault(); act({ type: "undo" }); }
    else if (ctrl && (e.key.toLowerCase() === "y" || (e.shiftKey && e.key.toLowerCase() === "z"))) {
      e.preventDefault(); act({ type: "redo" });
    }
  });

  model.on("change:view", draw);
  draw();
  return () => { clearTimeout(filterTimer); model.off("change:view", draw); close(); };
}

export default { render };
