import CollageCore
import CollageLocking
import CollageImaging
import CollageTestSupport
import Dispatch
import Glibc
import Testing
@testable import CollageTerminal

/// The probe on the program's side of a real pseudo-terminal, while the test plays the terminal:
/// it reads the queries and then sends `answer` (nothing when nil), as a real terminal would.
private func probe(answering answer: String?, timeout: Duration = .seconds(10))
    async throws -> (answers: TerminalAnswers?, queries: String, before: PseudoTerminal.LineSettings, after: PseudoTerminal.LineSettings, echoed: String)
{
    let pty = try PseudoTerminal()
    let before = pty.childSettings
    // Started on a thread at once, not as an `async let` child: a child task waits for a
    // cooperative thread, and under load the answer could come before the probe listens.
    let asked = Locked<TerminalAnswers??>(nil)
    let probing = DispatchGroup()
    DispatchQueue.global().async(group: probing) {
        let answers = TerminalProbe.ask(input: pty.child, output: pty.child, timeout: timeout)
        asked.withLock { $0 = .some(answers) }
    }
    let queries = await ChildProcesses.offPool {
        let read = pty.read(quietMilliseconds: 30_000) { $0.text.hasSuffix("\u{1B}[c") }  // a hang guard, generous under load
        if let answer { pty.send(answer) }
        return read.text
    }
    await withCheckedContinuation { done in probing.notify(queue: .global()) { done.resume() } }
    let answers = asked.withLock { $0 } ?? nil
    let after = pty.childSettings
    // In raw mode, nothing the terminal answered may come back as echo.
    let echoed = await ChildProcesses.offPool { pty.read(quietMilliseconds: 100).text }
    return (answers, queries, before, after, echoed)
}

@Suite("Terminal I/O through a real pseudo-terminal, the test playing the terminal", .serialized, .timeLimit(.minutes(1)))
struct TerminalIOTests {
    @Test("kitty answers the graphics query before the device attributes: kitty")
    func kitty() async throws {
        let run = try await probe(answering: "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c")
        // kitty's query, XTSMGRAPHICS for registers and geometry, the cell size, DA1 last.
        #expect(run.queries == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[?1;1;0S\u{1B}[?2;1;0S\u{1B}[16t\u{1B}[c")
        #expect(run.answers == TerminalAnswers(kittyGraphics: true, deviceAttributes: [62, 22]))
        #expect(PreviewProtocol.choose(environment: TerminalEnvironment(["TERM": "xterm-256color"]), answers: run.answers) == .kitty)
        #expect(run.after == run.before && run.before.canonical && run.before.echo)
        #expect(run.echoed.isEmpty)
    }

    @Test("Inside tmux or screen kitty's query is not sent: they would show it as the window title")
    func multiplexer() async throws {
        let pty = try PseudoTerminal()
        let probing = DispatchGroup()
        DispatchQueue.global().async(group: probing) {
            _ = TerminalCapabilities.detect(input: pty.child, output: pty.child, environment: TerminalEnvironment(["TERM": "tmux-256color"]))
        }
        let queries = await ChildProcesses.offPool {
            let read = pty.read(quietMilliseconds: 30_000) { $0.text.hasSuffix("\u{1B}[c") }
            pty.send("\u{1B}[?62;22c")
            return read.text
        }
        await withCheckedContinuation { done in probing.notify(queue: .global()) { done.resume() } }
        #expect(queries == TerminalProbe.otherQueries)
        #expect(!queries.contains("\u{1B}_G"))
    }

    @Test("xterm -ti vt340 answers attribute 4, its registers, its largest graphic and its cell size: sixel")
    func sixel() async throws {
        let run = try await probe(answering: "\u{1B}[?1;0;16S\u{1B}[?2;0;1000;800S\u{1B}[6;17;9t\u{1B}[?63;1;2;4;6;9;15;22c")
        let capabilities = TerminalCapabilities(environment: TerminalEnvironment(["COLORTERM": "truecolor"]), answers: run.answers)
        #expect(capabilities.preview == .sixel)
        #expect(capabilities.colorRegisters == 16)
        #expect(capabilities.cellSize == PixelSize(width: 9, height: 17))
        #expect(capabilities.sixelGeometry == PixelSize(width: 1000, height: 800))
        #expect(run.after == run.before)
    }

    @Test("Device attributes without sixel nor a kitty reply: blocks, in 24-bit colour when COLORTERM says so")
    func blocks() async throws {
        let run = try await probe(answering: "\u{1B}[?62;22c")
        #expect(run.answers == TerminalAnswers(deviceAttributes: [62, 22]))
        #expect(PreviewProtocol.choose(environment: TerminalEnvironment(["COLORTERM": "truecolor"]), answers: run.answers) == .trueColorBlocks)
        #expect(PreviewProtocol.choose(environment: TerminalEnvironment(["TERM": "xterm-256color"]), answers: run.answers) == .ansi256Blocks)
        #expect(run.after == run.before)
    }

    @Test("A terminal that never answers: the probe gives up after its timeout, settings restored, fallback chosen")
    func silence() async throws {
        let run = try await probe(answering: nil, timeout: .milliseconds(100))
        #expect(run.answers == TerminalAnswers())
        #expect(run.answers?.isComplete == false)
        #expect(PreviewProtocol.choose(environment: TerminalEnvironment(["TERM": "xterm-256color"]), answers: run.answers) == .ansi256Blocks)
        #expect(run.after == run.before)
    }

    @Test("Not a terminal: nothing is asked")
    func notATerminal() {
        var ends: [Int32] = [0, 0]
        #expect(Glibc.pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        #expect(TerminalProbe.ask(input: ends[0], output: ends[1]) == nil)
        #expect(TerminalSize.of(ends[1]) == nil)
        #expect(!ColorPolicy.isEnabled(.auto, fileDescriptor: ends[1], environment: TerminalEnvironment([:])))
    }

    @Test("TIOCGWINSZ: columns, rows and pixels as the terminal set them; colour on the terminal")
    func size() throws {
        let pty = try PseudoTerminal(columns: 132, rows: 43, pixelWidth: 1188, pixelHeight: 731)
        let size = try #require(TerminalSize.of(pty.child))
        #expect(size == TerminalSize(columns: 132, rows: 43, pixelWidth: 1188, pixelHeight: 731))
        #expect(size.cellSize == PixelSize(width: 9, height: 17))
        #expect(ColorPolicy.isEnabled(.auto, fileDescriptor: pty.child, environment: TerminalEnvironment([:])))
        #expect(!ColorPolicy.isEnabled(.auto, fileDescriptor: pty.child, environment: TerminalEnvironment(["NO_COLOR": "1"])))
    }

    @Test("SIGWINCH: the listener reports the new size")
    func resize() async throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let (sizes, continuation) = AsyncStream.makeStream(of: TerminalSize.self)
        let listener = ResizeListener(fileDescriptor: pty.child) { continuation.yield($0) }
        defer { listener.cancel() }
        pty.resize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600)
        // The kernel signals only the terminal's foreground group, which this process is not
        // in: raise it here, again until the listener (registered asynchronously) hears it.
        let raising = Task {
            while !Task.isCancelled {
                kill(getpid(), SIGWINCH)
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { raising.cancel() }
        var iterator = sizes.makeAsyncIterator()
        #expect(await iterator.next() == TerminalSize(columns: 100, rows: 30, pixelWidth: 1000, pixelHeight: 600))
    }

    @Test("The guard hides the cursor, then shows it and resets attributes once")
    func guardRestores() async throws {
        let pty = try PseudoTerminal()
        let terminal = TerminalGuard(fileDescriptor: pty.child)
        terminal.hideCursor()
        terminal.restore()
        terminal.restore()
        let written = await ChildProcesses.offPool { pty.read(quietMilliseconds: 100).text }
        #expect(written == "\u{1B}[?25l\u{1B}[0m\u{1B}[?25h")
    }

    @Test("restoreAll, as from a signal handler: the cursor comes back and raw mode is undone")
    func restoreAll() async throws {
        let pty = try PseudoTerminal()
        let before = pty.childSettings
        TerminalGuard(fileDescriptor: pty.child).hideCursor()
        let raw = try #require(RawMode(pty.child))
        #expect(!pty.childSettings.canonical && !pty.childSettings.echo && pty.childSettings.minimum == 0)
        TerminalGuard.restoreAll()
        #expect(pty.childSettings == before)
        let written = await ChildProcesses.offPool { pty.read(quietMilliseconds: 100).text }
        #expect(written == "\u{1B}[?25l\u{1B}[0m\u{1B}[?25h")
        raw.restore()  // already restored: a no-op
        #expect(pty.childSettings == before)
    }

    @Test("An answer that comes after the probe stopped waiting is discarded, not left for the shell to read")
    func lateAnswerDiscarded() async throws {
        let pty = try PseudoTerminal()
        let raw = try #require(RawMode(pty.child))
        pty.send("\u{1B}[?62;22c\n")  // the newline: in canonical mode, a whole line the shell would read
        let child = pty.child
        let waiting = { @Sendable (milliseconds: Int32) -> Int32 in
            var ready = pollfd(fd: child, events: Int16(POLLIN), revents: 0)
            return poll(&ready, 1, milliseconds)
        }
        #expect(await ChildProcesses.offPool { waiting(10_000) } == 1)  // arrived while raw
        raw.restore()
        #expect(waiting(0) == 0)
    }

    @Test("While raw, Ctrl-C's default action is preceded by a restore; afterwards the default is back")
    func signalsWhileRaw() throws {
        let pty = try PseudoTerminal()
        #expect(!RawModeSignals.isHandling(SIGINT))
        let raw = try #require(RawMode(pty.child))
        #expect(RawModeSignals.isHandling(SIGINT) && RawModeSignals.isHandling(SIGTERM))
        raw.restore()
        #expect(!RawModeSignals.isHandling(SIGINT) && !RawModeSignals.isHandling(SIGTERM))
        var current = sigaction()
        #expect(sigaction(SIGINT, nil, &current) == 0 && current.__sigaction_handler.sa_handler == nil)
    }

    @Test("A program spawned in the pseudo-terminal has it as its terminal, at its size")
    func spawned() async throws {
        let pty = try PseudoTerminal(columns: 91, rows: 33)
        let pid = try pty.spawn("/bin/stty", ["size"], environment: ["PATH": "/usr/bin:/bin"])
        let output = await ChildProcesses.offPool { pty.read { $0.contains(UInt8(ascii: "\n")) }.text }  // "\r\n" is one Character
        #expect(await ChildProcesses.offPool { ChildProcesses.wait(for: pid) } == 0)
        #expect(output == "33 91\r\n")
    }

    @Test("A spawned program gets SIGWINCH when the terminal is resized, SIGINT when Ctrl-C is typed")
    func signalsReachTheSpawnedProgram() async throws {
        let pty = try PseudoTerminal(columns: 80, rows: 24)
        let script = "trap 'stty size; exit 0' WINCH; echo ready; while :; do sleep 0.05; done"
        let resized = try pty.spawn("/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin"])
        _ = await ChildProcesses.offPool { pty.read { $0.text.contains("ready") } }
        pty.resize(columns: 100, rows: 30)
        let size = await ChildProcesses.offPool { pty.read { $0.text.contains("30 100") }.text }
        #expect(await ChildProcesses.offPool { ChildProcesses.wait(for: resized) } == 0)
        #expect(size.contains("30 100"))

        let interrupted = try pty.spawn("/bin/sh", ["-c", "echo ready; exec sleep 30"], environment: ["PATH": "/usr/bin:/bin"])
        _ = await ChildProcesses.offPool { pty.read { $0.text.contains("ready") } }
        pty.send("\u{03}")
        #expect(await ChildProcesses.offPool { ChildProcesses.wait(for: interrupted) } == 128 + SIGINT)
    }
}
