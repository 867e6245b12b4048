public import CollageCodecs
public import CollageCore
public import CollageFiles

/// Why a collage could not be saved.
public enum WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    case encode(EncodeError)
    case file(FileError)
    /// A photo booth's collage was written to `saved`, but its journal could not be replaced
    /// after it: the new collage is on disk (unlike any other failure), and the journal still
    /// says what it said before, so saving again matters (a restart would skip that number).
    case journal(FileError, saved: PathName)
    /// The reader of standard output went away (`collage build -o - | head -c 100`): not an
    /// error to report, the run just ends.
    case readerGone

    public var description: String {
        switch self {
        case .encode(let error): return error.description
        case .file(let error): return error.description
        case .journal(let error, let saved): return "wrote \(saved), but not its journal: \(error)"
        case .readerGone: return "the reader of standard output went away"
        }
    }
}
