// Set <html data-theme> before the first paint: the person's pick (localStorage),
// else the system setting, which is followed live while nothing is picked.
// A classic script in <head> (CSP allows 'self' scripts; no inline code).
(function () {
  var KEY = "coach-theme";
  var media = window.matchMedia("(prefers-color-scheme: dark)");
  function picked() {
    try {
      var value = window.localStorage.getItem(KEY);
      return value === "dark" || value === "light" ? value : null;
    } catch (error) {
      return null; // storage blocked: follow the system
    }
  }
  function apply() {
    document.documentElement.dataset.theme = picked() || (media.matches ? "dark" : "light");
  }
  apply();
  media.addEventListener("change", apply);
})();
