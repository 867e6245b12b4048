/// Why a photo is not in the collage; `description` is the reason a report shows after the name.
public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not wider than tall as displayed (after EXIF orientation).
    case notLandscape(PixelSize)
    /// A copy of a photo already taken (byte-identical, re-encoded, resized, converted, turned),
    /// named after it; another shot of the same scene is not one.
    case duplicate(of: String)
    /// The selection already holds the maximum number of photos.
    case overLimit(Int)
    /// The file could not be read or decoded; the reason names what failed.
    case unreadable(String)

    public var description: String {
        switch self {
        case .notLandscape(let size):
            return size.width == size.height ? "square (\(size)), only landscape photos are used"
                : "portrait (\(size) as displayed), only landscape photos are used"
        case .duplicate(let original): return "duplicate of \(original)"
        case .overLimit(let limit): return "over the limit of \(limit) photos"
        case .unreadable(let reason): return reason
        }
    }
}
