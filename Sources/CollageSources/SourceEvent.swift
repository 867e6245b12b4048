public import CollageCore
public import CollageFiles

/// What a source reports besides the files it offers.
public enum SourceEvent: Sendable, Equatable {
    /// A name that is not offered, and why: a directory, a FIFO, a link loop, a file deleted.
    case skipped(PhotoFile, Rejection)
    /// Something about the source itself, such as a rescan.
    case notice(String)
}
