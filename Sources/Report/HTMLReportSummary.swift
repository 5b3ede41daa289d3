import Audit
import Conformance
import CriteriaModel
import Foundation

/// The report's Summary: the counts by result, the chart and the table of its numbers, and the table of
/// every component and platform pair (in the Summary, or past `chartPairLimit` pairs in a section of its
/// own).
extension HTMLReport {
  /// Rows grouped by a key, the groups in the order their first row comes in the sheet.
  static func grouped<Key: Hashable>(
    _ rows: [ResultRow], by key: (ResultRow) -> Key
  ) -> [(key: Key, rows: [ResultRow])] {
    var order: [Key] = []
    var byKey: [Key: [ResultRow]] = [:]
    for row in rows {
      let value = key(row)
      if byKey[value] == nil { order.append(value) }
      byKey[value, default: []].append(row)
    }
    return order.map { ($0, byKey[$0] ?? []) }
  }

  /// Component and platform pairs in sheet order, with their rows.
  static func groups(_ rows: [ResultRow]) -> [(
    component: String, platform: String, rows: [ResultRow]
  )] {
    grouped(rows) { [$0.component, $0.platform] }.map {
      ($0.key[0], $0.key[1], $0.rows)
    }
  }

  /// A table of checks by result, a row per group: its heading cells, a count per result word, and
  /// a last column.
  func countTable(
    caption: String, heads: [String], last: String,
    rows: [(cells: String, rows: [ResultRow])],
    lastCell: ([ResultRow]) -> String
  ) -> String {
    let columns = heads + results.statuses + [last]
    var out =
      "<table>\n<caption>\(caption)</caption>\n<thead><tr>"
      + columns.map { "<th scope=\"col\">\(e($0))</th>" }.joined()
      + "</tr></thead>\n<tbody>\n"
    for row in rows {
      out +=
        "<tr>" + row.cells
        + results.statuses.map { "<td>\(count(row.rows, $0))</td>" }.joined()
      out += "<td>\(lastCell(row.rows))</td></tr>\n"
    }
    return out + "</tbody>\n</table>\n"
  }

  func count(_ rows: [ResultRow], _ word: String) -> Int {
    rows.filter { $0.result == word }.count
  }

  func conformance(_ rows: [ResultRow]) -> String {
    VPATRollup.term(
      rows.map {
        (
          VPATRollup.unit(component: $0.component, platform: $0.platform),
          $0.outcome
        )
      })?.label ?? (rows.isEmpty ? "" : "Not enough evidence")
  }

  /// What a stakeholder asks first, before any table: per platform, how the audit stands against WCAG
  /// 2.2 Level A and AA (the criteria its checks test, those with a failure), and the failures open by
  /// severity.
  func glance() -> String {
    let levels = WCAG22.all.filter { $0.level != .aaa }
    var lines: [String] = []
    for (platform, rows) in byPlatform {
      var tested = 0
      var failing: [String] = []
      for criterion in levels {
        let here = rows.filter {
          !$0.retired && $0.countedWCAG.contains(criterion.number)
        }
        guard
          let term = VPATRollup.term(
            here.map {
              (
                VPATRollup.unit(component: $0.component, platform: platform),
                $0.outcome
              )
            })
        else { continue }
        tested += 1
        if term == .doesNotSupport || term == .partiallySupports {
          failing.append(criterion.number)
        }
      }
      let named =
        failing.isEmpty
        ? "none fails"
        : "\(failing.count) \(failing.count == 1 ? "has" : "have") a failure ("
          + failing.prefix(8).joined(separator: ", ")
          + (failing.count > 8 ? " and \(failing.count - 8) more" : "") + ")"
      lines.append(
        "<li><strong>\(e(platform))</strong>: its checks test \(tested) of the \(levels.count) Level A "
          + "and AA criteria; \(named).</li>")
    }
    let open = results.rows.filter { $0.outcome == .fail }
    // In the layout's order of severities (Critical first), then any other word, then none.
    let order = results.severities
    let bySeverity = Self.grouped(open) { $0.severity }.sorted {
      (order.firstIndex(of: $0.key) ?? ($0.key.isEmpty ? Int.max : order.count))
        < (order.firstIndex(of: $1.key)
          ?? ($1.key.isEmpty ? Int.max : order.count))
    }.map {
      "\($0.rows.count) \($0.key.isEmpty ? "without a severity" : e($0.key))"
    }
    let failures =
      open.isEmpty
      ? "No check fails."
      : "\(open.count) \(open.count == 1 ? "check fails" : "checks fail"): "
        + bySeverity.joined(separator: ", ") + "."
    return "<p>Against WCAG 2.2 Level A and AA:</p>\n<ul class=\"glance\">\n"
      + lines.joined(separator: "\n") + "\n</ul>\n<p>" + failures
      + " <a href=\"#failures\">The failures</a> are listed below.</p>\n"
  }

  func summary() -> String {
    let statuses = results.statuses
    var out =
      "<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Summary</h2>\n"
    out += glance()
    out +=
      "<table class=\"counts\">\n<caption>Checks by result</caption>\n<thead><tr>"
    out +=
      statuses.map { "<th scope=\"col\">\(e($0))</th>" }.joined()
      + "<th scope=\"col\">All</th></tr></thead>\n<tbody><tr>"
    out += statuses.map {
      "<td data-count=\"\(e($0))\">\(count(results.rows, $0))</td>"
    }.joined()
    out +=
      "<td data-count=\"all\">\(results.rows.count)</td></tr></tbody>\n</table>\n"
    out += "<div class=\"side\">\n" + chart() + "\n"
    out += (manyPairs ? platformTable() : pairTable()) + "</div>\n"
    if manyPairs {
      out +=
        "<p>The results and conformance of each of the \(groups.count) component and platform pairs are "
        + "<a href=\"#pairs\">listed after the failures</a>.</p>\n"
    }
    out += "</section>\n"
    return out
  }

  /// Whether the audit has more component and platform pairs than the Summary shows one by one
  /// (`chartPairLimit`).
  ///
  /// The Summary then charts and counts per platform, and the table of every pair has a section of its
  /// own after the failures: the Summary stays a summary, and the failures are not pushed down below a
  /// table hundreds of rows long.
  var manyPairs: Bool { groups.count > Self.chartPairLimit }

  /// Results and conformance per component and platform.
  func pairTable() -> String {
    countTable(
      caption: "Results and conformance per component and platform",
      heads: ["Component", "Platform"], last: "Conformance",
      rows: groups.map {
        (
          ContentLanguage.cell(
            $0.component, languages.documents, tag: "th",
            attributes: " scope=\"row\"")
            + "<td>\(e($0.platform))</td>",
          $0.rows
        )
      }
    ) { e(conformance($0)) }
  }

  /// Checks per platform by result: the numbers of the chart when it draws a bar per platform.
  func platformTable() -> String {
    countTable(
      caption: "Checks per platform by result", heads: ["Platform"],
      last: "All",
      rows: byPlatform.map {
        ("<th scope=\"row\">\(e($0.platform))</th>", $0.rows)
      }
    ) { "\($0.count)" }
  }

  /// The table of every component and platform pair in a section of its own (`manyPairs`).
  func pairs() -> String {
    "<section id=\"pairs\" aria-labelledby=\"pairs-h\"\(lazy(groups.count))>\n"
      + "<h2 id=\"pairs-h\">Results per component and platform</h2>\n"
      + pairTable() + "</section>\n"
  }

  /// The most component and platform pairs the chart draws one bar each for.
  ///
  /// Past it (about 30 components on two platforms, a chart taller than a screen) a bar per pair is no
  /// longer a picture a reader takes in at a glance, its text alternative becomes a list hundreds of
  /// items long, and on a 10,000-row audit its thousands of shapes take much of the page's load time.
  /// The chart then draws a bar per platform, and the table of every pair has a section of its own
  /// (`manyPairs`).
  static let chartPairLimit = 60

  /// A stacked bar per component and platform (per platform past `chartPairLimit` pairs), drawn as SVG;
  /// the table beside it holds the same numbers.
  func chart() -> String {
    guard groups.count > Self.chartPairLimit else {
      return chart(
        bars: groups.map {
          (
            label: $0.component + " · " + $0.platform,
            spoken: "\($0.component) on \($0.platform)", rows: $0.rows
          )
        },
        title: "Results per component and platform",
        caption:
          "Bars: checks per component and platform by result; the table gives the numbers."
      )
    }
    return chart(
      bars: byPlatform.map {
        (label: $0.platform, spoken: $0.platform, rows: $0.rows)
      },
      title: "Results per platform",
      caption:
        "Bars: checks per platform by result; the table gives the numbers. The audit's \(groups.count) "
        + "component and platform pairs are too many to draw one by one.")
  }

  func chart(
    bars: [(label: String, spoken: String, rows: [ResultRow])], title: String,
    caption: String
  ) -> String {
    let colours = ["#1b7f3b", "#c62828", "#6b6b6b", "#b0bec5", "#b26a00"]
    let rowHeight = 16.0
    // Room for the longest label (at most 40 characters of 11-pixel text), so short labels such as
    // platforms leave the bars the width.
    let labelWidth = min(
      230.0, Double(bars.map { min($0.label.count, 40) }.max() ?? 0) * 6 + 12)
    let barWidth = 300.0
    let height = Double(bars.count) * rowHeight + 40
    let most = max(bars.map(\.rows.count).max() ?? 1, 1)
    // The legend's entries, left to right from the left edge: each word's x, then where the next starts.
    let legend = results.statuses.reduce(into: [(status: String, x: Double)]())
    { entries, status in
      let x = entries.last.map { $0.x + Double($0.status.count) * 7 + 34 } ?? 10
      entries.append((status, x))
    }
    let legendEnd =
      legend.last.map { $0.x + Double($0.status.count) * 7 + 24 } ?? 0
    // Wide enough for the bars and for the whole legend, so no word of it is cut off.
    let width = Int(max(labelWidth + barWidth + 20, legendEnd))
    var out =
      "<figure>\n<svg role=\"img\" aria-labelledby=\"chart-t chart-d\" width=\"\(width)\" height=\"\(Int(height))\" viewBox=\"0 0 \(width) \(Int(height))\">\n"
    out += "<title id=\"chart-t\">\(title)</title>\n"
    let describe = bars.map { bar in
      "\(bar.spoken): "
        + results.statuses.map { "\(count(bar.rows, $0)) \($0.lowercased())" }
        .joined(separator: ", ")
    }.joined(separator: "; ")
    out += "<desc id=\"chart-d\">\(e(describe)).</desc>\n"
    for (index, bar) in bars.enumerated() {
      let y = Double(index) * rowHeight + 4
      out +=
        "<text x=\"\(Int(labelWidth - 6))\" y=\"\(Int(y + 10))\" text-anchor=\"end\" font-size=\"11\">\(e(String(bar.label.prefix(40))))</text>"
      var x = labelWidth
      for (statusIndex, status) in results.statuses.enumerated() {
        let n = count(bar.rows, status)
        guard n > 0 else { continue }
        let width = barWidth * Double(n) / Double(most)
        out +=
          "<rect x=\"\(String(format: "%.1f", x))\" y=\"\(Int(y))\" width=\"\(String(format: "%.1f", width))\" height=\"\(Int(rowHeight - 4))\" fill=\"\(colours[statusIndex % colours.count])\"/>"
        x += width
      }
      out += "\n"
    }
    let legendY = Double(bars.count) * rowHeight + 20
    for (index, entry) in legend.enumerated() {
      out +=
        "<rect x=\"\(Int(entry.x))\" y=\"\(Int(legendY))\" width=\"12\" height=\"12\" fill=\"\(colours[index % colours.count])\"/>"
      out +=
        "<text x=\"\(Int(entry.x + 16))\" y=\"\(Int(legendY + 11))\" font-size=\"12\">\(e(entry.status))</text>"
    }
    out +=
      "\n</svg>\n<figcaption>\(caption)</figcaption>\n</figure>"
    return out
  }
}
