internal import CollageCore
public import CollageSources

extension PhotoFile {
    /// A file named by text, as tests name them.
    public init(_ path: String) {
        self.init(path: PathName(path))
    }
}
