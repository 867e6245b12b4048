import CollageEvents
import CollageCore
import CollagePipeline
import CollageReport
import Foundation
import Testing

@Suite("How a failed save is reported: a log line, shown even when quiet, and an NDJSON event")
struct SaveFailedReportTests {
    let event = PipelineEvent.saveFailed(.file("prints/booth-0003.jpg"), error: "cannot write prints/booth-0003.jpg: No space left on device",
                                         photos: 6, batch: 3, next: .after(.milliseconds(500)))

    @Test("The line says what failed and what happens next, at every verbosity", arguments: [Verbosity.quiet, .normal, .verbose])
    func line(verbosity: Verbosity) {
        #expect(LogLines.lines(for: event, verbosity: verbosity, watching: true).map(\.1)
            == ["cannot write prints/booth-0003.jpg: No space left on device; trying again in 0.5 s"])
        let later = PipelineEvent.saveFailed(.file("c.jpg"), error: "cannot write c.jpg: Permission denied", photos: 2, batch: 1, next: .atNextChange)
        #expect(LogLines.lines(for: later, verbosity: verbosity, watching: true).map(\.1)
            == ["cannot write c.jpg: Permission denied; saving again at the next change"])
    }

    @Test("A page that failed ends build --pages: its line never promises a next save", arguments: [Verbosity.quiet, .normal])
    func aFailedPage(verbosity: Verbosity) throws {
        let page = PipelineEvent.saveFailed(.file("album-0002.jpg"), error: "cannot write album-0002.jpg: No space left on device", photos: 4,
                                            batch: 2, next: .never)
        #expect(LogLines.lines(for: page, verbosity: verbosity, watching: false).map(\.1)
            == ["cannot write album-0002.jpg: No space left on device; no more pages are made"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(WatchJSON.event(page).serialized.utf8)) as? [String: Any])
        let data = try #require(object["data"] as? [String: Any])
        #expect(object["type"] as? String == "save-failed" && data["retryInSeconds"] is NSNull)
    }

    @Test func theEventInJSON() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(WatchJSON.event(event).serialized.utf8)) as? [String: Any])
        #expect(object["type"] as? String == "save-failed")
        let data = try #require(object["data"] as? [String: Any])
        #expect(data["path"] as? String == "prints/booth-0003.jpg")
        #expect(data["photos"] as? Int == 6 && data["batch"] as? Int == 3)
        #expect(data["error"] as? String == "cannot write prints/booth-0003.jpg: No space left on device")
        #expect(data["retryInSeconds"] as? Double == 0.5)
    }
}
