internal import CollageCore
internal import CollageLocking
internal import CollageSources
public import CollageFiles

/// The latest selection, readable by the stages before the scan: the book's `takeWhile` and
/// duplicate filter read the `images` relay that the subscriber wrote to, and so does this chain.
/// The chain pulls one photo at a time, so what a stage reads is the selection of every photo
/// before it.
final class SelectionRelay: Sendable {
    private let selection: Locked<Selection>

    init(_ initial: Selection) {
        selection = Locked(initial)
    }

    var value: Selection { selection.withLock { $0 } }

    func accept(_ new: Selection) {
        selection.withLock { $0 = new }
    }
}

/// The file that arrived once the collage was full. `takeWhile` must take it off the source to
/// see it; kept here, it opens the next collage in photo-booth mode instead of being lost.
public final class Overflow: Sendable {
    private let file = Locked<PhotoFile?>(nil)

    public init() {}

    func hold(_ overflow: PhotoFile) {
        file.withLock { $0 = overflow }
    }

    /// The held file, if any, handed over once.
    public func take() -> PhotoFile? {
        file.withLock { held in
            defer { held = nil }
            return held
        }
    }
}

/// A count shared between stages: the files the chain has taken from its source.
final class Tally: Sendable {
    private let total = Locked(0)

    func count() {
        total.withLock { $0 += 1 }
    }

    var value: Int { total.withLock { $0 } }
}
