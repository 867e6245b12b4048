internal import CollageSources
internal import CollageWriting
public import CollageSaving

/// Why `build` wrote no collage.
public enum BuildError: Error, Hashable, Sendable, CustomStringConvertible {
    case noUsablePhoto(given: Int)
    case outputIsInput(String)
    case write(WriteError)
    /// The collage could not be drawn (its caption failed in the fonts): nothing was written.
    case render(RenderError)

    public var description: String {
        switch self {
        case .noUsablePhoto(let given):
            return given == 0 ? "no photos given, no collage written" : "no usable photo among the \(given) given, no collage written"
        case .outputIsInput(let path): return "the output \(path) is one of the input photos; choose another name"
        case .write(let error): return error.description
        case .render(let error): return "the collage could not be drawn: \(error.reason)"
        }
    }

    /// The exit status it ends `build` with (README, "Exit status").
    public var status: Int32 {
        switch self {
        case .noUsablePhoto: return ExitCodes.noUsablePhoto
        case .outputIsInput: return ExitCodes.usage
        case .write(.readerGone): return ExitCodes.readerGone
        case .write: return ExitCodes.cannotWrite
        case .render: return ExitCodes.cannotRender
        }
    }
}
