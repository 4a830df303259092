// Flagstaff default theme: compare.html. It reads matrix-data.js
// (window.FLAGSTAFF_MATRIX) and lists, for one tenant in two environments or two
// tenants in one environment, the flags whose values differ first, then the
// others folded away. The choice lives in the address, so a comparison can be
// shared: #tenant=URB&from=staging&to=prod, or #tenant=URB&with=CSO&env=prod.
(function () {
  "use strict";

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function setup() {
    var data = window.FLAGSTAFF_MATRIX;
    var form = document.getElementById("compare");
    var result = document.getElementById("c-result");
    if (!data || !form || !result) return;
    var byEnvironments = document.getElementById("c-mode-envs");
    var byTenants = document.getElementById("c-mode-tenants");
    var tenant = document.getElementById("c-tenant");
    var from = document.getElementById("c-from");
    var to = document.getElementById("c-to");
    var other = document.getElementById("c-with");
    var env = document.getElementById("c-env");
    var environments = data.environments.map(function (e) { return e.name; });
    var tenantIds = data.tenants.map(function (t) { return t.id; });

    var digit = {};
    for (var a = 0; a < data.alphabet.length; a++) digit[data.alphabet.charAt(a)] = a;
    function look(flag, e, t) {
      var cells = flag.cells[e], position = 0;
      for (var i = 0; i < data.width; i++) position = position * data.alphabet.length + digit[cells.charAt(t * data.width + i)];
      return data.looks[position];
    }

    // The address's choice, or a sensible start: the first tenant, its last two environments.
    var params = new URLSearchParams(location.hash.replace(/^#/, ""));
    function pick(select, value, fallback) {
      var values = Array.prototype.map.call(select.options, function (o) { return o.value; });
      select.value = values.indexOf(value) >= 0 ? value : fallback;
    }
    pick(tenant, params.get("tenant"), tenantIds[0]);
    pick(from, params.get("from"), environments[Math.max(0, environments.length - 2)]);
    pick(to, params.get("to"), environments[environments.length - 1]);
    pick(other, params.get("with"), tenantIds[(tenantIds.indexOf(tenant.value) + 1) % tenantIds.length]);
    pick(env, params.get("env"), environments[environments.length - 1]);
    if (params.has("with")) byTenants.checked = true;

    function cellHTML(flag, e, t, label) {
      var item = look(flag, e, t);
      return '<td class="' + escapeHTML(item[0]) + '"><span class="label">' + escapeHTML(label) + "</span>" +
        '<a href="flags/' + flag.slug + ".html#t-" + data.tenants[t].slug + '">' + escapeHTML(item[1]) + "</a>" +
        (item[2] === null ? "" : '<span class="why">' + escapeHTML(item[2]) + "</span>") + "</td>";
    }

    function tableHTML(rows, headings) {
      return '<div class="stack"><table class="grid compare"><thead><tr><th scope="col">Flag</th><th scope="col">' + escapeHTML(headings[0]) +
        '</th><th scope="col">' + escapeHTML(headings[1]) + "</th></tr></thead><tbody>" + rows.join("") + "</tbody></table></div>";
    }

    function apply() {
      var environmentsMode = byEnvironments.checked;
      Array.prototype.forEach.call(form.querySelectorAll("[data-mode]"), function (field) {
        field.hidden = field.getAttribute("data-mode") !== (environmentsMode ? "environments" : "tenants");
      });
      var t = tenantIds.indexOf(tenant.value), name = data.tenants[t].name + " (" + data.tenants[t].id + ")";
      var sides, headings, title;
      if (environmentsMode) {
        var a = environments.indexOf(from.value), b = environments.indexOf(to.value);
        sides = [[a, t], [b, t]];
        headings = [from.value, to.value];
        title = name + ": " + from.value + " compared with " + to.value;
      } else {
        var u = tenantIds.indexOf(other.value), e = environments.indexOf(env.value);
        sides = [[e, t], [e, u]];
        headings = [data.tenants[t].name, data.tenants[u].name];
        title = name + " compared with " + data.tenants[u].name + " (" + data.tenants[u].id + ") in " + env.value;
      }
      var different = [], same = [];
      data.flags.forEach(function (flag) {
        var first = look(flag, sides[0][0], sides[0][1]), second = look(flag, sides[1][0], sides[1][1]);
        var row = '<tr data-k="' + escapeHTML(flag.key) + '"><th scope="row"><a href="flags/' + flag.slug + '.html">' + escapeHTML(flag.key) + "</a></th>" +
          cellHTML(flag, sides[0][0], sides[0][1], headings[0]) + cellHTML(flag, sides[1][0], sides[1][1], headings[1]) + "</tr>";
        (first[4] !== second[4] ? different : same).push(row);
      });
      var total = data.flags.length;
      result.innerHTML = "<h2>" + escapeHTML(title) + "</h2>" +
        '<p id="c-count">' + (different.length === 0 ? "No flag differs: all " + total + " have the same value."
          : different.length + " of " + total + " flags differ.") + "</p>" +
        (different.length ? tableHTML(different, headings) : "") +
        (same.length ? '<details class="same"><summary>' + same.length + (same.length === 1 ? " flag has" : " flags have") +
          " the same value</summary>" + tableHTML(same, headings) + "</details>" : "");
      var next = new URLSearchParams();
      next.set("tenant", tenant.value);
      if (environmentsMode) { next.set("from", from.value); next.set("to", to.value); } else { next.set("with", other.value); next.set("env", env.value); }
      try { history.replaceState(null, "", location.pathname + location.search + "#" + next.toString()); } catch (error) { location.replace("#" + next.toString()); }
    }

    [byEnvironments, byTenants, tenant, from, to, other, env].forEach(function (control) { control.addEventListener("change", apply); });
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    document.getElementById("c-needs-script").hidden = true;
    form.hidden = false;
    apply();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
