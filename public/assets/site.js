// Flagstaff default theme: the tenant page's filter, the recent changes' filter, the home page's search for
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
        Array.prototype.forEach.call(body.querySelectorAll("tr:not(.group)"), function (row) {
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

  // recent-changes.html: show the changes of one tenant, one environment, or both.
  function setupHistory() {
    var form = document.getElementById("history-filters");
    if (!form) return;
    var tenant = document.getElementById("h-tenant");
    var env = document.getElementById("h-env");
    var none = document.getElementById("h-none");
    var params = readHash();
    function choose(select, value) {
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === (value || "")) { select.selectedIndex = i; return; }
      }
    }
    choose(tenant, params.get("tenant"));
    choose(env, params.get("env"));
    function concerns(item, attribute, wanted) {
      var names = (item.getAttribute(attribute) || "").split(" ").filter(Boolean);
      return !wanted || names.length === 0 || names.indexOf(wanted) >= 0;
    }
    function apply() {
      var shown = 0;
      Array.prototype.forEach.call(document.querySelectorAll(".history-entry"), function (entry) {
        var any = false;
        Array.prototype.forEach.call(entry.querySelectorAll(".changes > li"), function (item) {
          item.hidden = !(concerns(item, "data-tenants", tenant.value) && concerns(item, "data-envs", env.value));
          if (!item.hidden) any = true;
        });
        entry.hidden = !any;
        if (any) shown++;
      });
      none.hidden = shown > 0;
      var next = new URLSearchParams();
      if (tenant.value) next.set("tenant", tenant.value);
      if (env.value) next.set("env", env.value);
      writeHash(next);
    }
    tenant.addEventListener("change", apply);
    env.addEventListener("change", apply);
    document.getElementById("h-clear").addEventListener("click", function () {
      tenant.selectedIndex = 0;
      env.selectedIndex = 0;
      apply();
    });
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
      // A flag's key, or a tenant's name or id (or both, as suggested) or one of its facts ("CLP"), opens its page.
      for (var i = 0; i < options.length; i++) {
        var names = [options[i].value, options[i].getAttribute("data-id") || "", options[i].getAttribute("data-name") || ""]
          .concat((options[i].getAttribute("data-facts") || "").split("|"));
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
    setupHistory();
    setupJump();
    openTarget();
  });
  window.addEventListener("hashchange", openTarget);
})();
