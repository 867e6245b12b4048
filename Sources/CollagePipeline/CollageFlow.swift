internal import AsyncAlgorithms
public import CollageCore
public import CollageImaging
public import CollageSources

/// Combinestagram's chain of operators, fed by any source of photo files: a folder being
/// watched, the arguments of `build`, or a test's in-memory source.
///
/// ```
/// files ─▶ takeWhile(room) ─▶ probe ─▶ filter shape ─▶ decode ─▶ compare ─▶ filter unique ─▶ scan ─▶ Selection…
/// ```
/// Throttling, rendering and saving follow in `WatchSession` (and, unthrottled, in `CollageBuild`).
public struct CollageFlow: Sendable {
    public var reader: any PhotoReader
    public let canvas: PixelSize
    public let limit: Int
    public let accept: AcceptedShape
    /// The duplicate rule's threshold on the `--similarity` scale (`Thumbnail.distance(to:)`).
    public let similarity: Double
    /// Decides the tiles a photo can get, so the size it is kept at.
    public let style: CollageStyle
    /// How the size a photo is kept at is chosen: by its place as the collage grows (`watch`), or
    /// from a collage planned up front (`build`).
    public let plan: KeptSizePlan
    public var log: @Sendable (PipelineEvent) -> Void

    public init(reader: any PhotoReader, canvas: PixelSize, limit: Int = CollageLayout.maximumPhotos,
                accept: AcceptedShape = .landscape, similarity: Double = Thumbnail.samePhotoThreshold,
                style: CollageStyle = .book, plan: KeptSizePlan = .growing, log: @escaping @Sendable (PipelineEvent) -> Void) {
        self.reader = reader
        self.canvas = canvas
        self.limit = limit
        self.accept = accept
        self.similarity = similarity
        self.style = style
        self.plan = plan
        self.log = log
    }

    /// The size the chain keeps `photo` at, as the `file`-th file of the source arriving when
    /// `position` photos are taken.
    public func keptSize(of photo: PixelSize, file: Int, position: Int) -> PixelSize {
        plan.keptSize(of: photo, file: file, position: position, canvas: canvas, style: style, limit: limit)
    }

    /// The selection after each accepted photo. The sequence ends when its source does, or when
    /// a file arrives after the selection is full; that file is left in `overflow`.
    public func selections<Files: AsyncSequence<PhotoFile, Never> & Sendable>(
        from files: Files, overflow: Overflow = Overflow()
    ) -> some AsyncSequence<Selection, Never> & Sendable {
        let empty = Selection(limit: limit, similarity: similarity)
        let relay = SelectionRelay(empty)
        let taken = Tally()
        let (reader, accept, similarity, log) = (reader, accept, similarity, log)
        return files
            // takeWhile: the app stopped taking photos at six.
            .prefix(while: { file in
                guard relay.value.isFull else {
                    taken.count()
                    return true
                }
                overflow.hold(file)
                return false
            })
            // probe: the header only.
            .map { (file: PhotoFile) -> (PhotoFile, Result<ProbedPhoto, SizedRejection>) in
                (file, await reader.probe(file).mapError { SizedRejection(rejection: $0, size: nil) })
            }
            .compactMap(dropRejected(log))
            // filter by shape: decided from the header, before any pixel is decoded.
            .filter(rule(log, size: { (probed: ProbedPhoto) in probed.size }) { probed in PhotoRules.shape(probed.size, accepted: accept) })
            // decode once, at the size for the largest tile this photo can get.
            .map { (file: PhotoFile, probed: ProbedPhoto) -> (PhotoFile, Result<Photo, SizedRejection>) in
                // The chain pulls one file at a time: the last file taken is this one.
                let kept = self.keptSize(of: probed.size, file: taken.value - 1, position: relay.value.count)
                let decoded = await probed.decode(keeping: kept)
                return (file, decoded.mapError { SizedRejection(rejection: $0, size: probed.size) })
            }
            .compactMap(dropRejected(log))
            // compare with every photo taken, once: the duplicate rule and the nearest reported both read it.
            .map { (file: PhotoFile, photo: Photo) in
                (file, ComparedPhoto(photo: photo, resemblances: relay.value.photos.map { Resemblance(of: photo, to: $0) }))
            }
            // filter unique: against every photo taken, not just the previous one.
            .filter(rule(log, size: { (compared: ComparedPhoto) in compared.photo.size }) { compared in
                PhotoRules.unique(among: compared.resemblances, similarity: similarity)
            })
            // scan into the selection.
            .reductions(into: empty) { selection, taken in
                let (file, compared) = taken
                do throws(Rejection) {
                    try selection.add(compared.photo, resemblances: compared.resemblances)
                    relay.accept(selection)
                    log(.added(file, compared.photo, count: selection.count, nearest: PhotoRules.nearest(among: compared.resemblances)))
                } catch {
                    log(.skipped(file, error, size: compared.photo.size))
                }
            }
    }
}

/// A decoded photo with how it resembles each photo taken, in order. The chain pulls one photo
/// at a time, so these are the photos the scan adds it to.
private struct ComparedPhoto: Sendable {
    let photo: Photo
    let resemblances: [Resemblance]
}

/// A rejection with the photo's displayed size, when its header was read.
struct SizedRejection: Error {
    let rejection: Rejection
    let size: PixelSize?
}

/// Unwraps a stage's result; a rejection is reported, with the size when known, and dropped.
private func dropRejected<Value>(
    _ log: @escaping @Sendable (PipelineEvent) -> Void
) -> @Sendable ((PhotoFile, Result<Value, SizedRejection>)) -> (PhotoFile, Value)? {
    { element in
        let (file, result) = element
        switch result {
        case .success(let value): return (file, value)
        case .failure(let failure):
            log(.skipped(file, failure.rejection, size: failure.size))
            return nil
        }
    }
}

/// A filter stage for one rule: keeps what it accepts, reports what it refuses.
private func rule<Value>(
    _ log: @escaping @Sendable (PipelineEvent) -> Void, size: @escaping @Sendable (Value) -> PixelSize,
    _ check: @escaping @Sendable (Value) -> Rejection?
) -> @Sendable ((PhotoFile, Value)) -> Bool {
    { element in
        let (file, value) = element
        guard let rejection = check(value) else { return true }
        log(.skipped(file, rejection, size: size(value)))
        return false
    }
}
