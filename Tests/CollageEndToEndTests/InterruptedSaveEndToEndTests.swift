import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Signals while a collage is being written, and what a killed run left behind: no temporary
/// file survives, the previous collage stays, and an unsaved collage is never reported as a
/// success. Through the real executable.
@Suite("Interrupted saves, end to end", .timeLimit(.minutes(2)))
struct InterruptedSaveEndToEndTests {
    let out = try! TemporaryDirectory(), photos = try! TemporaryDirectory()

    /// `build` signalled while its temporary file is on disk: strace holds its `fsync` for four
    /// seconds (a slow disk, deterministically; the script sees the file within a twentieth of a
    /// second), the signal goes to the PID the temporary file is named after, and the script
    /// prints the exit status.
    @Test("build stopped by a signal while writing keeps the previous collage and no temporary file",
          arguments: [(SIGINT, 130), (SIGTERM, 143), (SIGHUP, 129)])
    func aSignalWhileWritingRemovesTheTemporaryFile(signal: Int32, status: Int) async throws {
        let output = out.file("c.png")
        let first = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", output, "--size", "300x200"])
        #expect(first.status == 0)
        let previous = try Data(contentsOf: URL(fileURLWithPath: output))
        let temporary = "$(ls -a \(Shell.quote(out.path)) | grep '^\\.c\\.png\\..*\\.tmp$')"
        // LeakSanitizer cannot run under ptrace (`make sanitize`): leaks are checked everywhere else.
        let script = "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 "
            + "strace -f -qq -o /dev/null -e trace=fsync -e inject=fsync:delay_enter=4000000 "
            + "collage build \(Shell.quote(Fixtures.path("kite.jpg"))) -o \(Shell.quote(output)) --size 300x200 & "
            + Shell.waitUntil("[ -n \"\(temporary)\" ]", else: "kill $!") + "; "
            + "pid=$(echo \"\(temporary)\" | cut -d. -f4); kill -\(signal) \"$pid\"; wait $!; echo $?"
        let run = try await Shell.run(script)
        #expect(run.lines == ["\(status)"])
        #expect(run.stderr.isEmpty)
        #expect(out.contents == ["c.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == previous)
    }

    /// A PID that was alive a moment ago and is not any more: a run killed with SIGKILL.
    func deadPID() async throws -> Int32 {
        let run = try await Shell.run("sleep 0 & echo $!; wait")
        return try #require(Int32(run.lines.first ?? ""))
    }

    @Test func aBoothRemovesTheTemporaryFilesItsKilledRunLeft() async throws {
        let (dead, alive) = (try await deadPID(), getpid())
        let leftovers = [".booth-0001.jpg.\(dead).123.tmp", "..booth.jpg.journal.\(dead).7.tmp"]
        let kept = [".booth-0001.jpg.\(alive).5.tmp",  // a run still writing
                    ".other.jpg.\(dead).1.tmp", ".booth-1.jpg.\(dead).1.tmp", ".booth-0001.jpg.\(dead).tmp", "notes.txt"]
        for name in leftovers + kept { #expect(FileManager.default.createFile(atPath: out.file(name), contents: Data([1, 2, 3]))) }
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        try await booth.waitFor("collage: wrote \(out.file("booth-0001.jpg")) (300x200, 1 photo)")
        booth.signal(SIGTERM)
        #expect(await booth.status == 143)
        #expect(booth.stderrLines.prefix(2) == ArraySlice(leftovers.sorted().map {
            "collage: removed \(out.file($0)), left by a run that was killed"
        }))
        #expect(out.contents == (kept + [".booth.jpg.journal", ".booth.jpg.lock", "booth-0001.jpg"]).sorted())
    }

    /// The signals come from bash, which polls the log itself: the test's own tasks may wait
    /// longer than the retries last on a busy machine.
    @Test func aSecondSignalDuringTheFinalSavesRetriesSaysTheCollageWasNotSaved() async throws {
        let prints = out.file("prints"), output = out.file("prints/collage.jpg")
        try FileManager.default.createDirectory(atPath: prints, withIntermediateDirectories: false)
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        let failure = "collage: cannot write \(output): No such file or directory"
        let (log, events) = (out.file("log"), out.file("events"))
        func until(_ line: String) -> String { Shell.waitUntil("grep -qxF \(Shell.quote(line)) \(log)", else: "kill -KILL $pid") }
        let five = ["bythewater.jpg", "coldripple.jpg", "eveningglow.jpg", "fallenleaf.jpg", "kite.jpg"].map { Shell.quote(Fixtures.path($0)) }
        let script = [
            "collage watch \(photos.path) -o \(output) --size 300x200 --throttle 0 --json > \(events) 2> \(log) & pid=$!",
            until("collage: wrote \(output) (300x200, 1 photo)"),
            "rm -r \(prints)", "cp \(five.joined(separator: " ")) \(photos.path)",
            until("\(failure); trying again in 0.5 s"),
            "kill -TERM $pid",  // stop watching; the final collage is still being tried
            until("\(failure); trying again in 1 s"),
            "kill -TERM $pid",  // stop now
            "wait $pid; echo $?",
        ].joined(separator: "\n")
        let run = try await Shell.run(script)
        #expect(run.lines == ["73"], "\(run.stderr)")
        let notSaved = "stopped before the newest collage (6 photos) was saved to \(output)"
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.last == "collage: \(notSaved)")
        #expect(lines.filter { $0.hasPrefix(failure) }.suffix(2) == ["\(failure); trying again in 0.5 s", "\(failure); trying again in 1 s"])
        let finished = try await Shell.jq(#"select(.type == "finished") | .data | "\(.reason) \(.exitStatus) \(.error)""#,
                                          try Data(contentsOf: URL(fileURLWithPath: events)))
        #expect(finished == ["cannot-write 73 \(notSaved)"])
    }
}
