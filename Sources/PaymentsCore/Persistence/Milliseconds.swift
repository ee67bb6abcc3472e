import Foundation

/// Time on disk has one representation in every table: integer milliseconds since 1970 (UTC),
/// rounded to the nearest. Comparisons run on these integers, so a time written and one read back
/// compare as the same instant (a `Double` of seconds does not always survive a round trip).
extension Date {
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
    init(milliseconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000) }
}

extension Duration {
    /// Whole milliseconds, to add to a stored time.
    var milliseconds: Int64 { components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000 }
}
