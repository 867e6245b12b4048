public import CollageSources

/// Where a booth's photos come from: the watched folder (`FolderWatcher`), or in a test any
/// source of folder changes, so the whole booth runs in process.
public protocol BoothSource: Sendable {
    associatedtype Changes: AsyncSequence<FolderChange, Never> & Sendable
    /// The folder's changes, in order: photos arriving and photos gone.
    var changes: Changes { get }
    /// Feeds `changes` until `stop()` or until the source goes (throwing why), then finishes them.
    func run() async throws
    /// Stops feeding; `run()` returns once the changes found so far are handed on.
    func stop()
}
