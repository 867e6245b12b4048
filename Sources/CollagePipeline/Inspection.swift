public import CollageCodecs
internal import CollageCanvas
public import CollageCore
public import CollageImaging
public import CollageSources
internal import CollageWriting
public import CollageFiles

/// What `inspect` learned about one file: what the tool sees in it and what `build` would do
/// with it, given the files before it.
public struct Inspection: Sendable {
    public let file: PhotoFile
    /// Nil when the file could not be read as an image.
    public var header: ImageHeader?
    public var fingerprint: Fingerprint?
    /// The most similar photo among the files before it, and how far it is on the
    /// `--similarity` scale.
    public var nearest: Resemblance?
    /// The first earlier file that is the same photo.
    public var duplicateOf: PathName?
    public var verdict: Verdict

    public enum Verdict: Sendable {
        /// `build` would use it, as the `index`-th photo, in `tile`, showing `crop` of it (in
        /// its own pixels as displayed).
        case used(index: Int, tile: PixelRect, crop: PixelRect)
        case skipped(Rejection)
    }
}

/// `collage inspect`: every file read and judged by the rules `build` applies, in order, but
/// none left unread (the takeWhile of `build` stops reading at the limit; this reports what the
/// rest would meet).
public struct CollageInspection: Sendable {
    public let options: CollageOptions

    public init(options: CollageOptions) {
        self.options = options
    }

    /// Photos are decoded small: enough for the fingerprint and the comparison, fast for many files.
    static let sampleSide = 320

    public func run(_ inputs: [PhotoInputs.Item], progress: @escaping @Sendable (Inspection) -> Void = { _ in }) async -> [Inspection] {
        var results: [Inspection] = []
        var seen: [Photo] = []
        var taken: [Photo] = []
        // Whether each photo seen was taken: the duplicate rule looks only at those.
        var seenTaken: [Bool] = []
        for item in inputs {
            var inspection: Inspection
            switch item {
            case .unusable(let file, let rejection):
                inspection = Inspection(file: file, verdict: .skipped(rejection))
            case .file(let file):
                let photo: Photo?
                (inspection, photo) = await read(file)
                if let photo {
                    // Compared once with every photo seen: the nearest and the first it copies
                    // among them all, and build's duplicate rule among those taken.
                    let resemblances = seen.map { Resemblance(of: photo, to: $0) }
                    inspection.fingerprint = photo.fingerprint
                    inspection.nearest = PhotoRules.nearest(among: resemblances)
                    if case .duplicate(let original)? = PhotoRules.unique(among: resemblances, similarity: options.similarity) {
                        inspection.duplicateOf = original
                    }
                    var took = false
                    // The rules in build's order: shape (already applied), unique, the limit.
                    if case .used = inspection.verdict {
                        let amongTaken = zip(resemblances, seenTaken).lazy.filter(\.1).map(\.0)
                        if let rejection = PhotoRules.unique(among: amongTaken, similarity: options.similarity)
                            ?? PhotoRules.withinLimit(taken, limit: options.layout.limit) {
                            inspection.verdict = .skipped(rejection)
                        } else {
                            inspection.verdict = .used(index: taken.count, tile: .zero, crop: .zero)
                            taken.append(photo)
                            took = true
                        }
                    }
                    seen.append(photo)
                    seenTaken.append(took)
                }
            }
            progress(inspection)
            results.append(inspection)
        }
        let placements = CollageRenderer.placements(of: taken, canvas: options.layout.canvas, style: options.layout.style)
        for index in results.indices {
            if case .used(let position, _, _) = results[index].verdict {
                results[index].verdict = .used(index: position, tile: placements[position].tile, crop: placements[position].crop)
            }
        }
        return results
    }

    /// Reads and decodes one file small; the verdict so far is its shape's.
    private func read(_ file: PhotoFile) async -> (Inspection, Photo?) {
        let (limits, accept) = (options.readLimits, options.accept)
        do {
            let (header, photo) = try await Blocking.run {
                let opened = try PhotoLoader.open(file.path, limits: limits)
                let decoded = try opened.decode(at: Self.sampleSize(of: opened.header.displayedSize))
                return (opened.header, decoded.map { Photo(name: file.path, size: $0.header.displayedSize, image: $0.image) })
            }
            let verdict: Inspection.Verdict = PhotoRules.shape(header.displayedSize, accepted: accept).map { .skipped($0) }
                ?? .used(index: 0, tile: .zero, crop: .zero)
            return (Inspection(file: file, header: header, verdict: verdict), photo)
        } catch {
            return (Inspection(file: file, verdict: .skipped(Rejection(reading: error))), nil)
        }
    }

    /// The photo's shape within `sampleSide` pixels.
    static func sampleSize(of shown: PixelSize) -> PixelSize {
        let scale = min(1, Double(sampleSide) / Double(max(shown.width, shown.height)))
        return PixelSize(width: max(1, Int((Double(shown.width) * scale).rounded())), height: max(1, Int((Double(shown.height) * scale).rounded())))
    }
}
