// Profile page: add and remove work-history rows of the Django formset.
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
