// "全选" on the import-export export page, bound here because our CSP blocks the
// library's inline onchange handler. Ticks or clears every field box.
document.addEventListener("DOMContentLoaded", () => {
  const toggle = document.getElementById("select-all-toggle");
  if (!toggle) return;
  toggle.addEventListener("change", () => {
    const boxes = document.querySelectorAll(
      '.selectable-field-export-row input[type="checkbox"]'
    );
    boxes.forEach((box) => {
      box.checked = toggle.checked;
    });
  });
});
