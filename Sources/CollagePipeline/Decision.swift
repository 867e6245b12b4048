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
    /// The copy this photo took the place of, as a better copy of it.
    public var replaced: (file: PhotoFile, size: PixelSize)?

    public init(file: PhotoFile, outcome: Outcome, selection: Selection, replaced: (file: PhotoFile, size: PixelSize)? = nil) {
        self.file = file
        self.outcome = outcome
        self.selection = selection
        self.replaced = replaced
    }

    /// The decisions as they stand once every file is decided: a copy a better one replaced was
    /// added when it came, and is a duplicate of the better one in the end.
    public static func settled(_ decisions: [Decision]) -> [Decision] {
        var settled = decisions
        for decision in decisions {
            guard let replaced = decision.replaced,
                  let index = settled.firstIndex(where: { $0.file == replaced.file && $0.isAdded }) else { continue }
            let old = settled[index]
            settled[index] = Decision(file: old.file, outcome: .skipped(.replacedBy(decision.file.path), size: replaced.size), selection: old.selection)
        }
        return settled
    }

    var isAdded: Bool {
        if case .added = outcome { return true }
        return false
    }
}
