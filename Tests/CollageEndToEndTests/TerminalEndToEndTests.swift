import CollageTestSupport
import Foundation
import Testing

/// What people at a terminal get, and pipes and files never: progress, colour, a preview of the
/// collage, the watch's main screen; every case through a real pseudo-terminal.
@Suite("At the terminal: progress, colour, previews", .timeLimit(.minutes(3)))
struct TerminalEndToEndTests {
    let eight = ["autumn.jpg", "portrait.jpg", "bythewater.jpg", "kite.jpg", "coldripple.jpg", "eveningglow.jpg", "path.jpg", "fallenleaf.jpg"]
    let yellow = "\u{1B}[33m", escape: Character = "\u{1B}"

    func build(_ extra: [String], environment: [String: String] = [:], answer: String? = nil) async throws -> (Int32, String, TemporaryDirectory) {
        let out = try TemporaryDirectory()
        let session = try TerminalSession(["build"] + eight.map(Fixtures.path) + ["--size", "300x200", "-o", out.file("c.jpg")] + extra,
                                          environment: environment, answer: answer)
        let status = await session.finish()
        return (status, session.text, out)
    }

    /// The terminal is left clean: attributes reset and the cursor shown again after the last
    /// time it was hidden, not merely somewhere in the output.
    func expectLeftClean(_ text: String, _ comment: String) throws {
        let hidden = try #require(text.range(of: "\u{1B}[?25l", options: .backwards), "\(comment): the cursor was never hidden")
        let restored = try #require(text.range(of: "\u{1B}[0m\u{1B}[?25h", options: .backwards), "\(comment): never reset and shown")
        #expect(hidden.upperBound <= restored.lowerBound, "\(comment): the cursor is hidden again after the reset")
    }

    @Test func progressAndColourOnATerminalCleanScrollback() async throws {
        let (status, text, out) = try await build([])
        #expect(status == 0)
        #expect(text.contains("photos decided"))
        #expect(text.contains(yellow + "collage: \(Fixtures.path("portrait.jpg")): portrait"))
        // The progress line is erased before the final lines: none of it after the last clear.
        let lastClear = try #require(text.range(of: "\r\u{1B}[K", options: .backwards))
        #expect(!text[lastClear.upperBound...].contains("decided"))
        #expect(text.hasSuffix(out.file("c.jpg") + "\r\n"))
    }

    @Test("NO_COLOR, set to anything, and --color never keep the terminal plain", arguments: [
        (["NO_COLOR": "1"], [String]()), (["NO_COLOR": ""], []), ([:], ["--color", "never"]),
    ])
    func noColour(environment: [String: String], flags: [String]) async throws {
        let (status, text, _) = try await build(flags, environment: environment)
        #expect(status == 0)
        #expect(!text.contains(yellow))
        #expect(text.contains("photos decided"))  // progress is not colour
    }

    @Test func aPipeGetsNeitherProgressNorColourUnlessAsked() async throws {
        let out = try TemporaryDirectory()
        let plain = try await CollageCommand.run(["build"] + eight.map(Fixtures.path) + ["-o", out.file("c.jpg"), "--preview"])
        #expect(plain.status == 0)
        #expect(!plain.stderr.contains(escape) && !plain.stdout.contains(escape))
        #expect(!plain.stderr.contains("decided"))
        let forced = try await CollageCommand.run(["build"] + eight.map(Fixtures.path) + ["-o", out.file("c.jpg"), "--color", "always"])
        #expect(forced.stderr.contains(yellow))
    }

    @Test("--preview picks the protocol from the terminal's answers and the environment", arguments: [
        ("kitty answers its query", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c", [String: String](), "\u{1B}_Ga=T,f=24"),
        ("kitty by its TERM", nil, ["TERM": "xterm-kitty"], "\u{1B}_Ga=T,f=24"),
        ("sixel in the device attributes", "\u{1B}[?62;4;22c", [:], "\u{1B}P0;1;0q\"1;1;"),
        ("24-bit blocks", "\u{1B}[?62;22c", ["COLORTERM": "truecolor"], "\u{1B}[38;2;"),
        ("256-colour blocks, the terminal silent", nil, [:], "\u{1B}[38;5;"),
    ])
    func previewProtocol(_ name: String, answer: String?, environment: [String: String], expected: String) async throws {
        // A terminal that answers is given ample time (its answer ends the wait at once): the
        // test's reply goes through a pseudo-terminal on a machine busy with other tests.
        let patient = answer == nil ? environment : environment.merging(["COLLAGE_PROBE_TIMEOUT": "10000"]) { $1 }
        let (status, text, _) = try await build(["--preview"], environment: patient, answer: answer)
        #expect(status == 0, "\(name)")
        #expect(text.contains(expected), "\(name)")
        try expectLeftClean(text, "\(name)")
    }

    @Test func watchRedrawsItsMainScreenAndLeavesTheTerminalCleanAfterCtrlC() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let session = try TerminalSession(["watch", photos.path, "--preview", "--throttle", "0", "--size", "300x200", "-o", out.file("c.jpg")],
                                          environment: ["COLORTERM": "truecolor"])
        try await session.waitFor("\u{1B}[c")  // the probe: the screen is up
        try FileManager.default.copyItem(atPath: Fixtures.path("autumn.jpg"), toPath: photos.file("autumn.jpg"))
        try await session.waitFor("1 photo")
        try FileManager.default.copyItem(atPath: Fixtures.path("portrait.jpg"), toPath: photos.file("portrait.jpg"))
        try await session.waitFor("portrait (180x320 as displayed)")
        try FileManager.default.copyItem(atPath: Fixtures.path("kite.jpg"), toPath: photos.file("kite.jpg"))
        try await session.waitFor("2 photos")
        // Redrawn in place: the block is rewound (cursor up, erase below) before each redraw.
        #expect(session.text.components(separatedBy: "\u{1B}[J").count > 2)
        #expect(session.text.contains("\u{1B}[38;2;"))
        let before = session.output.count
        session.pty.resize(columns: 60, rows: 20)
        try await session.waitFor("2 photos\u{1B}[K", after: before)  // drawn again, for the new size
        session.pty.send("\u{03}")
        #expect(await session.finish() == 130)
        try expectLeftClean(session.text, "after Ctrl-C")
        #expect(out.contents == ["c.jpg"])
    }
}
