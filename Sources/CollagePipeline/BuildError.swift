internal import CollageSources
public import CollageWriting

/// Why `build` wrote no collage.
public enum BuildError: Error, Hashable, Sendable, CustomStringConvertible {
    case noUsablePhoto(given: Int)
    case outputIsInput(String)
    case write(WriteError)

    public var description: String {
        switch self {
        case .noUsablePhoto(let given):
            return given == 0 ? "no photos given, no collage written" : "no usable photo among the \(given) given, no collage written"
        case .outputIsInput(let path): return "the output \(path) is one of the input photos; choose another name"
        case .write(let error): return error.description
        }
    }
}
