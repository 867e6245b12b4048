public import CollageEvents
public import CollageCore

/// Where throttled selections end up: rendered and written to disk by `DiskSink`; kept in
/// memory by the pipeline tests.
public protocol CollageSink: Sendable {
    /// Saves `selection` as collage number `batch` (always 1 outside photo-booth mode).
    func save(_ selection: Selection, batch: Int) -> Single<SavedCollage>
    /// Withdraws collage number `batch`, which lost its last photo before it was complete: its
    /// file, if this sink wrote it, is removed. The file removed, or nil when there was none.
    func withdraw(batch: Int) async throws -> PathName?
    /// Where collage number `batch` goes, for reports.
    func destination(forBatch batch: Int) -> CollageDestination
}
