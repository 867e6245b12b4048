public import CollageImaging
/// A perceptual fingerprint: what stays the same when a photo is re-encoded or resized. The
/// duplicate check's cheap first stage: it finds candidates, the thumbnail decides.
///
/// The photo is area-averaged to a 9x9 grid of luma; each of the 128 bits says whether a cell is
/// brighter than its right neighbour (64 bits) or than the one below it (64 bits): a difference
/// hash in both directions. Re-encoding and resizing move cell means by a level or two, which
/// flips only bits where neighbours are nearly equal; a different photo differs in about half.
/// A 9x9 grid cannot see a guest move or step in: another shot of the same scene is a candidate.
public struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    public let horizontal: UInt64
    public let vertical: UInt64

    /// A photo within this many of the 128 bits of one taken may be a copy of it, and is compared
    /// by thumbnail. Measured on the fixtures (`FixtureFingerprintTests`): copies of a photo differ
    /// in at most 6 bits, photos of different scenes in 34 or more; other shots of one scene
    /// (a guest moved, a cup put down) from 0 bits up, so only the thumbnail can tell them apart.
    public static let candidateThreshold = 12

    public init(horizontal: UInt64, vertical: UInt64) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init(of image: RGBImage) {
        let grid = image.resized(to: PixelSize(width: 9, height: 9))
        var luma = [Int](repeating: 0, count: 81)
        for i in 0..<81 {
            luma[i] = grid[i % 9, i / 9].lumaThousandths
        }
        var horizontal: UInt64 = 0
        var vertical: UInt64 = 0
        for row in 0..<8 {
            for column in 0..<8 {
                let bit = UInt64(1) << UInt64(row * 8 + column)
                if luma[row * 9 + column] > luma[row * 9 + column + 1] { horizontal |= bit }
                if luma[row * 9 + column] > luma[(row + 1) * 9 + column] { vertical |= bit }
            }
        }
        self.init(horizontal: horizontal, vertical: vertical)
    }

    /// The number of differing bits, 0...128.
    public func distance(to other: Fingerprint) -> Int {
        (horizontal ^ other.horizontal).nonzeroBitCount + (vertical ^ other.vertical).nonzeroBitCount
    }

    /// Close enough that the photos may be one picture: worth comparing their thumbnails.
    public func isCandidate(for other: Fingerprint) -> Bool {
        distance(to: other) <= Self.candidateThreshold
    }

    public var description: String {
        let hex = String(horizontal, radix: 16) + String(vertical, radix: 16)
        return String(repeating: "0", count: max(0, 32 - hex.count)) + hex
    }
}
