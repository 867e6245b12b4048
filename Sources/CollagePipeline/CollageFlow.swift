internal import AsyncAlgorithms
public import CollageCore

/// Combinestagram's chain of operators, fed by any source of photo files: a folder being
/// watched, the arguments of `build`, or a test's in-memory source.
///
/// ```
/// files ─▶ takeWhile(room) ─▶ probe ─▶ filter landscape ─▶ decode ─▶ filter unique ─▶ scan ─▶ Selection…
/// ```
/// Throttling, rendering and saving follow in `WatchSession` (and, unthrottled, in `CollageBuild`).
public struct CollageFlow: Sendable {
    public let reader: any PhotoReader
    public let canvas: PixelSize
    public let limit: Int
    /// Decides the tiles a photo can get, so the size it is kept at.
    public let style: CollageStyle
    public let log: @Sendable (PipelineEvent) -> Void

    public init(reader: any PhotoReader, canvas: PixelSize, limit: Int = CollageLayout.maximumPhotos,
                style: CollageStyle = .book, log: @escaping @Sendable (PipelineEvent) -> Void) {
        self.reader = reader
        self.canvas = canvas
        self.limit = limit
        self.style = style
        self.log = log
    }

    /// The selection after each accepted photo. The sequence ends when its source does, or when
    /// a file arrives after the selection is full; that file is left in `overflow`.
    public func selections<Files: AsyncSequence<PhotoFile, Never> & Sendable>(
        from files: Files, overflow: Overflow = Overflow()
    ) -> some AsyncSequence<Selection, Never> & Sendable {
        let relay = SelectionRelay(Selection(limit: limit))
        let (reader, canvas, style, limit, log) = (reader, canvas, style, limit, log)
        return files
            // takeWhile: the app stopped taking photos at six.
            .prefix(while: { file in
                guard relay.value.isFull else { return true }
                overflow.hold(file)
                return false
            })
            // probe: the header only.
            .map { file in (file, await reader.probe(file)) }
            .compactMap(dropRejected(log))
            // filter landscape: decided from the header, before any pixel is decoded.
            .filter(rule(log) { (probed: ProbedPhoto) in PhotoRules.landscape(probed.size) })
            // decode once, at the size for the largest tile this photo can get.
            .map { file, probed in
                let kept = CollageLayout.keptSize(
                    of: probed.size, at: relay.value.count, canvas: canvas, style: style, limit: limit)
                return (file, await probed.decode(keeping: kept))
            }
            .compactMap(dropRejected(log))
            // filter unique: against every photo taken, not just the previous one.
            .filter(rule(log) { (photo: Photo) in PhotoRules.unique(photo.fingerprint, among: relay.value.photos) })
            // scan into the selection.
            .reductions(into: Selection(limit: limit)) { selection, taken in
                let (file, photo) = taken
                do throws(Rejection) {
                    try selection.add(photo)
                    relay.accept(selection)
                    log(.added(file, count: selection.count))
                } catch {
                    log(.skipped(file, error))
                }
            }
    }
}

/// Unwraps a stage's result; a rejection is reported and dropped.
private func dropRejected<Value>(
    _ log: @escaping @Sendable (PipelineEvent) -> Void
) -> @Sendable ((PhotoFile, Result<Value, Rejection>)) -> (PhotoFile, Value)? {
    { element in
        let (file, result) = element
        switch result {
        case .success(let value): return (file, value)
        case .failure(let rejection):
            log(.skipped(file, rejection))
            return nil
        }
    }
}

/// A filter stage for one rule: keeps what it accepts, reports what it refuses.
private func rule<Value>(
    _ log: @escaping @Sendable (PipelineEvent) -> Void, _ check: @escaping @Sendable (Value) -> Rejection?
) -> @Sendable ((PhotoFile, Value)) -> Bool {
    { element in
        let (file, value) = element
        guard let rejection = check(value) else { return true }
        log(.skipped(file, rejection))
        return false
    }
}
