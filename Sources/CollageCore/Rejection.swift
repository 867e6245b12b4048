public import CollageImaging
/// Why a photo is not in the collage. `description` is the reason a report shows after the
/// name; `code` is the stable word scripts match on (documented in the README).
public enum Rejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not of the accepted shape as displayed (after EXIF orientation).
    case shape(PixelSize, accepted: AcceptedShape)
    /// A copy of a photo already taken (byte-identical, re-encoded, resized, converted, turned),
    /// named after it; another shot of the same scene is not one.
    case duplicate(of: PathName)
    /// A copy of a photo taken after it that was a better copy (more pixels, the original
    /// format) and took its place. Its code is `duplicate`, as for any copy.
    case replacedBy(PathName)
    /// The selection already holds the maximum number of photos.
    case overLimit(Int)
    /// `build` was stopped before it read this file.
    case notReached
    /// Photo-booth mode: this very file (by content) is already in the saved collage named.
    case alreadyUsed(in: PathName)
    /// `build --pages`: the file the output (`-o`) names, which the pages are numbered from,
    /// found among the photos: left out, and said so, never read as a photo.
    case output
    /// `build --pages`: a collage this tool wrote (a page of an earlier album, a booth's
    /// collage), recognised by its signed mark: not a photo, so it never pushes out the photos
    /// it shows as their copy.
    case collage
    /// The file could not be used at all; `detail` names what failed.
    case unusable(Problem, detail: String)

    /// What kept a file from being read as a photo.
    public enum Problem: String, Sendable, CaseIterable {
        /// It could not be opened or read: missing, no permission, an I/O error.
        case unreadable
        /// A directory, FIFO, socket or device: only regular files are read.
        case notAFile = "not-a-file"
        /// Neither a JPEG nor a PNG signature.
        case notAnImage = "not-an-image"
        /// The codec rejected the data.
        case corrupt
        /// The data ends early.
        case truncated
        /// More pixels, or more bytes, than the limits allow.
        case tooLarge = "too-large"
        /// A progressive JPEG with more scans than any camera writes.
        case tooManyScans = "too-many-scans"
    }

    /// The machine-readable reason: `portrait`, `square`, `landscape`, `duplicate`,
    /// `over-limit`, `not-reached`, `already-used`, `output`, `collage`, or the problem's code.
    public var code: String {
        switch self {
        case .shape(let size, _): return size.isLandscape ? "landscape" : size.width == size.height ? "square" : "portrait"
        case .duplicate, .replacedBy: return "duplicate"
        case .overLimit: return "over-limit"
        case .notReached: return "not-reached"
        case .alreadyUsed: return "already-used"
        case .output: return "output"
        case .collage: return "collage"
        case .unusable(let problem, _): return problem.rawValue
        }
    }

    public var description: String {
        switch self {
        case .shape(let size, let accepted):
            let only = "only \(accepted) photos are used" + (accepted == .any ? "" : " (keep them with --accept any)")
            return size.width == size.height ? "square (\(size)), \(only)" : "\(code) (\(size) as displayed), \(only)"
        case .duplicate(let original): return "duplicate of \(original)"
        case .replacedBy(let better): return "duplicate of \(better), a better copy that took its place"
        case .overLimit(let limit): return "over the limit of \(limit) photo\(limit == 1 ? "" : "s") (raise it with --limit)"
        case .notReached: return "not read: the build was stopped first"
        case .alreadyUsed(let collage): return "already in \(collage)"
        case .output: return "the output (-o) names it: left out, not read as a photo"
        case .collage: return "a collage this tool wrote (its signed mark says so), not a photo"
        case .unusable(_, let detail): return detail
        }
    }
}
