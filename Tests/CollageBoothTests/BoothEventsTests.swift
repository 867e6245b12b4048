import CollageEvents
import CollageBooth
import CollageCore
import CollageLocking
import Testing

/// The booth's fan-out: whatever order its subscribers are given in, a saved collage is servable
/// before the report (and through it the live pages) hears of it, and the printer hears last.
@Suite("BoothEvents: files servable first, then report and pages, then printer")
struct BoothEventsTests {
    @Test func everyEventReachesFilesThenReportThenPrinter() {
        let heard = Locked<[String]>([])
        func recorder(_ name: String) -> @Sendable (PipelineEvent) -> Void {
            { event in
                if case .notice(let text) = event { heard.withLock { $0.append("\(name): \(text)") } }
            }
        }
        let events = BoothEvents.booth(files: recorder("files"), report: recorder("report"), printer: recorder("printer"))
        #expect(events.order == [.servableFiles, .report, .printer])
        events.send(.notice("one"))
        events.send(.notice("two"))
        #expect(heard.withLock { $0 } == ["files: one", "report: one", "printer: one", "files: two", "report: two", "printer: two"])
    }

    @Test func theOrderIsTheStagesOrderNotTheRegistrations() {
        let heard = Locked<[BoothEvents.Subscriber]>([])
        let subscribers = Dictionary(uniqueKeysWithValues: BoothEvents.Subscriber.allCases.reversed().map { subscriber in
            (subscriber, { @Sendable (_: PipelineEvent) in heard.withLock { $0.append(subscriber) } })
        })
        BoothEvents(subscribers).send(.notice("saved"))
        #expect(heard.withLock { $0 } == [.servableFiles, .report, .printer])
    }

    @Test func withoutServerOrPrinterTheReportAloneHears() {
        let events = BoothEvents.booth(files: nil, report: { _ in }, printer: nil)
        #expect(events.order == [.report])
    }
}
