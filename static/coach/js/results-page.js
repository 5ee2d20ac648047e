// Results page: rank values with up/down (saved as JSON with the CSRF token)
// and print to PDF.
const TOP = 5;
const form = document.querySelector("[data-rank-form]");
const printButton = document.querySelector("[data-print]");

printButton?.addEventListener("click", () => window.print());

if (form) {
  const list = form.querySelector("[data-rank-list]");
  const status = form.querySelector("[data-rank-status]");
  const token = form.querySelector("input[name='csrfmiddlewaretoken']").value;
  let saving = Promise.resolve();

  const renumber = () => {
    [...list.children].forEach((item, i) => {
      item.querySelector(".rank-item__num").textContent = String(i + 1);
      item.classList.toggle("rank-item--top", i < TOP);
    });
  };

  const save = () => {
    const order = [...list.children].map((item) => item.dataset.id);
    status.textContent = status.dataset.saving;
    saving = saving.then(() => fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token },
      body: JSON.stringify({ values_order: order }),
    })).then((response) => {
      status.textContent = response.ok ? status.dataset.saved : status.dataset.failed;
    }).catch(() => { status.textContent = status.dataset.offline; });
  };

  form.addEventListener("click", (event) => {
    const button = event.target.closest("[data-move]");
    if (!button) return;
    event.preventDefault();
    const item = button.closest("li");
    const other = button.dataset.move === "up" ? item.previousElementSibling : item.nextElementSibling;
    if (!other) return;
    if (button.dataset.move === "up") other.before(item); else other.after(item);
    renumber();
    button.focus();
    save();
  });
}
