public import CollageFiles

/// One change to a watched folder, in the order it happened: the one road by which a booth
/// hears of its photos. A photo replaced under its name (a retake renamed or copied over it) is
/// two changes: the old photo gone, then the new one arriving.
public enum FolderChange: Sendable, Hashable, CustomStringConvertible {
    /// A photo file is complete in the folder (closed after writing, renamed or linked in).
    case arrived(PhotoFile)
    /// A photo file offered before left the folder (deleted, renamed away, or replaced).
    case gone(PhotoFile)

    public var file: PhotoFile {
        switch self {
        case .arrived(let file), .gone(let file): file
        }
    }

    public var description: String {
        switch self {
        case .arrived(let file): "arrived \(file)"
        case .gone(let file): "gone \(file)"
        }
    }
}
