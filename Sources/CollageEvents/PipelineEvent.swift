public import CollageCore
public import CollageImaging
public import CollageFiles

/// What the pipeline reports as it goes: the values every printer (text lines, JSON, NDJSON,
/// the terminal's main screen), the booth's server and its printer are made from. Here, below
/// the pipeline, so that printing and serving need not know the pipeline.
public enum PipelineEvent: Sendable {
    /// A photo joined the selection, which now holds `count` photos; `nearest` is the photo
    /// taken before that it comes closest to (for `--verbose`).
    case added(PhotoFile, Photo, count: Int, nearest: Resemblance?)
    /// A photo was not taken, and why; `size` is its displayed size when the header was read.
    case skipped(PhotoFile, Rejection, size: PixelSize?)
    /// Collage number `batch` (1 outside photo-booth mode) was saved with `photos` photos;
    /// `complete` when they are all it takes (decided once, where the selection is known: the
    /// printer, the list of finished collages and the server read it, never the count).
    case saved(SavedCollage, photos: Int, batch: Int, complete: Bool)
    /// A booth's open collage number `batch` lost its last photo (a group deleted every shot)
    /// before it was complete: its file was removed, and it is no longer served, shown, or in
    /// the journal.
    case withdrawn(PathName, batch: Int)
    /// Collage number `batch` could not be saved (`error` says why): whatever file was there is
    /// kept, unless only a booth's journal failed (`WriteError.journal`: the new collage is on
    /// disk, and `error` says so). `next` says what follows: the next change saves it again, the
    /// session's final collage is tried again after a wait, a page of `build --pages` is never
    /// saved again (its run ends).
    case saveFailed(CollageDestination, error: String, photos: Int, batch: Int, next: NextSave)
    /// Collage number `batch` was printed by the `--print` command.
    case printed(PathName, copies: Int, batch: Int)
    /// The `--print` command failed for collage number `batch`: `status` is its exit status (nil
    /// when it could not start, was killed or timed out), `lastLine` its last line on stderr.
    /// `retryIn` is when it is tried again; nil when it is left for the operator.
    case printFailed(PathName, error: String, status: Int32?, lastLine: String, batch: Int, retryIn: Duration?)
    /// A booth's restart found collage number `batch` with its print command recorded as about
    /// to run and no outcome: it may or may not be on paper. It is not printed again; the
    /// operator reprints it by hand if it is missing.
    case printUnknown(PathName, batch: Int)
    /// Something about the source worth a line, such as a rescan.
    case notice(String)
}
