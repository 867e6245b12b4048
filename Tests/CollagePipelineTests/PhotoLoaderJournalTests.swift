import CollageJournal
import CollageEvents
import CollageCodecs
import CollageCore
import CollageImaging
@testable import CollagePipeline
import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageWriting
import CollageSaving
import CollageFiles

@Suite("With a booth's journal, a photo is read once: hashed, then decoded from the same bytes")
struct PhotoLoaderJournalTests {
    let photos = try! TemporaryDirectory()
    let out = try! TemporaryDirectory()

    func journal() throws -> BoothJournal {
        try BoothJournal.open(for: CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true),
                          watching: PathName(photos.path), limit: 6, notice: { _ in }).0
    }

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test func aFileRewrittenAfterTheProbeIsDecodedAsItWasHashed() async throws {
        let path = photos.file("p.jpg")
        try Data(try bytes(Fixtures.path("kite.jpg"))).write(to: URL(fileURLWithPath: path))
        let probed = try await PhotoLoader(journal: try journal()).probe(PhotoFile(path)).get()
        // Rewritten in place (the same inode): a decoder reading the file now would see a path.
        try Data(try bytes(Fixtures.path("path.jpg"))).write(to: URL(fileURLWithPath: path))
        let kept = PixelSize(width: 120, height: 80)
        let photo = try await probed.decode(keeping: kept).get()
        let kite = try await PhotoLoader().probe(PhotoFile(Fixtures.path("kite.jpg"))).get().decode(keeping: kept).get()
        #expect(photo.content == ContentHash(of: try bytes(Fixtures.path("kite.jpg"))))
        #expect(photo.image == kite.image)
        // A decode at another size reads the file again: its bytes are no longer the ones hashed.
        let again = await probed.decode(keeping: PixelSize(width: 60, height: 40))
        #expect(again.failure == .unusable(.unreadable, detail: "changed while being read"))
    }

    @Test func aPhotoInASavedCollageIsRefusedBeforeItIsDecoded() async throws {
        let path = photos.file("p.jpg")
        try Data(try bytes(Fixtures.path("kite.jpg"))).write(to: URL(fileURLWithPath: path))
        let journal = try journal()
        var photo = Photo(name: PathName(path), size: PixelSize(width: 4, height: 3), image: TestImages.quadrants(4, 3))
        photo.content = ContentHash(of: try bytes(path))
        _ = try await CollageWriter().save(TestImages.quadrants(60, 40), to: .file(journal.output.path(forBatch: 1)), as: .jpeg) { [photo] content in
            try journal.intend(batch: 1, photos: [photo], complete: true, content: content)
        }.value
        try journal.saved(batch: 1)
        let result = await PhotoLoader(journal: journal).probe(PhotoFile(path))
        #expect(result.failure == .alreadyUsed(in: journal.output.path(forBatch: 1)))
    }
}

extension Result {
    /// The error, for `#expect` (a Result of a probe is not Equatable).
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
