// Flagstaff default theme: filters for the matrix and tenant pages, and the
// home page's flag search. Everything works without this script; it only hides rows.
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

  function setupMatrix() {
    var form = document.getElementById("filters");
    var indexNode = document.getElementById("search-index");
    if (!form || !indexNode) return;
    var index = JSON.parse(indexNode.textContent);
    var env = document.getElementById("f-env");
    var tenant = document.getElementById("f-tenant");
    var query = document.getElementById("f-q");
    var differs = document.getElementById("f-differs");
    var remote = document.getElementById("f-remote");
    var count = document.getElementById("f-count");
    var empty = document.getElementById("f-empty");
    var emptyText = document.getElementById("f-empty-text");
    var sections = Array.prototype.slice.call(document.querySelectorAll("section.env"));
    var style = document.createElement("style");
    document.head.appendChild(style);
    var environments = sections.map(function (s) { return s.getAttribute("data-env"); });
    var tenantIds = Array.prototype.map.call(sections[0] ? sections[0].querySelectorAll("thead th[data-t]") : [], function (th) {
      return th.getAttribute("data-t");
    });

    var params = readHash();
    var wantedEnv = params.get("env");
    env.value = environments.indexOf(wantedEnv) >= 0 ? wantedEnv : (params.has("env") ? "" : environments[environments.length - 1] || "");
    tenant.value = tenantIds.indexOf(params.get("tenant")) >= 0 ? params.get("tenant") : "";
    query.value = params.get("q") || new URLSearchParams(location.search).get("q") || "";
    differs.checked = params.get("differs") === "1";
    if (remote) remote.checked = params.get("remote") === "1";

    // Whether remote config decides a row's cell for the chosen tenant, or for any tenant.
    function decidedRemotely(row, column) {
      var cells = row.querySelectorAll("td");
      var chosen = column < 0 ? Array.prototype.slice.call(cells) : [cells[column]];
      return chosen.some(function (cell) { return cell && /r$/.test(cell.className); });
    }

    function apply() {
      var terms = query.value.toLowerCase().split(/\s+/).filter(Boolean);
      var column = tenantIds.indexOf(tenant.value);
      style.textContent = column < 0 ? "" :
        "table.matrix tr > :nth-child(n+2):not(:nth-child(" + (column + 2) + ")):not([colspan]) { display: none; }";
      var shown = {};
      sections.forEach(function (section) {
        var visibleSection = !env.value || section.getAttribute("data-env") === env.value;
        var anyRow = false;
        Array.prototype.forEach.call(section.querySelectorAll("tbody"), function (body) {
          var any = false;
          Array.prototype.forEach.call(body.querySelectorAll("tr[data-k]"), function (row) {
            var key = row.getAttribute("data-k");
            var text = index[key] || "";
            var match = terms.every(function (term) { return text.indexOf(term) >= 0; });
            if (differs.checked && !row.hasAttribute("data-d")) match = false;
            if (remote && remote.checked && !decidedRemotely(row, column)) match = false;
            row.hidden = !match;
            if (match) { any = true; if (visibleSection) shown[key] = true; }
          });
          body.hidden = !any;
          anyRow = anyRow || any;
        });
        // A table with no row left is hidden; the message below says why.
        section.hidden = !visibleSection || !anyRow;
      });
      var total = Object.keys(index).length;
      var visible = Object.keys(shown).length;
      count.textContent = visible === total ? "Showing all " + total + " flags." : "Showing " + visible + " of " + total + " flags.";
      empty.hidden = visible > 0;
      emptyText.textContent = query.value.trim()
        ? "No flag matches \u201c" + query.value.trim() + "\u201d with these filters."
        : "No flag matches these filters.";
      var next = new URLSearchParams();
      if (env.value !== (environments[environments.length - 1] || "")) next.set("env", env.value);
      if (tenant.value) next.set("tenant", tenant.value);
      if (query.value) next.set("q", query.value);
      if (differs.checked) next.set("differs", "1");
      if (remote && remote.checked) next.set("remote", "1");
      writeHash(next);
    }

    // Back to the page as it first opens: the default environment, nothing else.
    document.getElementById("f-clear").addEventListener("click", function () {
      env.value = environments[environments.length - 1] || "";
      tenant.value = "";
      query.value = "";
      differs.checked = false;
      if (remote) remote.checked = false;
      apply();
      query.focus();
    });
    [env, tenant, differs, remote].forEach(function (control) { if (control) control.addEventListener("change", apply); });
    query.addEventListener("input", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    form.hidden = false;
    apply();
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
      for (var i = 0; i < options.length; i++) {
        if (options[i].value.toLowerCase() === wanted) {
          event.preventDefault();
          location.href = options[i].getAttribute("data-href");
          return;
        }
      }
      event.preventDefault();
      location.href = "matrix.html#q=" + encodeURIComponent(input.value.trim());
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    setupMatrix();
    setupTenant();
    setupJump();
  });
})();
