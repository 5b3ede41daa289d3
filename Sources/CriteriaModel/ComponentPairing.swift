/// The rule that pairs a component one side no longer has with one only the other side has: a
/// document moved or renamed between two releases (`rating.md` became `star-rating.md`), whose
/// component id changed with its path although its checks did not.
///
/// A pair qualifies when more than half the checks of the larger of the two are alike (`alike`
/// counts them), and it is kept only when neither component has another partner as good. Anything
/// less pairs nothing: carrying a result, or a ticket, to another component's checks would claim
/// something nobody did. Refresh and diff pair an audit's components by it, and the ticket filer a
/// ledger's.
public enum ComponentPairing {
  /// The pairs among `gone` (component → how many checks it has) and `arrived` (the same), sorted by
  /// the old component; `alike(from, to)` is how many checks of the two are the same.
  public static func pairs(
    gone: [String: Int], arrived: [String: Int],
    alike: (_ from: String, _ to: String) -> Int
  ) -> [(from: String, to: String)] {
    var scores: [(from: String, to: String, score: Int)] = []
    for (to, new) in arrived {
      for (from, old) in gone {
        let score = alike(from, to)
        if score * 2 > max(old, new) { scores.append((from, to, score)) }
      }
    }
    /// Whether `pair` is the one best partner of both its components.
    func unrivalled(_ pair: (from: String, to: String, score: Int)) -> Bool {
      !scores.contains {
        ($0.from == pair.from) != ($0.to == pair.to) && $0.score >= pair.score
      }
    }
    return scores.filter(unrivalled).sorted { $0.from < $1.from }.map {
      ($0.from, $0.to)
    }
  }
}
