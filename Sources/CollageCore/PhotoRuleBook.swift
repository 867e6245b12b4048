public import CollageImaging
/// The one place a photo is decided, for every command: `build`, `build --pages`, `watch` and
/// `inspect` each hand it a photo as read and what they have taken so far, and carry out what it
/// returns, so that they cannot disagree about a photo. The rules are `PhotoRules`', in their
/// order: shape (from the header, before any pixel is decoded), the limit (a full collage takes
/// nothing more), unique (or a better copy that takes the place of the one taken).
///
/// ```
/// let rules = PhotoRuleBook(limit: 6)
/// rules.shape(header.displayedSize)                       // nil: go on and decode it
/// rules.decide(photo, resemblances: taken.map { Resemblance(of: photo, to: $0) }, taken: taken.count)
/// ```
public struct PhotoRuleBook: Sendable {
    /// What a better copy of a photo taken does: the one mode in which the commands differ.
    public enum Copies: Sendable {
        /// It takes the place of the copy taken (`build`, `--pages`, plain `watch`, `inspect`).
        case keepBetter
        /// The first copy stays: a booth's may already be on the screen or on paper.
        case keepFirst
    }

    /// What the rule book decided about a decoded photo.
    public enum Verdict: Sendable {
        /// Taken, as the next photo; `nearest` is the photo taken it comes closest to.
        case use(nearest: Resemblance?)
        /// Taken in the place of `kept`, of which it is a better copy: `kept` becomes its
        /// duplicate (`Rejection.replacedBy`).
        case replace(kept: Photo, nearest: Resemblance?)
        case skip(Rejection)
    }

    public let accept: AcceptedShape
    /// The duplicate rule's threshold on the `--similarity` scale.
    public let similarity: Double
    /// The most photos taken; nil for no limit (`--pages`: every page).
    public let limit: Int?
    public let copies: Copies

    public init(accept: AcceptedShape = .landscape, similarity: Double = Thumbnail.samePhotoThreshold,
                limit: Int? = PhotoRules.maximumPhotos, copies: Copies = .keepBetter) {
        self.accept = accept
        self.similarity = similarity
        self.limit = limit
        self.copies = copies
    }

    /// The shape rule, on the size as displayed from the header: a refused photo is never decoded.
    public func shape(_ displayed: PixelSize) -> Rejection? {
        PhotoRules.shape(displayed, accepted: accept)
    }

    /// Decides a decoded photo that passed the shape rule. `resemblances` compare it with the
    /// photos taken, in the order taken (every one, or at least every fingerprint candidate:
    /// a photo that is not a candidate is never a duplicate); `taken` is how many are taken.
    /// `replaceable` says whether a photo taken can still give its place (a page already handed
    /// to the saver cannot): when it cannot, its better copy is its duplicate.
    public func decide(_ photo: Photo, resemblances: [Resemblance], taken: Int,
                       replaceable: (PathName) -> Bool = { _ in true }) -> Verdict {
        // A full collage takes nothing more, a better copy neither: `build` stops reading there.
        if let limit, taken >= limit { return .skip(.overLimit(limit)) }
        let nearest = PhotoRules.nearest(among: resemblances)
        if let copied = resemblances.first(where: { $0.isDuplicate(similarity: similarity) }) {
            if copies == .keepBetter, replaceable(copied.photo.name), PhotoRules.isBetterCopy(photo, than: copied.photo) {
                return .replace(kept: copied.photo, nearest: nearest)
            }
            return .skip(.duplicate(of: copied.photo.name))
        }
        return .use(nearest: nearest)
    }
}
