/// How hard libpng works on a PNG: zlib's level and strategy, and the row filters it may use.
/// Every choice decodes to the same pixels; they trade time for size.
///
/// `--png-compression 0…9` picks one of ten presets, measured on a 1800x1200 collage of photos
/// (release build; the README's Print section has the table): 0 stores the pixels uncompressed,
/// each step up is slower and (on photos) smaller, 9 is zlib's best. On photos zlib's run-length
/// strategy with a row filter is both faster and smaller than its levels 1 to 4 with the usual
/// strategy, so presets 1 to 4 use it with ever better filters; 5 to 9 are zlib levels 5 to 9
/// with `Z_FILTERED` and libpng's per-row filter choice, for the last 1 or 2%.
public struct PNGCompression: Hashable, Sendable, CustomStringConvertible {
    /// zlib's level: 0 stores, 1 is fastest, 9 smallest (the run-length and Huffman-only
    /// strategies ignore it, apart from 0).
    public var zlibLevel: Int
    public var strategy: Strategy
    public var filter: Filter

    public init(zlibLevel: Int, strategy: Strategy, filter: Filter) {
        self.zlibLevel = zlibLevel
        self.strategy = strategy
        self.filter = filter
    }

    /// The preset of `--png-compression`, 0 to 9.
    public static func preset(_ level: Int) -> PNGCompression? {
        switch level {
        case 0: return PNGCompression(zlibLevel: 0, strategy: .default, filter: .none)
        case 1: return PNGCompression(zlibLevel: 1, strategy: .rle, filter: .sub)
        case 2: return PNGCompression(zlibLevel: 1, strategy: .rle, filter: .average)
        case 3: return PNGCompression(zlibLevel: 1, strategy: .rle, filter: .paeth)
        case 4: return PNGCompression(zlibLevel: 1, strategy: .rle, filter: .all)
        case 5...9: return PNGCompression(zlibLevel: level, strategy: .filtered, filter: .all)
        default: return nil
        }
    }

    public static let presets = 0...9
    /// The fastest preset that compresses: photos to about half their raw size, within 2% of
    /// zlib's best, in a fifth of zlib level 1's usual time and a twentieth of level 9's.
    public static let defaultPreset = 1
    public static let `default` = preset(defaultPreset)!

    /// zlib's strategies: `rle` finds runs only (fast, and good on filtered photo rows and flat
    /// backgrounds), `filtered` favours Huffman coding over short matches, as filtered rows want.
    public enum Strategy: String, Hashable, Sendable, CaseIterable {
        case `default`, filtered, huffmanOnly, rle, fixed
    }

    /// The PNG row filters; `all` lets libpng choose one per row by its heuristic.
    public enum Filter: String, Hashable, Sendable, CaseIterable {
        case none, sub, up, average, paeth, all
    }

    public var description: String { "zlib level \(zlibLevel), \(strategy) strategy, \(filter) filter" }
}
