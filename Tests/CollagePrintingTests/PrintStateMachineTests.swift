@testable import CollagePrinting
import CollageCore
import CollageFiles
import CollageTestSupport
import CollageWriting
import Testing

/// The print rules by value, on a manual clock's instants: order, `--max-prints`, the checks, the
/// journal's intent, tries and rounds, asking the print server before sending again.
@Suite("PrintStateMachine: one at a time, in order, retried in rounds, never sent twice")
struct PrintStateMachineTests {
    typealias Machine = PrintStateMachine<ManualClock.Instant>
    func at(_ milliseconds: Int) -> ManualClock.Instant { ManualClock.Instant(.milliseconds(milliseconds)) }

    func job(_ number: Int, journaled: Bool = true) -> PrintJob {
        PrintJob(number: number, path: PathName("booth-\(number).jpg"), saved: ContentHash(of: [UInt8(number)]), journaled: journaled,
                 title: "booth-\(number).jpg (collage b \(number))")
    }

    let offline = PrintFailure.exited(program: "lp", status: 1, lastLine: "offline")

    /// A journaled print all the way: check, begin, submit, end; the next waits its turn.
    @Test func aPrintIsCheckedBegunSentAndEndedAndTheNextWaitsItsTurn() {
        var machine = Machine(limit: nil, canAsk: false)
        #expect(machine.asked(job(1), at: at(0)) == [.check(job(1))])
        #expect(machine.asked(job(2), at: at(0)) == [])
        #expect(machine.checked(job(1), nil, at: at(0)) == [.begin(job(1))])
        #expect(machine.began(job(1), .success(true), at: at(0)) == [.submit(job(1))])
        #expect(machine.submitted(job(1), nil, at: at(5)) == [.end(job(1), printed: true), .check(job(2))])
        #expect(machine.checked(job(2), nil, at: at(5)) == [.begin(job(2))])
        #expect(machine.began(job(2), .success(true), at: at(5)) == [.submit(job(2))])
        #expect(machine.submitted(job(2), nil, at: at(9)) == [.end(job(2), printed: true)])
        #expect(machine.isIdle)
    }

    /// Without a journal (`build --print`) there is nothing to begin.
    @Test func aPrintWithoutAJournalIsSentOnceChecked() {
        var machine = Machine(limit: nil, canAsk: false)
        _ = machine.asked(job(1, journaled: false), at: at(0))
        #expect(machine.checked(job(1, journaled: false), nil, at: at(0)) == [.submit(job(1, journaled: false))])
    }

    @Test func aFileThatIsNotTheOneSavedOrAJournalThatSaysNoIsNotPrinted() {
        var machine = Machine(limit: nil, canAsk: false)
        _ = machine.asked(job(1), at: at(0))
        _ = machine.asked(job(2), at: at(0))
        _ = machine.asked(job(3), at: at(0))
        #expect(machine.checked(job(1), .notTheFileSaved, at: at(0)) == [.skip(job(1), .notTheFileSaved), .check(job(2))])
        _ = machine.checked(job(2), nil, at: at(0))
        #expect(machine.began(job(2), .success(false), at: at(0)) == [.skip(job(2), .notToPrint), .check(job(3))])
        _ = machine.checked(job(3), nil, at: at(0))
        let full = FileError(path: "j", action: "write", reason: "No space left on device")
        #expect(machine.began(job(3), .failure(full), at: at(0)) == [.skip(job(3), .notNow(full.description))])
        // None of them was sent: none counts against --max-prints.
        #expect(machine.printed == 0)
    }

    /// `--max-prints 1`: the first sent counts, whatever its tries; the second is a line.
    @Test func maxPrintsCountsEachPrintSentOnce() {
        var machine = Machine(limit: 1, canAsk: false, retry: RetryPolicy(attempts: 2, firstDelay: .seconds(1)))
        _ = machine.asked(job(1, journaled: false), at: at(0))
        _ = machine.checked(job(1, journaled: false), nil, at: at(0))
        _ = machine.submitted(job(1, journaled: false), offline, at: at(0))
        _ = machine.woke(at: at(1000))
        #expect(machine.printed == 1)
        #expect(machine.asked(job(2, journaled: false), at: at(1000)) == [])
        #expect(machine.submitted(job(1, journaled: false), nil, at: at(1000)) == [.end(job(1, journaled: false), printed: true),
                                                                                  .skip(job(2, journaled: false), .limit(1))])
    }

    /// A failed try is tried again after 0.5, 1 and 2 s (the save's policy); a wake-up before
    /// its time changes nothing.
    @Test func aFailedTryIsTriedAgainOnTheClock() {
        var machine = Machine(limit: nil, canAsk: false)
        _ = machine.asked(job(1, journaled: false), at: at(0))
        _ = machine.checked(job(1, journaled: false), nil, at: at(0))
        #expect(machine.submitted(job(1, journaled: false), offline, at: at(0)) == [
            .failed(job(1, journaled: false), offline, retryIn: .milliseconds(500)), .wake(at: at(500)),
        ])
        #expect(machine.woke(at: at(400)) == [])
        #expect(machine.woke(at: at(500)) == [.submit(job(1, journaled: false))])
        #expect(machine.submitted(job(1, journaled: false), offline, at: at(500)) == [
            .failed(job(1, journaled: false), offline, retryIn: .seconds(1)), .wake(at: at(1500)),
        ])
        #expect(machine.woke(at: at(1500)) == [.submit(job(1, journaled: false))])
        #expect(machine.submitted(job(1, journaled: false), nil, at: at(1600)) == [.end(job(1, journaled: false), printed: true)])
    }

    /// Every try of a round failed: recorded as failed, the next print goes first, and the failed
    /// one gets another round after 10 s, then 20 s, 40 s, 60 s, 60 s; it is begun again each round.
    @Test func aPrintFailedForGoodGetsAnotherRoundWhileTheBoothRunsAndTheNextGoesFirst() {
        var machine = Machine(limit: nil, canAsk: false, retry: RetryPolicy(attempts: 1, firstDelay: .seconds(1)))
        _ = machine.asked(job(1), at: at(0))
        _ = machine.asked(job(2), at: at(0))
        _ = machine.checked(job(1), nil, at: at(0))
        _ = machine.began(job(1), .success(true), at: at(0))
        #expect(machine.submitted(job(1), offline, at: at(0)) == [
            .failed(job(1), offline, retryIn: .seconds(10)), .end(job(1), printed: false), .check(job(2)),
        ])
        _ = machine.checked(job(2), nil, at: at(0))
        _ = machine.began(job(2), .success(true), at: at(0))
        #expect(machine.submitted(job(2), nil, at: at(1000)) == [.end(job(2), printed: true), .wake(at: at(10_000))])
        #expect(machine.woke(at: at(10_000)) == [.check(job(1))])
        _ = machine.checked(job(1), nil, at: at(10_000))
        #expect(machine.began(job(1), .success(true), at: at(10_000)) == [.submit(job(1))])
        #expect(machine.submitted(job(1), offline, at: at(10_000)) == [
            .failed(job(1), offline, retryIn: .seconds(20)), .end(job(1), printed: false), .wake(at: at(30_000)),
        ])
        #expect(PrintBackoff.standard.delay(beforeRound: 4) == .seconds(40))
        #expect((5...9).map(PrintBackoff.standard.delay(beforeRound:)) == Array(repeating: .seconds(60), count: 5))
        #expect(machine.printed == 2)
    }

    /// The booth stopping: what is asked is still tried (a round each), no round after.
    @Test func aBoothStoppingTriesWhatIsAskedOnceAndGivesNoMoreRounds() {
        var machine = Machine(limit: nil, canAsk: false, retry: RetryPolicy(attempts: 1, firstDelay: .seconds(1)))
        _ = machine.asked(job(1, journaled: false), at: at(0))
        _ = machine.checked(job(1, journaled: false), nil, at: at(0))
        _ = machine.submitted(job(1, journaled: false), offline, at: at(0))
        _ = machine.asked(job(2, journaled: false), at: at(0))
        #expect(machine.finish(at: at(1)) == [])
        _ = machine.checked(job(2, journaled: false), nil, at: at(1))
        #expect(machine.submitted(job(2, journaled: false), offline, at: at(2)) == [
            .failed(job(2, journaled: false), offline, retryIn: nil), .end(job(2, journaled: false), printed: false),
        ])
        #expect(machine.isIdle && machine.later.isEmpty)
    }

    /// A print server that may have the job (tried before) is asked first: a job it has is
    /// never sent again; one it never got is sent.
    @Test func aServerThatMayHaveTheJobIsAskedBeforeItIsSentAgain() {
        var machine = Machine(limit: nil, canAsk: true)
        _ = machine.asked(job(1), at: at(0))
        _ = machine.checked(job(1), nil, at: at(0))
        #expect(machine.began(job(1), .success(true), at: at(0)) == [.submit(job(1))])
        let lost = PrintFailure.unreachable(queue: "booth", reason: "Connection reset")
        #expect(machine.submitted(job(1), lost, at: at(0)) == [.failed(job(1), lost, retryIn: .milliseconds(500)), .wake(at: at(500))])
        #expect(machine.woke(at: at(500)) == [.find(job(1))])
        #expect(machine.found(job(1), .success(true), at: at(501)) == [.end(job(1), printed: true)])
        _ = machine.asked(job(2), mayExist: true, at: at(600))
        _ = machine.checked(job(2), nil, at: at(600))
        #expect(machine.began(job(2), .success(true), at: at(600)) == [.find(job(2))])
        #expect(machine.found(job(2), .success(false), at: at(600)) == [.submit(job(2))])
    }

    /// In doubt after a crash: asked of a print server; with a command, named and never sent.
    @Test func aPrintInDoubtIsAskedOfTheServerOrNamedWhenItCannotBe() {
        var command = Machine(limit: nil, canAsk: false)
        #expect(command.asked(job(1), inDoubt: true, at: at(0)) == [.unknown(job(1))])
        #expect(command.isIdle && command.printed == 0)
        var cups = Machine(limit: nil, canAsk: true)
        #expect(cups.asked(job(1), inDoubt: true, at: at(0)) == [.check(job(1))])
        _ = cups.checked(job(1), nil, at: at(0))
        #expect(cups.began(job(1), .success(true), at: at(0)) == [.find(job(1))])
        let down = PrintFailure.unreachable(queue: "booth", reason: "timed out")
        #expect(cups.found(job(1), .failure(down), at: at(0)) == [.failed(job(1), down, retryIn: .milliseconds(500)), .wake(at: at(500))])
    }
}
