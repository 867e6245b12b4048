/// Which installed font families a mistyped name most likely meant, for the line that refuses a
/// `--font` no installed font has ("DejaVu Sanz" → DejaVu Sans): nearest by edit distance,
/// ignoring case and blanks as fontconfig compares families.
public enum FontFamilyNames {
    /// Up to `count` of `families` nearest `name`, nearest first (ties in alphabetical order);
    /// only those within half the name's length, so an unrelated family is never suggested.
    ///
    ///     FontFamilyNames.closest(to: "DejaVu Sanz", among: ["DejaVu Sans", "DejaVu Serif", "Z003"])
    ///     // ["DejaVu Sans", "DejaVu Serif"]
    public static func closest(to name: String, among families: [String], count: Int = 3) -> [String] {
        let wanted = folded(name)
        let limit = max(2, wanted.count / 2)
        let ranked = Set(families).map { (family: $0, distance: distance(wanted, folded($0))) }
            .filter { $0.distance <= limit }
            .sorted { ($0.distance, $0.family) < ($1.distance, $1.family) }
        return ranked.prefix(count).map(\.family)
    }

    private static func folded(_ text: String) -> [Character] { Array(text.lowercased().filter { $0 != " " }) }

    /// Levenshtein distance: insertions, deletions and substitutions of one character.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
