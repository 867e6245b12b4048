import CollageJournal
import CollageEvents
import CollageCodecs
import CollageCanvas
import CollageCore
import CollageImaging
import CollagePipeline
import CollageReport
import CollageSources
import CollageTestSupport
import Foundation
import Testing
import CollageWriting
import CollageSaving
import CollageFiles

@Suite("A booth's journal that cannot be written: its intent comes first, so the collage is not replaced either")
struct JournalFailureTests {
    @Test func theCollageIsNotWrittenWhenItsIntentCannotBe() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let output = CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true)
        let (journal, _) = try BoothJournal.open(for: output, watching: PathName(photos.path), limit: 6, notice: { _ in })
        // A folder where the journal goes: the journal cannot replace it, so the collage is not renamed into place.
        try FileManager.default.createDirectory(atPath: journal.path.description, withIntermediateDirectories: false)
        let sink = DiskSink(layout: Layout(canvas: PixelSize(width: 60, height: 40)), output: output, format: .jpeg, writer: CollageWriter(), journal: journal)
        var selection = Selection(limit: 6)
        try selection.add(Photo(name: PathName(photos.file("a.jpg")), size: PixelSize(width: 4, height: 3), image: TestImages.quadrants(4, 3)))

        let error = await #expect(throws: WriteError.self) { try await sink.save(selection, batch: 1).value }
        guard case .file(let cause)? = error else {
            Issue.record("not a file failure: \(String(describing: error))")
            return
        }
        #expect(cause.path == journal.path)
        #expect(!FileIdentity.exists(output.path(forBatch: 1)))
        #expect(out.contents == [".booth.jpg.journal", ".booth.jpg.lock"])
        // The save-failed line, as a watch shows it.
        let event = PipelineEvent.saveFailed(sink.destination(forBatch: 1), error: String(describing: error!), photos: 1, batch: 1, next: .atNextChange)
        #expect(LogLines.lines(for: event, verbosity: .quiet, watching: true).map(\.1)
            == ["cannot write \(journal.path): \(cause.reason); saving again at the next change"])
    }
}
