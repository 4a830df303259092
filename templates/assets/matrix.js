// Flagstaff default theme: matrix.html's grid. It draws from matrix-data.js
// (window.FLAGSTAFF_MATRIX) and puts in the page only the rows on screen, plus a
// few above and below, so a matrix of any size opens at once. On a phone each
// flag's name takes a line above its values, and the grid shows as many tenants
// as fit the width, with buttons for the next ones, so it never scrolls sideways. Without this script the page links to the same matrix
// as plain tables (matrix/…).
(function () {
  "use strict";

  var BUFFER = 12; // rows drawn beyond each edge of the visible part
  var COLUMN_BUFFER = 8; // and columns

  function escapeHTML(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function readHash() {
    return new URLSearchParams(location.hash.replace(/^#/, ""));
  }

  function writeHash(params) {
    var text = params.toString();
    var url = location.pathname + location.search + (text ? "#" + text : "");
    try { history.replaceState(null, "", url); } catch (error) { location.replace(text ? "#" + text : "#"); }
  }

  function setup() {
    var data = window.FLAGSTAFF_MATRIX;
    var form = document.getElementById("filters");
    var grid = document.getElementById("grid");
    if (!data || !form || !grid) return;
    var env = document.getElementById("f-env");
    var tenant = document.getElementById("f-tenant");
    var query = document.getElementById("f-q");
    var differs = document.getElementById("f-differs");
    var envDiffers = document.getElementById("f-envs");
    var hint = document.getElementById("f-tenant-hint");
    var pager = document.getElementById("f-pager");
    var pageText = document.getElementById("f-page");
    var phone = window.matchMedia ? window.matchMedia("(max-width: 40rem)") : { matches: false };
    var tenantPage = 0;
    var remote = document.getElementById("f-remote");
    var phase = document.getElementById("f-phase");
    var phaseColumn = data.phaseColumn ? 1 : 0; // the Phase (or Type) column after the name, when the catalog has one
    var count = document.getElementById("f-count");
    var empty = document.getElementById("f-empty");
    var emptyText = document.getElementById("f-empty-text");
    var table = grid.querySelector("table");
    var colgroup = table.insertBefore(document.createElement("colgroup"), table.firstChild);
    var thead = table.querySelector("thead");
    var tbody = table.querySelector("tbody");
    var environments = data.environments.map(function (e) { return e.name; });
    var tenantIds = data.tenants.map(function (t) { return t.id; });
    var defaultEnv = environments[environments.length - 1] || "";

    // A look's cell, split around the link's address: class and text, escaped once.
    // Why a value is so is on the flag's page the cell links to, never only in a tooltip.
    var digit = {};
    for (var a = 0; a < data.alphabet.length; a++) digit[data.alphabet.charAt(a)] = a;
    var looks = data.looks.map(function (look) {
      return {
        head: '<td class="' + escapeHTML(look[0]) + '"><a href="',
        tail: '">' + escapeHTML(look[1]) + "</a></td>",
        remote: look[3],
        word: look[4]
      };
    });
    function lookAt(cells, column) {
      var position = 0;
      for (var i = 0; i < data.width; i++) position = position * data.alphabet.length + digit[cells.charAt(column * data.width + i)];
      return looks[position];
    }
    var flags = data.flags.map(function (flag) {
      return {
        key: flag.key, search: flag.search, group: flag.group, cells: flag.cells, marks: flag.marks, phase: flag.phase || "",
        badgeCount: flag.badges.length,
        // On a phone the phase column is hidden and the phase follows the name instead (style.css).
        // A header cell, not a value: the values are the row's tds, one per tenant.
        phaseHTML: phaseColumn ? '<th class="phase">' + escapeHTML(flag.phase || "") + "</th>" : "",
        nameHTML: '<th scope="row"><a href="flags/' + flag.slug + '.html">' + escapeHTML(flag.key).replace(/_/g, "_<wbr>") + "</a>" +
          (flag.phase ? '<span class="phase-inline"> \u00b7 ' + escapeHTML(flag.phase) + "</span>" : "") +
          (flag.badges.length ? '<span class="badges">' + flag.badges.map(function (b) {
            return '<b class="badge ' + escapeHTML(b[0]) + '">' + escapeHTML(b[1]) + "</b>";
          }).join(" ") + "</span>" : "") + "</th>",
        href: "flags/" + flag.slug + ".html#t-"
      };
    });

    var params = readHash();
    var wantedEnv = params.get("env");
    env.value = environments.indexOf(wantedEnv) >= 0 ? wantedEnv : (params.has("env") ? "" : defaultEnv);
    tenant.value = tenantIds.indexOf(params.get("tenant")) >= 0 ? params.get("tenant") : "";
    query.value = params.get("q") || new URLSearchParams(location.search).get("q") || "";
    differs.checked = params.get("differs") === "1";
    envDiffers.checked = params.get("envs") === "1";
    if (remote) remote.checked = params.get("remote") === "1";
    if (phase) phase.value = params.get("phase") || "";

    // The grid's lines after filtering: {kind: "env" | "group" | "row", env, flag or group}.
    var lines = [];
    var columns = [];
    var rowHeight = 0, columnWidth = 0, nameWidth = 0;
    var drawn = { start: -1, end: -1, first: -1, last: -1 };

    // A tenant column's width: room for the longest word of any tenant's name
    // (broken after a hyphen, never inside a word), at least 5rem (4rem on a phone).
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    var longestWord = (function () {
      var context = document.createElement("canvas").getContext("2d"), style = getComputedStyle(table);
      if (!context) return 0;
      context.font = "700 " + style.fontSize + " " + style.fontFamily;
      var widest = 0;
      data.tenants.forEach(function (t) {
        t.name.replace(/-/g, "- ").split(/\s+/).forEach(function (word) { widest = Math.max(widest, context.measureText(word).width); });
      });
      return widest;
    })();
    // On a phone the headers are set at .75rem (style.css), a little smaller than the table's text.
    var tableFont = parseFloat(getComputedStyle(table).fontSize) || 14;
    function tenantColumnWidth() {
      var word = phone.matches ? longestWord * 0.75 * rem / tableFont : longestWord;
      return Math.round(Math.min(14 * rem, Math.max((phone.matches ? 4 : 5) * rem, word + (phone.matches ? 0.5 : 1) * rem + 4)));
    }

    // Beside a phone, a few columns (a single app's one) share the room the page has
    // beside the name and phase, up to 20rem each, so their values are not cut.
    function shownColumnWidth() {
      var width = tenantColumnWidth();
      if (phone.matches || !columns.length) return width;
      var room = grid.parentElement.clientWidth - 2 - (17 + 8 * phaseColumn) * rem;
      return Math.max(width, Math.min(20 * rem, Math.floor(room / columns.length)));
    }

    function headerHTML() {
      var cols = '<col class="name">', cells = '<tr><th scope="col">Flag</th>';
      if (phaseColumn) {
        cols += '<col class="phase">';
        cells += '<th scope="col" class="phase">' + escapeHTML(data.phaseColumn) + "</th>";
      }
      var width = shownColumnWidth();
      columns.forEach(function (t) {
        var item = data.tenants[t];
        cols += '<col style="width:' + width + 'px">';
        cells += '<th scope="col" data-t="' + escapeHTML(item.id) + '"><a href="tenants/' + item.slug + '.html">' +
          escapeHTML(item.name) + "</a></th>";
      });
      colgroup.innerHTML = cols;
      thead.innerHTML = cells + "</tr>";
    }

    function lineHTML(line) {
      var span = columns.length + 1 + phaseColumn;
      if (line.kind === "env") {
        var name = environments[line.env];
        return '<tr class="env" id="env-' + escapeHTML(name) + '" data-env="' + escapeHTML(name) + '"><th colspan="' + span +
          '" scope="rowgroup"><span>' + escapeHTML(name) + "</span></th></tr>";
      }
      if (line.kind === "group") {
        return '<tr class="group"><th colspan="' + span + '" scope="rowgroup"><span>' + escapeHTML(data.groups[line.group]) + "</span></th></tr>";
      }
      var flag = flags[line.flag], e = line.env, environment = data.environments[e];
      var html = '<tr data-k="' + escapeHTML(flag.key) + '" data-e="' + escapeHTML(environment.name) + '"' +
        (flag.marks.charAt(e) & 1 ? ' data-d="1"' : "") + ">" + flag.nameHTML + flag.phaseHTML;
      var cells = flag.cells[e];
      // Only the columns around the visible ones get cells; one empty cell stands for the others on each side.
      if (drawn.first > 0) html += '<td class="gap" colspan="' + drawn.first + '"></td>';
      for (var c = drawn.first; c < drawn.last; c++) {
        var t = columns[c], look = lookAt(cells, t);
        html += look.head + flag.href + data.tenants[t].slug + look.tail;
      }
      if (drawn.last < columns.length) html += '<td class="gap" colspan="' + (columns.length - drawn.last) + '"></td>';
      return html + "</tr>";
    }

    function spacer(height) {
      return height > 0 ? '<tr class="spacer" aria-hidden="true" style="height:' + height + 'px"><td colspan="' + (columns.length + 1 + phaseColumn) + '"></td></tr>' : "";
    }

    // Draws the lines and columns around the visible part, unless they are drawn already.
    function draw(force) {
      var first = Math.floor(grid.scrollTop / rowHeight);
      var visible = Math.ceil(grid.clientHeight / rowHeight) + 1;
      var firstColumn = Math.floor(grid.scrollLeft / columnWidth);
      var lastColumn = Math.min(columns.length, Math.ceil((grid.scrollLeft + grid.clientWidth - nameWidth) / columnWidth) + 1);
      if (!force && first >= drawn.start && Math.min(lines.length, first + visible) <= drawn.end &&
          firstColumn >= drawn.first && lastColumn <= drawn.last) return;
      var start = Math.max(0, first - BUFFER), end = Math.min(lines.length, first + visible + BUFFER);
      drawn = { start: start, end: end, first: Math.max(0, firstColumn - COLUMN_BUFFER), last: Math.min(columns.length, lastColumn + COLUMN_BUFFER) };
      var html = spacer(start * rowHeight);
      for (var i = start; i < end; i++) html += lineHTML(lines[i]);
      tbody.innerHTML = html + spacer((lines.length - end) * rowHeight);
    }

    // A line's height and a column's width, measured on the drawn grid; every line and column has the same.
    function measure() {
      var probe = tbody.querySelector("tr[data-k], tr.env"), header = thead.querySelector("th[data-t]");
      if (!probe || !header) return;
      var height = probe.getBoundingClientRect().height, width = header.getBoundingClientRect().width;
      // The columns before the tenants': the name and, when there is one, the phase.
      nameWidth = thead.querySelector("th").getBoundingClientRect().width +
        (phaseColumn ? thead.querySelector("th.phase").getBoundingClientRect().width : 0);
      if ((height > 0 && Math.abs(height - rowHeight) > 0.5) || (width > 0 && Math.abs(width - columnWidth) > 0.5)) {
        rowHeight = height || rowHeight;
        columnWidth = width || columnWidth;
        draw(true);
      }
    }

    // Whether a tenant's value of a flag differs between environments.
    function differsBetweenEnvironments(flag, column) {
      var word = lookAt(flag.cells[0], column).word;
      for (var e = 1; e < environments.length; e++) if (lookAt(flag.cells[e], column).word !== word) return true;
      return false;
    }

    // How many tenant columns fit beside the name column on a phone.
    // How many tenant columns fit the width on a phone, where each flag's name
    // takes a line of its own above its values (style.css, .paged).
    function pageSize() {
      return Math.max(1, Math.floor((grid.parentElement.clientWidth - 2) / tenantColumnWidth()));
    }

    // The tenants whose name or id a search names, for the hint above the grid.
    function namedTenants(text) {
      var wanted = text.trim().toLowerCase();
      if (wanted.length < 2) return [];
      return data.tenants.filter(function (t) {
        return t.id.toLowerCase() === wanted || t.name.toLowerCase().indexOf(wanted) >= 0;
      });
    }

    function showHint() {
      var named = namedTenants(query.value);
      hint.hidden = named.length === 0;
      hint.innerHTML = named.slice(0, 3).map(function (t) {
        return escapeHTML(t.name) + " (" + escapeHTML(t.id) + ") is a " + escapeHTML(hint.getAttribute("data-word")) + ": <a href=\"tenants/" + t.slug + '.html">open its page</a> or ' +
          '<button type="button" data-tenant="' + escapeHTML(t.id) + '">show only its column</button>';
      }).join("<br>");
    }

    function apply() {
      var terms = query.value.toLowerCase().split(/\s+/).filter(Boolean);
      var column = tenantIds.indexOf(tenant.value);
      columns = column < 0 ? tenantIds.map(function (_, i) { return i; }) : [column];
      var paged = phone.matches, pages = 1;
      if (paged) {
        var size = pageSize();
        pages = Math.ceil(columns.length / size);
        tenantPage = Math.min(tenantPage, pages - 1);
        var start = tenantPage * size;
        columns = columns.slice(start, start + size);
        pageText.textContent = pager.getAttribute("data-word") + " " + (start + 1) + "\u2013" + (start + columns.length) + " of " + tenantIds.length;
        document.getElementById("f-prev").disabled = tenantPage === 0;
        document.getElementById("f-next").disabled = tenantPage >= pages - 1;
      }
      pager.hidden = pages < 2;
      grid.classList.toggle("paged", paged);
      // Rows are one height (the grid draws only those on screen); a flag with two
      // badges or more makes them tall enough for its badges to wrap.
      grid.classList.toggle("tall", flags.some(function (flag) { return flag.badgeCount > 1; }));
      table.style.setProperty("--columns", String(columns.length));
      var envs = env.value ? [environments.indexOf(env.value)] : environments.map(function (_, i) { return i; });
      var matches = flags.map(function (flag) {
        return (!phase || !phase.value || flag.phase === phase.value) &&
          terms.every(function (term) { return flag.search.indexOf(term) >= 0; });
      });
      // A search that names a tenant shows the flags, not nothing: the tenant is offered above.
      var named = namedTenants(query.value);
      if (named.length && !matches.some(Boolean)) matches = flags.map(function () { return true; });
      showHint();
      var envMatches = flags.map(function (flag) {
        if (!envDiffers.checked) return true;
        return column < 0 ? (flag.marks.charAt(0) & 4) !== 0 : differsBetweenEnvironments(flag, column);
      });
      var shown = {}, visible = 0;
      lines = [];
      envs.forEach(function (e) {
        var envLine = { kind: "env", env: e }, added = false, group = -1;
        flags.forEach(function (flag, f) {
          if (!matches[f] || !envMatches[f]) return;
          var marks = flag.marks.charAt(e);
          if (differs.checked && !(marks & 1)) return;
          if (remote && remote.checked) {
            if (column < 0 ? !(marks & 2) : !lookAt(flag.cells[e], column).remote) return;
          }
          if (!added) { lines.push(envLine); added = true; }
          if (flag.group !== group) {
            group = flag.group;
            if (data.groups[group] !== null) lines.push({ kind: "group", env: e, group: group });
          }
          lines.push({ kind: "row", env: e, flag: f });
          if (!shown[f]) { shown[f] = true; visible++; }
        });
      });
      var total = flags.length;
      count.textContent = visible === total ? "Showing all " + total + " flags." : "Showing " + visible + " of " + total + " flags.";
      empty.hidden = visible > 0;
      grid.hidden = visible === 0;
      emptyText.textContent = query.value.trim()
        ? "No flag matches \u201c" + query.value.trim() + "\u201d with these filters."
        : "No flag matches these filters.";
      headerHTML();
      grid.scrollTop = 0;
      if (!rowHeight) rowHeight = 48;
      if (!columnWidth) columnWidth = 80;
      draw(true);
      measure();
      var next = new URLSearchParams();
      if (env.value !== defaultEnv) next.set("env", env.value);
      if (tenant.value) next.set("tenant", tenant.value);
      if (query.value) next.set("q", query.value);
      if (differs.checked) next.set("differs", "1");
      if (envDiffers.checked) next.set("envs", "1");
      if (remote && remote.checked) next.set("remote", "1");
      if (phase && phase.value) next.set("phase", phase.value);
      writeHash(next);
    }

    // Back to the page as it first opens: the default environment, nothing else.
    document.getElementById("f-clear").addEventListener("click", function () {
      env.value = defaultEnv;
      tenant.value = "";
      query.value = "";
      differs.checked = false;
      envDiffers.checked = false;
      if (remote) remote.checked = false;
      if (phase) phase.value = "";
      apply();
      query.focus();
    });
    [env, tenant, differs, envDiffers, remote, phase].forEach(function (control) { if (control) control.addEventListener("change", apply); });
    document.getElementById("f-prev").addEventListener("click", function () { tenantPage = Math.max(0, tenantPage - 1); apply(); });
    document.getElementById("f-next").addEventListener("click", function () { tenantPage += 1; apply(); });
    if (phone.addEventListener) phone.addEventListener("change", function () { tenantPage = 0; apply(); });
    hint.addEventListener("click", function (event) {
      var id = event.target.getAttribute && event.target.getAttribute("data-tenant");
      if (!id) return;
      tenant.value = id;
      query.value = "";
      apply();
    });
    query.addEventListener("input", apply);
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    grid.addEventListener("scroll", function () { draw(false); });
    window.addEventListener("resize", function () { draw(true); measure(); });
    var tables = document.getElementById("tables");
    if (tables) tables.open = false;
    form.hidden = false;
    grid.hidden = false;
    apply();
    // For scripts/bench-browser: when the grid first answers.
    if (window.performance && performance.mark) performance.mark("flagstaff-matrix-ready");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setup);
  else setup();
})();
