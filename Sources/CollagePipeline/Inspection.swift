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
    /// The photo taken that it duplicates (or the better copy that took its place), as `build`
    /// names it; else the first earlier file that is the same photo.
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
        let rules = options.rules(limit: options.layout.limit)
        var results: [Inspection] = []
        var seen: [Photo] = []
        // The photos taken, in their places, and the result each one is.
        var taken: [(photo: Photo, result: Int)] = []
        for item in inputs {
            var inspection: Inspection
            switch item {
            case .unusable(let file, let rejection):
                inspection = Inspection(file: file, verdict: .skipped(rejection))
            case .file(let file):
                let photo: Photo?
                (inspection, photo) = await read(file, rules: rules)
                if let photo {
                    // The nearest and the first it copies among every photo seen; build's
                    // decision (the rule book's) among those taken.
                    let resemblances = seen.map { Resemblance(of: photo, to: $0) }
                    inspection.fingerprint = photo.fingerprint
                    inspection.nearest = PhotoRules.nearest(among: resemblances)
                    if case .duplicate(let original)? = PhotoRules.unique(among: resemblances, similarity: options.similarity) {
                        inspection.duplicateOf = original
                    }
                    if case .used = inspection.verdict {
                        let amongTaken = taken.map { Resemblance(of: photo, to: $0.photo) }
                        switch rules.decide(photo, resemblances: amongTaken, taken: taken.count) {
                        case .skip(let rejection):
                            inspection.verdict = .skipped(rejection)
                            // The copy it is said to duplicate is the one taken, as build names it.
                            if case .duplicate(let original) = rejection { inspection.duplicateOf = original }
                        case .use:
                            inspection.verdict = .used(index: taken.count, tile: .zero, crop: .zero)
                            taken.append((photo, results.count))
                        case .replace(let kept, _):
                            let place = taken.firstIndex { $0.photo.name == kept.name } ?? taken.count
                            if place < taken.count {
                                results[taken[place].result].verdict = .skipped(.replacedBy(file.path))
                                results[taken[place].result].duplicateOf = file.path
                                taken[place] = (photo, results.count)
                            }
                            inspection.verdict = .used(index: place, tile: .zero, crop: .zero)
                        }
                    }
                    seen.append(photo)
                }
            }
            progress(inspection)
            results.append(inspection)
        }
        let placements = CollageRenderer.placements(of: taken.map(\.photo), canvas: options.layout.canvas, style: options.layout.style)
        for index in results.indices {
            if case .used(let position, _, _) = results[index].verdict {
                results[index].verdict = .used(index: position, tile: placements[position].tile, crop: placements[position].crop)
            }
        }
        return results
    }

    /// Reads and decodes one file small; the verdict so far is its shape's.
    private func read(_ file: PhotoFile, rules: PhotoRuleBook) async -> (Inspection, Photo?) {
        let limits = options.readLimits
        do {
            let (header, photo) = try await Blocking.run {
                let opened = try PhotoLoader.open(file.path, limits: limits)
                let decoded = try opened.decode(at: Self.sampleSize(of: opened.header.displayedSize))
                return (opened.header, decoded.map { decoded in
                    var photo = Photo(name: file.path, size: decoded.header.displayedSize, image: decoded.image)
                    // Its format: which of two copies the rule book keeps weighs it.
                    photo.decoding = decoded.details
                    return photo
                })
            }
            let verdict: Inspection.Verdict = rules.shape(header.displayedSize).map { .skipped($0) }
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
