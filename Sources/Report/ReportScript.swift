/// The report's one script, the filters: it only hides and shows rows, and without it the whole report reads.
enum ReportScript {
  static let source = """
    (function () {
      var form = document.getElementById('filters');
      if (!form) { return; }
      form.hidden = false;
      var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-result], #components tbody tr'));
      var status = document.getElementById('shown');
      var total = document.querySelectorAll('#components tbody tr').length;
      var known = null, filtered = false;
      function value(id) { return document.getElementById(id).value; }
      function columns(table) {
        var at = {};
        Array.prototype.forEach.call(table.tHead.rows[0].cells, function (cell, index) {
          if (cell.dataset.key) { at[cell.dataset.key] = index; }
        });
        return at;
      }
      // What each row is filtered on, read once, when a filter is first used. A Failures row carries it;
      // a component table's row shows it in the cells its header marks, under its section's component.
      function facts() {
        if (known) { return known; }
        var tables = new Map();
        known = rows.map(function (row) {
          if (row.dataset.result !== undefined) { return row.dataset; }
          var table = row.closest('table');
          if (!tables.has(table)) { tables.set(table, columns(table)); }
          var at = tables.get(table);
          function cell(key) { return at[key] === undefined ? '' : row.cells[at[key]].textContent; }
          return {
            platform: cell('platform'), result: cell('result'), severity: cell('severity'),
            component: row.closest('section.component').dataset.component,
            failedBefore: row.dataset.failedBefore
          };
        });
        return known;
      }
      function apply() {
        var only = document.getElementById('f-only').checked;
        var platform = value('f-platform'), result = only ? 'Fail' : value('f-result');
        var severity = value('f-severity'), component = value('f-component');
        document.getElementById('f-result').disabled = only;
        var any = Boolean(platform || result || severity || component);
        if (!any && !filtered) {
          status.textContent = 'Showing ' + total + ' of ' + total + ' checks.';
          return;
        }
        var shown = 0, all = any ? facts() : null;
        rows.forEach(function (row, index) {
          var fact = any ? all[index] : null;
          var keep = !any || ((!platform || fact.platform === platform) &&
            (!result || fact.result === result || (only && fact.failedBefore === 'true')) &&
            (!severity || fact.severity === severity) &&
            (!component || fact.component === component));
          row.hidden = !keep;
          if (keep && row.closest('#components')) { shown += 1; }
        });
        document.querySelectorAll('section.component').forEach(function (section) {
          section.hidden = !section.querySelector('tbody tr:not([hidden])');
        });
        filtered = any;
        status.textContent = 'Showing ' + shown + ' of ' + total + ' checks.';
      }
      form.addEventListener('change', apply);
      form.addEventListener('reset', function () { window.setTimeout(apply, 0); });
      form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
      apply();
    })();
    """
}
