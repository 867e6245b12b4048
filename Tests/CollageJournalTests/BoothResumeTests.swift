import CollageCore
import CollageFiles
import CollageJournal
import Testing

/// Where a restarted booth resumes, with values alone: the unfinished strip finished with the
/// photos still there, left as it is when its file changed or it is full, and which photos are
/// in complete strips.
@Suite("BoothResume: where a restarted booth resumes, from values")
struct BoothResumeTests {
    let folder = PathName("photos")
    func hash(_ byte: UInt8) -> ContentHash { ContentHash(of: [byte]) }

    func strip(_ number: Int, complete: Bool, photos: [(String, UInt8)], saved: UInt8 = 9) -> BoothHistory.Collage {
        BoothHistory.Collage(number: number, file: PathName("booth-000\(number).jpg"), complete: complete, saved: hash(saved),
                             photos: photos.map { BoothHistory.Entry(content: hash($0.1), name: PathName($0.0)) })
    }

    @Test func anUnfinishedStripIsFinishedWithThePhotosStillThereAndTheRestGone() {
        let open = strip(3, complete: false, photos: [("a.jpg", 1), ("b.jpg", 2), ("c.jpg", 3)])
        let now: [PathName: ContentHash] = ["a.jpg": hash(1), "b.jpg": hash(7)]  // b replaced, c deleted
        #expect(BoothResume.unfinished(open, fileNow: hash(9), photosNow: now, in: folder, limit: 4)
            == .finish(files: [PhotoFile(path: "photos/a.jpg")], gone: [PhotoFile(path: "photos/b.jpg"), PhotoFile(path: "photos/c.jpg")]))
        // Its file gone since is no reason to keep it: it is saved again.
        #expect(BoothResume.unfinished(open, fileNow: nil, photosNow: now, in: folder, limit: 4)
            == .finish(files: [PhotoFile(path: "photos/a.jpg")], gone: [PhotoFile(path: "photos/b.jpg"), PhotoFile(path: "photos/c.jpg")]))
    }

    @Test func aStripWhoseFileChangedOrThatIsFullIsKeptAsItIs() {
        let open = strip(3, complete: false, photos: [("a.jpg", 1), ("b.jpg", 2)])
        #expect(BoothResume.unfinished(open, fileNow: hash(8), photosNow: [:], in: folder, limit: 4)
            == .kept(reason: "the file is not the one this booth saved"))
        #expect(BoothResume.unfinished(open, fileNow: hash(9), photosNow: [:], in: folder, limit: 2) == .kept(reason: "it already holds 2 photos"))
    }

    @Test func thePhotosOfCompleteStripsAreKnownByPathAndNumber() {
        let history = BoothHistory(collages: [strip(1, complete: true, photos: [("a.jpg", 1), ("b.jpg", 2)]),
                                              strip(2, complete: false, photos: [("c.jpg", 3)])])
        #expect(BoothResume.completed(history, in: folder) == ["photos/a.jpg": 1, "photos/b.jpg": 1])
    }
}
