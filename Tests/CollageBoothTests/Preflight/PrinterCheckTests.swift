@testable import CollageBooth
import CollageCore
import CollagePrinting
import Testing

/// Which queue an `lp` or `lpr` command prints to, what `lpstat` says of it, and the line
/// `collage check` and `watch` make of that: by value, with the printing system's answers given.
@Suite("The printer check: the queue lp prints to, lpstat's answer, and the line made of it")
struct PrinterCheckTests {
    static func environment(_ values: [String: String]) -> (String) -> String? { { values[$0] } }

    @Test(arguments: [
        (["lp", "-n", "1", "booth-0001.jpg"], [String: String](), PrintDestination(program: "lp", queue: .systemDefault, source: nil)),
        (["/usr/bin/lp", "-d", "office", "booth-0001.jpg"], [:], PrintDestination(program: "lp", queue: .named("office"), source: "-d")),
        (["lp", "-doffice/duplex", "booth-0001.jpg"], [:], PrintDestination(program: "lp", queue: .named("office"), source: "-d")),
        (["lp", "-d", "office", "-d", "attic", "booth-0001.jpg"], [:], PrintDestination(program: "lp", queue: .named("attic"), source: "-d")),
        (["lpr", "-P", "office", "booth-0001.jpg"], ["LPDEST": "attic"], PrintDestination(program: "lpr", queue: .named("office"), source: "-P")),
        (["lp", "booth-0001.jpg"], ["LPDEST": "attic", "PRINTER": "garage"], PrintDestination(program: "lp", queue: .named("attic"), source: "$LPDEST")),
        (["lpr", "booth-0001.jpg"], ["PRINTER": "garage"], PrintDestination(program: "lpr", queue: .named("garage"), source: "$PRINTER")),
        // CUPS ignores PRINTER=lp, the old System V name for "the default".
        (["lp", "booth-0001.jpg"], ["PRINTER": "lp"], PrintDestination(program: "lp", queue: .systemDefault, source: nil)),
        // No option after `--`: a file named -dx is a file.
        (["lp", "--", "-dx"], [:], PrintDestination(program: "lp", queue: .systemDefault, source: nil)),
    ])
    func theQueueIsFoundAsLpFindsIt(words: [String], environment: [String: String], destination: PrintDestination) {
        #expect(PrintDestination.of(words, environment: Self.environment(environment)) == destination)
    }

    @Test func aCommandThatIsNotLpOrLprHasNoQueueToAsk() {
        #expect(PrintDestination.of(["./print-to-lab.sh", "booth-0001.jpg"], environment: Self.environment([:])) == nil)
        #expect(PrintDestination.of(["lpq"], environment: Self.environment([:])) == nil)
    }

    /// `lpstat -r -a NAME -p NAME` as CUPS 2.4 answers in the C locale.
    @Test(arguments: [
        ("scheduler is running\noffice accepting requests since Fri 27 Nov 2026 10:00:00\nprinter office is idle.  enabled since Fri 27 Nov 2026 10:00:00\n",
         PrinterQueue.State.accepting(enabled: true, detail: "printer office is idle.  enabled since Fri 27 Nov 2026 10:00:00")),
        ("scheduler is running\nOffice accepting requests since Fri\nprinter Office now printing Office-12.  enabled since Fri\n",
         .accepting(enabled: true, detail: "printer Office now printing Office-12.  enabled since Fri")),
        ("scheduler is running\noffice accepting requests since Fri -\nprinter office disabled since Fri -\n\tMedia empty\n",
         .accepting(enabled: false, detail: "Media empty")),
        ("scheduler is running\noffice not accepting requests since Fri -\n\tRejecting Jobs\nprinter office is idle.  enabled since Fri\n",
         .rejecting(detail: "Rejecting Jobs")),
        ("scheduler is running\nlpstat: Invalid destination name in list \"office\".\n", .unknown(detail: "lpstat: Invalid destination name in list \"office\".")),
        ("scheduler is not running\n", .unanswered(reason: "the CUPS scheduler is not running")),
        ("lpstat: Bad file descriptor\n", .unanswered(reason: "lpstat: Bad file descriptor")),
    ])
    func lpstatsAnswerIsReadAsTheQueuesState(text: String, state: PrinterQueue.State) {
        #expect(Lpstat.state(of: "office", answer: ProgramOutput.Result(status: text.contains("Invalid") ? 1 : 0, text: text)) == state)
    }

    @Test(arguments: [
        ("scheduler is running\nsystem default destination: office\n", PrinterQueue.Default.named("office")),
        ("scheduler is running\nsystem default destination: office/duplex\n", .named("office")),
        ("scheduler is running\nno system default destination\n", .none(detail: "no system default destination")),
        ("scheduler is not running\n", .unanswered(reason: "the CUPS scheduler is not running")),
    ])
    func lpstatsDefaultDestinationIsRead(text: String, answer: PrinterQueue.Default) {
        #expect(Lpstat.defaultDestination(answer: ProgramOutput.Result(status: 0, text: text)) == answer)
    }

    /// What the printing system says, given as a value (a CUPS-backed probe gives the same).
    static func system(_ states: [String: PrinterQueue.State], default name: PrinterQueue.Default = .named("office")) -> PrinterQueue {
        PrinterQueue(state: { states[$0] ?? .unknown(detail: "lpstat: Invalid destination name in list \"\($0)\".") }, defaultDestination: { name })
    }

    @Test func eachStateIsItsLineReadyAWarningOrAFailure() throws {
        func check(_ words: [String], _ system: PrinterQueue, _ environment: [String: String] = [:]) throws -> PreflightCheck {
            try #require(PrinterCheck.check(words, environment: Self.environment(environment), queue: system))
        }
        let lp = ["lp", "booth-0001.jpg"]
        #expect(try check(lp, Self.system(["office": .accepting(enabled: true, detail: "printer office is idle.")]))
            == PreflightCheck("printer", .ready, "printer office is idle."))
        #expect(try check(lp, Self.system(["office": .accepting(enabled: false, detail: "Paused")]))
            == PreflightCheck("printer", .warning, "office (the default destination) is disabled, and holds the jobs until it is enabled: Paused"))
        #expect(try check(lp, Self.system(["attic": .rejecting(detail: "Rejecting Jobs")]), ["PRINTER": "attic"])
            == PreflightCheck("printer", .failed, "attic ($PRINTER) does not accept jobs: Rejecting Jobs"))
        #expect(try check(["lp", "-d", "garage", "x"], Self.system([:]))
            == PreflightCheck("printer", .failed, "CUPS has no printer garage (-d): lpstat: Invalid destination name in list \"garage\"."))
        #expect(try check(["lpr", "x"], Self.system([:], default: .none(detail: "no system default destination")))
            == PreflightCheck("printer", .failed, "no printer named (-P NAME, $LPDEST or $PRINTER) and no default destination: no system default destination"))
        #expect(try check(lp, Self.system([:], default: .unanswered(reason: "lpstat did not answer within 3 s")))
            == PreflightCheck("printer", .warning, "cannot ask CUPS which printers accept jobs: lpstat did not answer within 3 s"))
        #expect(try check(lp, Self.system(["office": .unanswered(reason: "the CUPS scheduler is not running")]))
            == PreflightCheck("printer", .warning, "cannot ask CUPS which printers accept jobs about office (the default destination): the CUPS scheduler is not running"))
    }
}
