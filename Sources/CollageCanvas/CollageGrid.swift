internal import CollageCore
/// How tiles are arranged: the book's rule, or a fixed number of columns and rows.
///
/// A fixed grid fills rows of `columns` photos, top to bottom; it uses as many rows as the photos
/// need, `ceil(count / columns)`, so fewer photos than cells make fewer, taller rows and a last row
/// of fewer, wider tiles, never an empty cell (the book's empty slot disabled Save). Its cell count
/// is the default limit: `--grid 1x4` is a film strip of up to four photos.
public enum CollageGrid: Hashable, Sendable, CustomStringConvertible {
    /// The book's `UIImage+Collage`: one row below three photos, two from three on.
    case auto
    case fixed(columns: Int, rows: Int)

    /// The rows used for `count` photos.
    public func rows(for count: Int) -> Int {
        switch self {
        case .auto: return count < 3 ? 1 : 2
        case .fixed(let columns, _): return max(1, (count + columns - 1) / columns)
        }
    }

    /// The tiles in every row but the last, which holds the rest.
    public func columns(for count: Int) -> Int {
        switch self {
        case .auto: return Int((Double(count) / Double(rows(for: count))).rounded(.toNearestOrAwayFromZero))
        case .fixed(let columns, _): return min(columns, max(1, count))
        }
    }

    /// The photos this grid holds when no other limit is given: six for the book's rule (the app's
    /// Add button was disabled at six), the cell count for a fixed grid.
    public var defaultLimit: Int {
        switch self {
        case .auto: return PhotoRules.maximumPhotos
        case .fixed(let columns, let rows): return columns * rows
        }
    }

    /// `auto`, or `COLSxROWS` such as `1x4` (a strip) or `3x2`; each 1 to 64.
    public init(parsing text: String) throws(StyleError) {
        let lowered = text.lowercased()
        if lowered == "auto" {
            self = .auto
            return
        }
        let parts = lowered.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else {
            throw .badGrid(text)
        }
        guard (1...Self.maximumSide).contains(columns), (1...Self.maximumSide).contains(rows) else {
            throw .gridOutOfRange(text)
        }
        self = .fixed(columns: columns, rows: rows)
    }

    /// Enough for any print; keeps `columns * rows` far from overflow.
    public static let maximumSide = 64

    public var description: String {
        switch self {
        case .auto: return "auto"
        case .fixed(let columns, let rows): return "\(columns)x\(rows)"
        }
    }
}

extension Character {
    /// `0`-`9` only: `Int("٣")` and `Character.isNumber` accept far more than a flag should.
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
