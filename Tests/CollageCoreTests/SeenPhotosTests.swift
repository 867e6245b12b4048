import CollageCore
import CollageImaging
import CollageTestSupport
import Testing

@Suite("Photos seen in a long run: the same answers as comparing with every photo taken")
struct SeenPhotosTests {
    typealias Seeded = FingerprintIndexTests.Seeded

    /// A thumbnail of random 8x8 blocks of luma 40…215, so a copy can be made brighter or darker
    /// by up to 40 levels without clipping: `shifted` by d measures d (a copy of a copy may clip).
    static func thumbnail(using random: inout Seeded) -> Thumbnail {
        let blocks = (0..<48).map { _ in UInt8(40 + random.next() % 176) }
        return Thumbnail(luma: (0..<Thumbnail.byteCount).map { blocks[($0 / 64 / 8) * 8 + ($0 % 64) / 8] })
    }

    static func shifted(_ thumbnail: Thumbnail, by levels: Int) -> Thumbnail {
        Thumbnail(luma: thumbnail.luma.map { UInt8(max(0, min(255, Int($0) + levels))) })
    }

    static func photo(_ name: String, _ fingerprint: Fingerprint, _ thumbnail: Thumbnail) -> Photo {
        Photo(name: PathName(name), size: PixelSize(width: 120, height: 80), image: TestImages.solid(.white, 2, 2),
              fingerprint: fingerprint, thumbnail: thumbnail)
    }

    /// 400 photos: new ones, and near copies of earlier ones (fingerprints 0…16 bits away,
    /// thumbnails 0…30 levels away, so that both stages decide some). Each is decided by
    /// `SeenPhotos` and by the brute force over every photo taken, then taken if unique.
    @Test("Same duplicates and nearest as the brute force", arguments: [1, 2])
    func sameAnswersAsTheBruteForce(seed: UInt64) {
        var random = Seeded(state: seed)
        var seen = SeenPhotos()
        var taken: [Photo] = []
        var duplicates = 0, nearestSeen = 0
        for number in 0..<400 {
            let photo: Photo
            if taken.count < 20 || random.next() % 3 == 0 {
                photo = Self.photo("new-\(number)", Fingerprint(horizontal: random.next(), vertical: random.next()), Self.thumbnail(using: &random))
            } else {
                let original = taken[Int(random.next() % UInt64(taken.count))]
                let bits = Int(random.next() % 17), levels = Int(random.next() % 31) * (random.next() % 2 == 0 ? 1 : -1)
                photo = Self.photo("copy-\(number)", FingerprintIndexTests.flipped(original.fingerprint, bits: bits, using: &random),
                                   Self.shifted(original.thumbnail, by: levels))
            }
            let resemblances = seen.resemblances(of: photo)
            let brute = taken.map { Resemblance(of: photo, to: $0) }.filter(\.isCandidate)
            #expect(resemblances.map(\.photo.name) == brute.map(\.photo.name))
            #expect(resemblances.map(\.distance) == brute.map(\.distance))
            let duplicate = PhotoRules.unique(among: resemblances)
            #expect(duplicate == PhotoRules.unique(photo, among: taken))
            #expect(PhotoRules.nearest(among: resemblances)?.photo.name == PhotoRules.nearest(among: brute)?.photo.name)
            if duplicate == nil {
                seen.insert(photo)
                taken.append(photo)
            } else {
                duplicates += 1
            }
            if !resemblances.isEmpty && duplicate == nil { nearestSeen += 1 }
        }
        #expect(seen.count == taken.count)
        // Not an empty agreement: copies were refused, and candidates that were not copies compared.
        #expect(duplicates >= 40 && nearestSeen >= 20, "\(duplicates) duplicates, \(nearestSeen) candidates kept")
    }

    @Test func aThumbnailThatCannotBeReadBackLeavesItsPhotoOut() {
        struct Forgetful: ThumbnailStore {
            var kept = ThumbnailsInMemory()
            mutating func append(_ thumbnail: Thumbnail) { kept.append(thumbnail) }
            func thumbnail(_ entry: Int) -> Thumbnail? { entry == 0 ? nil : kept.thumbnail(entry) }
        }
        var random = Seeded(state: 9)
        let print = Fingerprint(horizontal: random.next(), vertical: random.next()), look = Self.thumbnail(using: &random)
        var seen = SeenPhotos(thumbnails: Forgetful())
        seen.insert(Self.photo("a", print, look))
        seen.insert(Self.photo("b", print, look))
        #expect(seen.resemblances(of: Self.photo("c", print, look)).map(\.photo.name) == ["b"])
    }

    @Test func thumbnailsInMemoryGiveBackEachAsKept() {
        var random = Seeded(state: 3)
        var store = ThumbnailsInMemory()
        let kept = (0..<5).map { _ in Self.thumbnail(using: &random) }
        kept.forEach { store.append($0) }
        #expect(store.count == 5)
        #expect((0..<5).map { store.thumbnail($0) } == kept)
        #expect(store.thumbnail(5) == nil && store.thumbnail(-1) == nil)
    }
}
