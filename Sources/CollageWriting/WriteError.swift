public import CollageCodecs
public import CollageSources

/// Why a collage could not be saved.
public enum WriteError: Error, Hashable, Sendable, CustomStringConvertible {
    case encode(EncodeError)
    case file(FileError)
    /// The reader of standard output went away (`collage build -o - | head -c 100`): not an
    /// error to report, the run just ends.
    case readerGone

    public var description: String {
        switch self {
        case .encode(let error): return error.description
        case .file(let error): return error.description
        case .readerGone: return "the reader of standard output went away"
        }
    }
}
