public import CollageCore

/// Where a collage goes: a file, replaced atomically, or standard output for a pipe.
public enum CollageDestination: Hashable, Sendable, CustomStringConvertible {
    case file(PathName)
    case standardOutput

    /// The file's path; nil for standard output.
    public var path: PathName? {
        if case .file(let path) = self { return path }
        return nil
    }

    public var description: String {
        switch self {
        case .file(let path): return path.description
        case .standardOutput: return "standard output"
        }
    }
}
