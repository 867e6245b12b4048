internal import CollageCore

public import CollageFiles

extension PhotoFile {
    /// A file named by text, as tests name them.
    public init(_ path: String) {
        self.init(path: PathName(path))
    }
}
