// Flagstaff default theme: the tenant page's filter, the home page's search for
// flags and tenants, and folded parts that a link points into (matrix.js draws
// the matrix). Everything works without this script; it only hides rows.
(function () {
  "use strict";

  function readHash() {
    return new URLSearchParams(location.hash.replace(/^#/, ""));
  }

  function writeHash(params) {
    var text = params.toString();
    var url = location.pathname + location.search + (text ? "#" + text : "");
    try { history.replaceState(null, "", url); } catch (error) { location.replace(text ? "#" + text : "#"); }
  }

  function setupTenant() {
    var form = document.getElementById("tenant-filters");
    if (!form) return;
    var onOnly = document.getElementById("f-on");
    onOnly.checked = readHash().get("on") === "1";
    function apply() {
      Array.prototype.forEach.call(document.querySelectorAll("table.tenant tbody"), function (body) {
        var any = false;
        Array.prototype.forEach.call(body.querySelectorAll("tr[data-k]"), function (row) {
          row.hidden = onOnly.checked && !row.hasAttribute("data-on");
          if (!row.hidden) any = true;
        });
        body.hidden = !any;
      });
      writeHash(new URLSearchParams(onOnly.checked ? "on=1" : ""));
    }
    onOnly.addEventListener("change", apply);
    form.hidden = false;
    apply();
  }

  function setupJump() {
    var form = document.getElementById("jump");
    if (!form) return;
    var input = document.getElementById("jump-q");
    form.addEventListener("submit", function (event) {
      var wanted = input.value.trim().toLowerCase();
      var options = document.querySelectorAll("#flag-keys option");
      // A flag's key, or a tenant's name or id (or both, as suggested), opens its page.
      for (var i = 0; i < options.length; i++) {
        var names = [options[i].value, options[i].getAttribute("data-id") || "", options[i].getAttribute("data-name") || ""];
        if (names.some(function (name) { return name && name.toLowerCase() === wanted; })) {
          event.preventDefault();
          location.href = options[i].getAttribute("data-href");
          return;
        }
      }
      event.preventDefault();
      location.href = "matrix.html#q=" + encodeURIComponent(input.value.trim());
    });
  }

  // A link into a folded part (lifecycle.html#s-stale, a flag's #engineers) unfolds it.
  function openTarget() {
    var id = decodeURIComponent(location.hash.replace(/^#/, ""));
    var target = id && document.getElementById(id);
    for (var node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS") node.open = true;
    }
    if (target && target.tagName === "DETAILS") target.scrollIntoView();
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupTenant();
    setupJump();
    openTarget();
  });
  window.addEventListener("hashchange", openTarget);
})();
