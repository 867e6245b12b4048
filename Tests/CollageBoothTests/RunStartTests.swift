@testable import CollageBooth
import CollageCanvas
import CollageCore
import CollageImaging
import CollageLocking
import CollagePipeline
import CollageTestSupport
import Foundation
import Testing

/// `RunStart.prepare`'s one order, by what each step leaves: the inputs resolved before the
/// run's checks, nothing made for a run its checks refuse, the output's folder made before the
/// decorations are read, none on a dry run, and a turned paper said once the start is through.
@Suite("RunStart: one start in one order", .timeLimit(.minutes(1)))
struct RunStartTests {
    /// A run's end as these tests see it: a start's failure, or its own check's refusal.
    enum End: StartEnding, Equatable {
        case start(RunStart.Failure)
        case checked(String)

        init(_ failure: RunStart.Failure) {
            self = .start(failure)
        }
    }

    let out = try! TemporaryDirectory()
    let said = Locked<[String]>([])

    func start(output: String, decorations: DecorationFiles = DecorationFiles(), dryRun: Bool = false, turned: String? = nil) -> RunStart {
        var options = CollageOptions(layout: Layout(canvas: PixelSize(width: 300, height: 200)))
        options.turnedPaper = turned
        let said = said
        return RunStart(options: options, decorations: decorations, output: PathName(output), dryRun: dryRun) { line in said.withLock { $0.append(line) } }
    }

    @Test func theChecksSeeTheInputsAndARefusalMakesNothing() {
        let steps = Locked<[String]>([])
        #expect(throws: RunEnded<End>.self) {
            _ = try start(output: out.file("new/c.jpg")).prepare(inputs: { steps.withLock { $0.append("inputs") } }, check: { () throws(RunEnded<End>) in
                steps.withLock { $0.append("check") }
                throw RunEnded(.checked("no"))
            })
        }
        #expect(steps.withLock { $0 } == ["inputs", "check"])
        #expect(out.contents.isEmpty && said.withLock { $0 }.isEmpty)
    }

    @Test func theFolderIsMadeBeforeTheDecorationsAreRead() throws {
        let logo = PathName(out.file("logo.png"))
        var ended: End?
        do throws(RunEnded<End>) {
            _ = try start(output: out.file("new/c.jpg"), decorations: DecorationFiles(logo: logo)).prepare(inputs: {}, check: { () throws(RunEnded<End>) in })
        } catch {
            ended = error.end
        }
        guard case .start(.decorationUnavailable(let line))? = ended else {
            Issue.record("ended \(String(describing: ended))")
            return
        }
        #expect(line.contains("logo.png"))
        #expect(out.contents == ["new"])
        #expect(said.withLock { $0 } == ["created the folder \(out.file("new")) for the output"])
    }

    @Test func aDryRunMakesNoFolderAndATurnedPaperIsSaidLast() throws {
        let (checked, _) = try start(output: out.file("new/c.jpg"), dryRun: true, turned: "A4").prepare(inputs: { 3 }, check: { (count: Int) throws(RunEnded<End>) in count * 2 })
        #expect(checked == 6)
        #expect(out.contents.isEmpty)
        #expect(said.withLock { $0 } == ["A4 is laid landscape: the grid fills more of it that way (--portrait keeps it upright)"])
    }
}
