public import CollageEvents
internal import CollageCodecs
public import CollageCore
public import CollageImaging
internal import CollageSources
public import CollageFiles

/// What `build` did with each input and what it made: the value every report of a build (the
/// log lines, `--json`) is printed from.
public struct BuildReport: Sendable {
    /// One input, in the order given.
    public struct Input: Sendable {
        public let file: PhotoFile
        public var outcome: Outcome
    }

    public enum Outcome: Sendable {
        case used(UsedPhoto)
        /// Not used, and why; the displayed size when the header was read.
        case skipped(Rejection, size: PixelSize?)
    }

    /// A photo in the collage.
    public struct UsedPhoto: Sendable {
        /// Its place among the photos used, from 0.
        public let index: Int
        public let photo: Photo
        /// Where it is drawn on the canvas.
        public var tile: PixelRect
        /// The part of the photo the tile shows, in the photo's own pixels as displayed.
        public var crop: PixelRect
    }

    /// Wall time of each stage.
    public struct Timings: Sendable {
        /// Reading, probing, decoding and the rules: the chain up to the final selection.
        public var select: Duration = .zero
        public var render: Duration = .zero
        /// Encoding and writing.
        public var save: Duration = .zero
    }

    public var inputs: [Input]
    public let canvas: PixelSize
    /// The paper named alone (`A4`) when it was laid landscape, the way the grid fills more.
    public var turnedPaper: String?
    public let format: ImageFormat
    public let destination: CollageDestination
    /// Decided but not drawn or written (`--dry-run`).
    public let dryRun: Bool
    /// The collage written; nil on a dry run or a failure.
    public var saved: SavedCollage?
    /// Why no collage was written, if one should have been.
    public var failure: BuildError?
    public var timings = Timings()

    /// The photos used, in collage order.
    public var used: [UsedPhoto] {
        inputs.compactMap { input in
            if case .used(let used) = input.outcome { return used }
            return nil
        }
    }
}
