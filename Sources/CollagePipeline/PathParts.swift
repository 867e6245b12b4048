/// A path split at its last slash: the folder it names a file in, and the file's name.
struct PathParts {
    /// "." for a bare name, "/" for a file at the root.
    let folder: String
    let name: String

    init(_ path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            folder = "."
            name = path
            return
        }
        folder = slash == path.startIndex ? "/" : String(path[..<slash])
        name = String(path[path.index(after: slash)...])
    }

    /// Another name in the same folder.
    func sibling(_ other: String) -> String { folder == "/" ? "/" + other : "\(folder)/\(other)" }
}
