public import CollageCore

/// Why `watch` stopped watching.
public enum WatchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The folder could not be watched at start: missing, not a folder, not readable.
    case folderUnavailable(path: PathName, reason: String)
    /// The folder was deleted or moved away while being watched.
    case folderGone(path: PathName)
    /// Reading inotify failed; the reason is the system's.
    case watchFailed(path: PathName, reason: String)

    public var description: String {
        switch self {
        case .folderUnavailable(let path, let reason): return "cannot watch \(path): \(reason)"
        case .folderGone(let path): return "\(path) was deleted or moved while being watched; the last collage is kept"
        case .watchFailed(let path, let reason): return "stopped watching \(path): \(reason); the last collage is kept"
        }
    }
}
