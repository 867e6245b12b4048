public import CollageCore

/// A file offered to the pipeline. Reports name it by its path as given or found.
public struct PhotoFile: Hashable, Sendable, CustomStringConvertible {
    public let path: PathName

    public init(path: PathName) {
        self.path = path
    }

    public var description: String { path.description }
}
