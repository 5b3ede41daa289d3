import Audit
import Conformance
import CriteriaModel

/// What the workbook's formulas evaluate to when it is written.
///
/// These are the cached values a reader that does not recalculate (LibreOffice by default, openpyxl,
/// previews) shows. A fresh workbook has every row at the
/// layout's default word (Not applicable where the expectation is N/A); a refreshed one has the
/// carried Results, and the findings among its retired rows, counted as the ACR counts them.
struct ResultTally {
  /// Counts by result word (the layout's order) per component and platform, keyed by `unit`.
  private(set) var units: [String: [Int]] = [:]
  /// Units only retired findings name (their component is gone, or has no checks on that platform), in
  /// the order the Retired sheet names them, with their counts: the Summary's rows after the catalog's.
  private(set) var retiredUnits: [RetiredUnit] = []
  /// Counts by result word per kind and success criterion.
  private(set) var criteria: [WCAGSheet.Kind: [String: [Int]]] = [:]
  /// Per kind and success criterion, the units (a component on one platform) whose rows count for it,
  /// in the catalog's order, each with its counts by result word.
  private(set) var criterionUnits: [WCAGSheet.Kind: [String: [UnitTally]]] = [:]
  /// How many units (a component on one platform) any criterion counts.
  private(set) var unitCount = 0

  /// One component on one platform, counted for one success criterion.
  struct UnitTally {
    /// The unit's position among all units in the catalog's order (the same for each of its criteria).
    let index: Int
    /// The component's id; nil for a unit only retired findings name.
    let componentID: String?
    let component: String
    let platform: Platform
    var counts: [Int]
  }

  /// A component on one platform that only retired findings name.
  struct RetiredUnit {
    let component: String
    let platform: Platform
    let counts: [Int]
  }

  /// A Fail or Cannot tell among the rows a refresh retired, as the ACR counts it
  /// (`ACREvidence.retiredFindings`): in the unit its Component and Platform cells name.
  struct RetiredFinding {
    let component: String
    let platform: Platform
    let outcome: Outcome
    let wcag: [String]
    let failed: [String]
  }

  init(_ catalog: Catalog, layout: AuditLayout, carry: AuditCarry?) {
    let zeros = Array(repeating: 0, count: layout.statuses.count)
    let fresh = layout.statuses.firstIndex(of: layout.defaultStatus) ?? 0
    // The WCAG sheet reads Failed WCAG only when the checklist has the column.
    let readsFailed = layout.columns.contains(.failedWCAG)
    // Each retired finding joins the catalog's unit of its name and platform, as in the ACR; the rest
    // are units of their own.
    let findings = Self.retiredFindings(carry, layout: layout)
    var catalogUnits = Set<String>()
    // Per component, not per check: a large audit has hundreds of thousands of checks.
    for component in catalog.components
    where !findings.isEmpty && !component.criteria.isEmpty {
      for platform in component.platforms {
        catalogUnits.insert(Self.named(component.title, platform))
      }
    }
    var joining: [String: [RetiredFinding]] = [:]
    var alone: [String: [RetiredFinding]] = [:]
    var aloneOrder: [String] = []
    for finding in findings {
      if catalogUnits.contains(Self.named(finding.component, finding.platform))
      {
        joining[finding.component, default: []].append(finding)
      } else {
        if alone[finding.component] == nil {
          aloneOrder.append(finding.component)
        }
        alone[finding.component, default: []].append(finding)
      }
    }
    for component in catalog.components {
      var counter = Counter(zeros: zeros)
      for criterion in component.criteria {
        for platform in criterion.platforms {
          var index = fresh
          var outcome = Outcome.notTested
          if criterion.expectsNotApplicable {
            index = 2
            outcome = .notApplicable
          }
          var failed: [String] = []
          if let carry {
            let id = StableID.row(criterion: criterion.id, platform: platform)
            if let word = carry.cells[id]?[.result],
              let carried = layout.outcome(of: word),
              let found = Outcome.allCases.firstIndex(of: carried)
            {
              index = found
              outcome = carried
            }
            if readsFailed {
              failed = WCAGEvidence.numbers(carry.cells[id]?[.failedWCAG] ?? "")
            }
          }
          counter.add(
            platform, index: index, outcome: outcome, wcag: criterion.wcag,
            failed: failed)
        }
      }
      let platforms = component.platforms
      for finding in joining[component.title] ?? []
      where platforms.contains(finding.platform) {
        counter.add(finding)
      }
      for platform in counter.platformsCounted {
        units[Self.unit(component.id, platform)] = counter.counts(platform)
      }
      record(
        counter, componentID: component.id, component: component.title,
        platforms: platforms)
    }
    for name in aloneOrder {
      var counter = Counter(zeros: zeros)
      var platforms: [Platform] = []
      for finding in alone[name] ?? [] {
        if !platforms.contains(finding.platform) {
          platforms.append(finding.platform)
        }
        counter.add(finding)
      }
      for platform in platforms {
        retiredUnits.append(
          RetiredUnit(
            component: name, platform: platform,
            counts: counter.counts(platform) ?? zeros))
      }
      record(counter, componentID: nil, component: name, platforms: platforms)
    }
  }

  /// One component's counts per platform, and per WCAG number and platform.
  ///
  /// Counted in flat arrays, a platform's counts after the one before it, and a number's after the
  /// number counted before it: a large audit adds hundreds of thousands of rows here, and nested
  /// dictionaries of arrays hashed two keys and copied on write for each.
  private struct Counter {
    let zeros: [Int]
    /// Per platform (`Platform.allCases`' order), its counts by result word.
    private var platformCounts: [Int]
    private var platformSeen: [Bool]
    /// Each WCAG number's place in `numbers`, in the order first counted.
    private var slots: [String: Int] = [:]
    private(set) var numbers: [String] = []
    /// Per number, then platform, its counts by result word.
    private var numberCounts: [Int] = []
    private var numberSeen: [Bool] = []

    init(zeros: [Int]) {
      self.zeros = zeros
      platformCounts = Array(repeating: 0, count: Self.platforms * zeros.count)
      platformSeen = Array(repeating: false, count: Self.platforms)
    }

    private static let platforms = Platform.allCases.count

    private static func place(_ platform: Platform) -> Int {
      switch platform {
      case .iOS: 0
      case .android: 1
      case .web: 2
      }
    }

    /// One row: its result word's index, and what it says about the criteria it tests.
    mutating func add(
      _ platform: Platform, index: Int, outcome: Outcome, wcag: [String],
      failed: [String]
    ) {
      let place = Self.place(platform)
      platformSeen[place] = true
      platformCounts[place * zeros.count + index] += 1
      guard !wcag.isEmpty || !failed.isEmpty else { return }
      for number in WCAGEvidence.counted(
        wcag: wcag, failed: failed, outcome: outcome)
      {
        let slot: Int
        if let known = slots[number] {
          slot = known
        } else {
          slot = numbers.count
          slots[number] = slot
          numbers.append(number)
          numberCounts.append(
            contentsOf: repeatElement(0, count: Self.platforms * zeros.count))
          numberSeen.append(
            contentsOf: repeatElement(false, count: Self.platforms))
        }
        numberSeen[slot * Self.platforms + place] = true
        numberCounts[(slot * Self.platforms + place) * zeros.count + index] += 1
      }
    }

    mutating func add(_ finding: RetiredFinding) {
      add(
        finding.platform,
        index: Outcome.allCases.firstIndex(of: finding.outcome) ?? 1,
        outcome: finding.outcome, wcag: finding.wcag, failed: finding.failed)
    }

    /// The counts of a platform any row was added for; nil for one none was.
    func counts(_ platform: Platform) -> [Int]? {
      let place = Self.place(platform)
      guard platformSeen[place] else { return nil }
      return Array(
        platformCounts[place * zeros.count..<(place + 1) * zeros.count])
    }

    /// The platforms any row was added for, in `Platform.allCases`' order.
    var platformsCounted: [Platform] {
      Platform.allCases.filter { platformSeen[Self.place($0)] }
    }

    /// The counts of a number's rows on a platform; nil when none of that platform counted for it.
    func counts(number slot: Int, _ platform: Platform) -> [Int]? {
      let place = slot * Self.platforms + Self.place(platform)
      guard numberSeen[place] else { return nil }
      return Array(
        numberCounts[place * zeros.count..<(place + 1) * zeros.count])
    }

    /// Whether any number counted a row of the platform.
    func numbersCount(_ platform: Platform) -> Bool {
      let place = Self.place(platform)
      return numbers.indices.contains {
        numberSeen[$0 * Self.platforms + place]
      }
    }
  }

  /// Numbers a component's units and adds their counts to each criterion they count for.
  private mutating func record(
    _ counter: Counter, componentID: String?, component: String,
    platforms: [Platform]
  ) {
    // The component's platforms in its own order, then any other a row names.
    let platformOrder =
      platforms + Platform.allCases.filter { !platforms.contains($0) }
    // Each platform the component's numbers use is one unit, numbered once.
    var unitIndex: [Platform: Int] = [:]
    for platform in platformOrder where counter.numbersCount(platform) {
      unitIndex[platform] = unitCount
      unitCount += 1
    }
    for (slot, number) in counter.numbers.enumerated() {
      for platform in platformOrder {
        guard let counts = counter.counts(number: slot, platform),
          let index = unitIndex[platform]
        else { continue }
        let kind: WCAGSheet.Kind = platform == .web ? .web : .software
        criterionUnits[kind, default: [:]][number, default: []].append(
          UnitTally(
            index: index, componentID: componentID, component: component,
            platform: platform, counts: counts))
        var sum = criteria[kind]?[number] ?? counter.zeros
        for index in sum.indices { sum[index] += counts[index] }
        criteria[kind, default: [:]][number] = sum
      }
    }
  }

  /// The findings among a refreshed audit's retired rows that the workbook's formulas count: those of
  /// a Retired sheet with Result, Component and Platform columns (`SheetRanges.retired`).
  static func retiredFindings(_ carry: AuditCarry?, layout: AuditLayout)
    -> [RetiredFinding]
  {
    guard let carry,
      SheetRanges.retired(carry, layout: layout) != nil
    else { return [] }
    let columns = carry.retiredHeader.map(AuditColumn.init(userName:))
    func cell(_ row: [String], _ column: AuditColumn) -> String {
      guard let index = columns.firstIndex(of: column), index < row.count
      else { return "" }
      return row[index]
    }
    return carry.retired.compactMap { row in
      guard let outcome = layout.outcome(of: cell(row, .result)),
        outcome.isFinding,
        let platform = Platform(userValue: cell(row, .platform))
      else { return nil }
      return RetiredFinding(
        component: cell(row, .component), platform: platform,
        outcome: outcome, wcag: WCAGEvidence.numbers(cell(row, .wcag)),
        failed: WCAGEvidence.numbers(cell(row, .failedWCAG)))
    }
  }

  static func unit(_ componentID: String, _ platform: Platform) -> String {
    componentID + "\u{1F}" + platform.rawValue
  }

  /// A unit by its component's name, as the ACR tells units apart.
  private static func named(_ component: String, _ platform: Platform) -> String
  {
    VPATRollup.unit(component: component, platform: platform.rawValue)
  }

  /// The level the sheets' conformance formulas give, from each unit's counts in the layout's order
  /// (pass, fail, not applicable, …): the ACR's rule (`VPATRollup`); `unknown` is their word for not
  /// enough evidence.
  static func conformance(units: [[Int]], unknown: String) -> String {
    let counted = units.map {
      VPATRollup.UnitCounts(
        pass: $0[0], fail: $0[1], notApplicable: $0[2], total: $0.reduce(0, +))
    }
    return VPATRollup.term(counted)?.label ?? unknown
  }

  /// A unit's failing share among its evaluated rows, as the WCAG by component sheet shows it; nil when
  /// none was evaluated.
  static func failingShare(_ counts: [Int]) -> Double? {
    VPATRollup.UnitCounts(pass: counts[0], fail: counts[1]).failingShare
  }
}
