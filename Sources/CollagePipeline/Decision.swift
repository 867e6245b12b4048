public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageFiles

/// What the chain decided about one file: the value `build` reports each input from, and that
/// the pipeline's `added` and `skipped` events report.
public struct Decision: Sendable {
    public enum Outcome: Sendable {
        /// Taken; `nearest` is the photo taken before that it comes closest to.
        case added(Photo, nearest: Resemblance?)
        /// Not taken, and why; the displayed size when the header was read.
        case skipped(Rejection, size: PixelSize?)
    }

    public let file: PhotoFile
    public let outcome: Outcome
    /// The selection once this file was decided.
    public let selection: Selection
}
