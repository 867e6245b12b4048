@testable import CollageBooth
import CollageCanvas
import CollageCore
import CollageImaging
import CollagePipeline
import CollagePrinting
import CollageReport
import CollageTerminal
import CollageTestSupport
import CollageWriting
import CollageLocking
import Foundation
import Testing

/// What `watch` makes of the checks at start, with the printing system's answers given as a
/// value (`PrinterQueue`), as a CUPS-backed probe will give them: a queue that will not print
/// is the booth's warning and check's failure; a print program that is not there ends the start.
@Suite("The checks a booth makes at start, with the printing system given")
struct PreflightAtStartTests {
    let photos = try! TemporaryDirectory()

    func settings(print command: String) throws -> WatchSettings {
        WatchSettings(folder: PathName(photos.path), output: PathName(photos.file("prints/booth.jpg")), format: .jpeg, batches: false,
                      throttle: .zero, options: CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200), limit: 1)),
                      printer: Printer(command: try PrintCommand(parsing: command), copies: 1, timeout: .seconds(30), retry: RetryPolicy(attempts: 1, firstDelay: .zero)),
                      report: ReportSettings(verbosity: .quiet, styler: .plain, json: false, preview: false))
    }

    static let rejecting = PrinterQueue(state: { _ in .rejecting(detail: "Rejecting Jobs") }, defaultDestination: { .named("office") })

    /// An `lp` that is there (a script here): the queue it prints to is asked of the value given.
    func lp() throws -> String {
        let program = photos.file("lp")
        try "#!/bin/sh\nexit 0\n".write(toFile: program, atomically: false, encoding: .utf8)
        #expect(chmod(program, 0o755) == 0)
        return program
    }

    @Test func aQueueThatRefusesJobsIsTheBoothsWarningAtStartAndChecksFailure() throws {
        let settings = try settings(print: "\(try lp()) -n {copies} {path}")
        let refused = PreflightCheck("printer", .failed, "office (the default destination) does not accept jobs: Rejecting Jobs")
        let start = Preflight.atStart(settings, printers: Self.rejecting)
        #expect(start.refusal == nil)
        #expect(start.warnings.filter { $0.name == "printer" } == [refused])
        #expect(Preflight.checks(settings, printers: Self.rejecting).filter { $0.name == "printer" } == [refused])
    }

    @Test func aScriptOfTheOperatorsIsNotAskedAbout() throws {
        let asked = Locked(false)
        let printers = PrinterQueue(state: { _ in asked.withLock { $0 = true }; return .unknown(detail: "") }, defaultDestination: { .named("x") })
        let settings = try settings(print: "/bin/true -d office {path}")
        #expect(Preflight.atStart(settings, printers: printers).warnings.allSatisfy { $0.name != "printer" })
        #expect(Preflight.checks(settings, printers: printers).allSatisfy { $0.name != "printer" })
        #expect(!asked.withLock { $0 })
    }

    @Test func aProgramThatIsNotThereEndsTheStartBeforeCUPSIsAsked() throws {
        let asked = Locked(false)
        let printers = PrinterQueue(state: { _ in asked.withLock { $0 = true }; return .unknown(detail: "") }, defaultDestination: { .named("x") })
        let start = Preflight.atStart(try settings(print: "\(photos.file("lp")) {path}"), printers: printers)
        #expect(start.refusal == .printerUnavailable("the print command's program \(photos.file("lp")) is not found or is not executable"))
        #expect(!asked.withLock { $0 })
    }
}
