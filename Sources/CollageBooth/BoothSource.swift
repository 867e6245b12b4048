public import CollageFiles

/// Where a booth's photos come from: the watched folder (`FolderWatcher`), or in a test any
/// source of photo files, so the whole booth runs in process.
public protocol BoothSource: Sendable {
    associatedtype Files: AsyncSequence<PhotoFile, Never> & Sendable
    /// The files found, in order; read collage after collage with `--batches`, so it resumes
    /// where the last reader left off (a channel).
    var files: Files { get }
    /// Feeds `files` until `stop()` or until the source goes (throwing why), then finishes them.
    func run() async throws
    /// Stops feeding; `run()` returns once the files found so far are handed on.
    func stop()
}
