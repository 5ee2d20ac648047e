// Profile page: add and remove work-history rows of the Django formset.
import { t } from "./dom.js";
const form = document.querySelector("[data-profile-form]");
const list = form.querySelector("[data-history]");
const template = form.querySelector("[data-history-template]");
const add = form.querySelector("[data-history-add]");
const total = form.querySelector("input[name='work-TOTAL_FORMS']");
const max = Number(add.dataset.max) || 10;

function visibleRows() {
  return [...list.querySelectorAll("[data-history-row]")].filter((row) => !row.hidden);
}

function wire(row) {
  const box = row.querySelector("input[type='checkbox'][name$='-DELETE']");
  if (!box) return;
  const label = box.closest("label");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "button button--small button--ghost";
  button.textContent = label.textContent.trim();
  label.hidden = true;
  button.addEventListener("click", () => {
    box.checked = true;
    row.hidden = true;
    add.disabled = false;
    form.dispatchEvent(new Event("change")); // a removed row is an edit to save
    (visibleRows()[0]?.querySelector("input") || add).focus();
  });
  label.after(button);
}

function addRow() {
  const index = Number(total.value);
  if (visibleRows().length >= max) return;
  const fragment = template.content.cloneNode(true);
  for (const node of fragment.querySelectorAll("*")) {
    for (const attr of [...node.attributes]) {
      if (attr.value.includes("__prefix__")) attr.value = attr.value.replaceAll("__prefix__", String(index));
    }
  }
  const row = fragment.querySelector("[data-history-row]");
  list.append(row);
  total.value = String(index + 1);
  wire(row);
  row.querySelector("input")?.focus();
  add.disabled = visibleRows().length >= max;
}

for (const row of list.querySelectorAll("[data-history-row]")) wire(row);
add.addEventListener("click", addRow);
add.disabled = visibleRows().length >= max;

// ---- autosave, like the workbook: a quiet pause after typing saves the form ----
const SAVE_DELAY_MS = 800;
const status = form.querySelector("[data-save-state]");
const token = form.querySelector("input[name='csrfmiddlewaretoken']").value;
let timer = null;
let dirty = false;
let chain = Promise.resolve();

function show(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

function markErrors(errors) {
  for (const field of form.querySelectorAll(".field--error")) field.classList.remove("field--error");
  for (const name of Object.keys(errors || {})) {
    form.querySelector(`[name='${CSS.escape(name)}']`)?.closest(".field")?.classList.add("field--error");
  }
}

function save() {
  clearTimeout(timer);
  dirty = false;
  show("saving", t("saving"));
  const body = new FormData(form);
  chain = chain.then(() => fetch(form.action || window.location.href, {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "X-CSRFToken": token },
    body,
  })).then(async (response) => {
    const result = await response.json().catch(() => ({}));
    markErrors(result.errors);
    if (dirty) return; // typed again meanwhile: that save reports
    if (response.ok) show("saved", t("saved"));
    else show("failed", status.dataset.invalid);
  }).catch(() => {
    show("unsaved", status.dataset.offline);
    dirty = true;
    timer = setTimeout(save, 5000);
  });
}

function edited() {
  dirty = true;
  show("editing", t("editing"));
  clearTimeout(timer);
  timer = setTimeout(save, SAVE_DELAY_MS);
}

form.addEventListener("input", edited);
form.addEventListener("change", edited);
// The 保存 button still posts the whole form (the no-JavaScript path, with its
// confirmation message); a pending autosave is then not needed.
form.addEventListener("submit", () => { clearTimeout(timer); dirty = false; });
window.addEventListener("beforeunload", () => { if (dirty) save(); });
