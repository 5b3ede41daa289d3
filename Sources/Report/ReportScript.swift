/// The report's one script, the filters: it only hides and shows rows, and without it the whole report reads.
enum ReportScript {
  static let source = """
    (function () {
      var form = document.getElementById('filters');
      if (!form) { return; }
      form.hidden = false;
      var rows = Array.prototype.slice.call(document.querySelectorAll('tr[data-result]'));
      var status = document.getElementById('shown');
      var total = document.querySelectorAll('#components tr[data-result]').length;
      function value(id) { return document.getElementById(id).value; }
      function apply() {
        var only = document.getElementById('f-only').checked;
        var platform = value('f-platform'), result = only ? 'Fail' : value('f-result');
        var severity = value('f-severity'), component = value('f-component');
        document.getElementById('f-result').disabled = only;
        var shown = 0;
        rows.forEach(function (row) {
          var keep = (!platform || row.dataset.platform === platform) &&
            (!result || row.dataset.result === result || (only && row.dataset.failedBefore === 'true')) &&
            (!severity || row.dataset.severity === severity) &&
            (!component || row.dataset.component === component);
          row.hidden = !keep;
          if (keep && row.closest('#components')) { shown += 1; }
        });
        document.querySelectorAll('section.component').forEach(function (section) {
          section.hidden = !section.querySelector('tr[data-result]:not([hidden])');
        });
        status.textContent = 'Showing ' + shown + ' of ' + total + ' checks.';
      }
      form.addEventListener('change', apply);
      form.addEventListener('reset', function () { window.setTimeout(apply, 0); });
      form.addEventListener('submit', function (event) { event.preventDefault(); apply(); });
      apply();
    })();
    """
}
