public import CollageCore
internal import CollageFiles

/// Why a run refuses its output before it reads a photo.
public enum OutputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A regular file this tool did not write (a photo, as like as not) in a folder being read or
    /// watched: a usage error, exit 64.
    case fileInFolderRead(PathName)
    /// A directory, FIFO, socket or device, or a link to one: left as it is, exit 73.
    case notAFile(PathName, kind: String)

    /// Refuses what `path` names now, if a collage must not replace it; `inFolderRead`: whether
    /// the output lies in a folder whose files are being read or watched.
    public static func check(_ path: PathName, inFolderRead: Bool) throws(OutputError) {
        switch ExistingOutput.at(path) {
        case .notAFile(let kind): throw .notAFile(path, kind: kind)
        case .otherFile where inFolderRead: throw .fileInFolderRead(path)
        case .nothing, .collage, .otherFile: return
        }
    }

    public var description: String {
        switch self {
        case .fileInFolderRead(let path):
            return "the output \(path) is a file in a folder being read, and not a collage this tool wrote; choose another name"
        case .notAFile(let path, let kind):
            return FileError(path: path, action: "write", reason: ExistingOutput.refusal(kind: kind)).description
        }
    }
}
