/// A short, readable account of how a screen differs from its golden: the differing rows,
/// expected above actual, at most a handful of them.
enum SnapshotDiff {
    static func describe(expected: String, actual: String, limit: Int = 8) -> String {
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var report: [String] = []
        if want.count != got.count {
            report.append("  golden has \(want.count) rows, the screen \(got.count)")
        }
        var shown = 0, differing = 0
        for row in 0..<max(want.count, got.count) {
            let w = row < want.count ? String(want[row]) : "(no row)"
            let g = row < got.count ? String(got[row]) : "(no row)"
            guard w != g else { continue }
            differing += 1
            guard shown < limit else { continue }
            shown += 1
            report.append("  row \(row + 1):")
            report.append("  - \(w)")
            report.append("  + \(g)")
        }
        if differing > shown {
            report.append("  … and \(differing - shown) more rows differ")
        }
        return report.joined(separator: "\n")
    }
}
