import CollageTestSupport
import Foundation
import Testing

/// A booth without a usable key (the one its journal and marks are signed with) says so at
/// start in one line and does not run, where it used to run unsigned and reprint after any
/// damage; under the shipped unit's `StateDirectory=` the key is made where the service can
/// write. Through the real executable, stopped by `timeout` if it runs at all.
@Suite("a booth's key: where the service can write it, and no booth without it, end to end", .timeLimit(.minutes(3)))
struct BoothKeyEndToEndTests {
    let root = try! TemporaryDirectory()

    /// `collage watch --batches` with `environment` (`VAR=value` words for `env`, after HOME,
    /// XDG_STATE_HOME and COLLAGE_STATE_DIR are cleared), given 20 s: a booth that starts is
    /// stopped by `timeout` (124).
    func booth(_ environment: String, printing: Bool = false) async throws -> Shell.Outcome {
        try FileManager.default.createDirectory(atPath: root.file("photos"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root.file("prints"), withIntermediateDirectories: true)
        let print = printing ? " --print 'true {path}'" : ""
        return try await Shell.run("env -u HOME -u XDG_STATE_HOME -u COLLAGE_STATE_DIR \(environment) timeout 20 "
            + "collage watch photos --batches -o prints/booth.jpg\(print)", in: root.path)
    }

    @Test("A key that cannot be had is one line and exit 73", arguments: [
        ("", "cannot find ~/.local/state/collage/key: neither HOME nor COLLAGE_STATE_DIR is set"),
        ("HOME=/proc", "cannot make /proc/.local: "),
        ("COLLAGE_STATE_DIR=state-33", "cannot use the key state-33/key: not a 32-byte key file (33 bytes)"),
        ("COLLAGE_STATE_DIR=state-link", "cannot read the key state-link/key: "),
    ])
    func aKeyThatCannotBeHadStopsTheBooth(environment: String, line: String) async throws {
        try FileManager.default.createDirectory(atPath: root.file("state-33"), withIntermediateDirectories: true)
        try Data([UInt8](repeating: 7, count: 32) + [0x0A]).write(to: URL(fileURLWithPath: root.file("state-33/key")))
        try FileManager.default.createDirectory(atPath: root.file("state-link"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.file("state-link/key"), withDestinationPath: "/dev/urandom")
        let run = try await booth(environment)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderrLines.first?.hasPrefix("collage: " + line) == true
            && run.stderrLines.first?.hasSuffix("; a booth signs its journal with this key, so it does not start without it") == true,
                "\(run.stderrLines)")
        #expect(!FileManager.default.fileExists(atPath: root.file("prints/.booth.jpg.journal")))
    }

    /// The shipped unit's case: the home folder read-only (here: one where nothing can be made),
    /// systemd's `$STATE_DIRECTORY` writable. The key is made there, and the booth runs.
    @Test func underTheUnitsStateDirectoryTheKeyIsMadeThere() async throws {
        for folder in ["state", "photos", "prints"] {
            try FileManager.default.createDirectory(atPath: root.file(folder), withIntermediateDirectories: true)
        }
        // Running until the key is there, then stopped as `systemctl stop` does.
        let run = try await Shell.run("env -u XDG_STATE_HOME -u COLLAGE_STATE_DIR HOME=/proc STATE_DIRECTORY=\(Shell.quote(root.file("state"))) "
            + "collage watch photos --batches -o prints/booth.jpg & pid=$!; \(Shell.waitUntil("[ -s state/key ]", else: "kill -KILL $pid")); "
            + "kill -TERM $pid; wait $pid; echo $?", in: root.path)
        #expect(run.lines.last == "143", "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: root.file("state/key"))
        #expect(attributes[.size] as? Int == 32 && attributes[.posixPermissions] as? Int == 0o600)
        let unit = try String(contentsOfFile: CookbookTests.repository + "/docs/collage-booth.service", encoding: .utf8)
        #expect(unit.contains("\nStateDirectory=collage-booth\n") && unit.contains("\nProtectSystem=strict\n"))
    }

    /// A terminal's HOME one day, another key the next: nothing beside the output verifies, so a
    /// printing booth cannot know what it printed, and does not start.
    @Test func aKeyChangedBetweenRunsStopsAPrintingBooth() async throws {
        try FileManager.default.createDirectory(atPath: root.file("monday"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root.file("tuesday"), withIntermediateDirectories: true)
        for name in Fixtures.landscapes.prefix(6) {
            try FileManager.default.createDirectory(atPath: root.file("photos"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Fixtures.path(name), toPath: root.file("photos/\(name)"))
        }
        let monday = try await Shell.run(
            "COLLAGE_STATE_DIR=monday collage watch photos --batches -o prints/booth.jpg --size 300x200 --throttle 0 & pid=$!; "
                + "\(Shell.waitUntil("[ -s prints/booth-0001.jpg ] && [ -s prints/.booth.jpg.journal ]", else: "kill -KILL $pid")); "
                + "sleep 1; kill -TERM $pid; wait $pid; echo $?", in: root.path)
        #expect(monday.lines.last == "143", "\(monday.stderr)")
        let tuesday = try await booth("COLLAGE_STATE_DIR=tuesday", printing: true)
        let journal = "prints/.booth.jpg.journal"
        #expect(tuesday.status == 73, "\(tuesday.stderr)")
        #expect(tuesday.stderrLines == ["collage: cannot trust \(journal): neither it nor any of the collages prints/booth-NNNN.jpg is signed "
            + "with tuesday/key (the key changed since, or they are another booth's); a printing booth does not start, lest it print "
            + "them again: run it with the key they were made with"])
        #expect(FileManager.default.fileExists(atPath: root.file(journal)))
    }
}
