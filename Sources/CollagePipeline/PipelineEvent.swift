public import CollageCore

/// What the pipeline reports as it goes, one line each in the command's log.
public enum PipelineEvent: Sendable, Equatable, CustomStringConvertible {
    /// A photo joined the selection, which now holds `count` photos.
    case added(PhotoFile, count: Int)
    /// A photo was not taken, and why.
    case skipped(PhotoFile, Rejection)
    /// A collage was saved.
    case saved(SavedCollage, photos: Int)
    /// Something about the source worth a line: a directory skipped, a rescan.
    case notice(String)

    public var description: String {
        switch self {
        case .added(let file, _): return "\(file): added"
        case .skipped(let file, let reason): return "\(file): \(reason)"
        case .saved(let saved, let photos): return "wrote \(saved.path) (\(saved.size), \(photos) photo\(photos == 1 ? "" : "s"))"
        case .notice(let text): return text
        }
    }
}

/// The one-line status the app showed as its title after every change.
public func statusLine(photos: Int) -> String {
    photos == 1 ? "1 photo" : "\(photos) photos"
}
