public import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

/// What an output path names before a collage replaces it. A collage replaces only a regular
/// file (or a link to one), never a device, a FIFO or a socket; and in a folder being read only a
/// file this tool wrote (it carries a `CollageMark` signed with this machine's `MarkKey`), never
/// a photo, whatever its metadata says.
public enum ExistingOutput: Sendable, Equatable {
    /// Nothing there, or a dangling link (which the collage replaces).
    case nothing
    /// A regular file carrying a collage mark that verifies.
    case collage
    /// A regular file this tool did not write, as far as can be told: perhaps a photo.
    case otherFile
    /// A directory, FIFO, socket or device, or a link to one, in words (`a named pipe (FIFO)`).
    case notAFile(kind: String)

    /// Looks at `path` without blocking on it: only a regular file is opened, and read whole (the
    /// mark signs every byte). One that cannot be read counts as another file: never replaced in doubt.
    public static func at(_ path: PathName) -> ExistingOutput {
        if let kind = FileKind.ofPath(path) { return .notAFile(kind: kind) }
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return .nothing }
        guard let key = MarkKey.current, let bytes = try? InputFile(path).readAll() else { return .otherFile }
        return CollageMark.record(in: bytes, key: key) != nil ? .collage : .otherFile
    }

    /// Why a collage does not replace what is there, for a `FileError`: `a character device, not
    /// a regular file; left as it is`.
    static func refusal(kind: String) -> String { "\(kind), not a regular file; left as it is" }
}
