import CollageCore
@testable import CollageReport
import CollageFiles
import Testing

@Suite("A restarted booth's photos already in collages: one line")
struct AlreadyUsedSummaryTests {
    @Test func manyRefusalsMakeOneLineNamingTheCollages() {
        var summary = AlreadyUsedSummary()
        for (photo, collage) in [("a", 1), ("b", 1), ("c", 2), ("d", 2), ("e", 3), ("f", 4)] {
            summary.hold(PhotoFile(path: PathName("photos/\(photo).jpg")), in: PathName("booth-000\(collage).jpg"))
        }
        #expect(summary.take() == "6 photos already in 4 collages, booth-0001.jpg … booth-0004.jpg: not used again (-v lists them)")
        #expect(summary.take() == nil)
        summary.hold(PhotoFile(path: "a.jpg"), in: "booth-0001.jpg")
        summary.hold(PhotoFile(path: "b.jpg"), in: "booth-0001.jpg")
        #expect(summary.take() == "2 photos already in booth-0001.jpg: not used again (-v lists them)")
    }

    @Test func oneRefusalIsItsOwnLine() {
        var summary = AlreadyUsedSummary()
        summary.hold(PhotoFile(path: "a.jpg"), in: "booth-0001.jpg")
        #expect(summary.take() == "a.jpg: already in booth-0001.jpg")
    }
}
