import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An output never destroys what it names: a photo in the folder being read or watched, a
/// device, a FIFO; and a collage it replaces keeps its mode and owner. Through the real executable.
@Suite("Outputs that would destroy a file, end to end", .timeLimit(.minutes(2)))
struct OutputSafetyEndToEndTests {
    let root = try! TemporaryDirectory()

    /// root/trip holding autumn.jpg, kite.jpg and IMG_3.jpg (a copy of path.jpg), and root/link → trip.
    func trip() throws -> Data {
        try FileManager.default.createDirectory(atPath: root.file("trip"), withIntermediateDirectories: false)
        for name in ["autumn.jpg", "kite.jpg"] { try Fixtures.copy(name, to: root.file("trip/\(name)")) }
        try Fixtures.copy("path.jpg", to: root.file("trip/IMG_3.jpg"))
        // One modification time for all three: `watch` takes them by name then, as `build` lists
        // them (copies a clock tick apart would be taken in copy order).
        let taken = Date(timeIntervalSinceNow: -60)
        for name in ["autumn.jpg", "kite.jpg", "IMG_3.jpg"] {
            try FileManager.default.setAttributes([.modificationDate: taken], ofItemAtPath: root.file("trip/\(name)"))
        }
        try FileManager.default.createSymbolicLink(atPath: root.file("link"), withDestinationPath: "trip")
        return try Data(contentsOf: URL(fileURLWithPath: root.file("trip/IMG_3.jpg")))
    }

    func mode(_ path: String) -> (mode: mode_t, kind: mode_t, uid: uid_t, gid: gid_t) {
        var info = stat()
        _ = lstat(path, &info)
        return (info.st_mode & 0o7777, info.st_mode & S_IFMT, info.st_uid, info.st_gid)
    }

    @Test("build and watch refuse an output that is a photo in the folder read, however the folder is spelt", arguments: [
        ("trip", "trip/IMG_3.jpg"), ("trip/", "trip/IMG_3.jpg"), ("./trip", "trip/IMG_3.jpg"), ("link", "trip/IMG_3.jpg"),
        ("link/", "trip/IMG_3.jpg"), ("trip", "link/IMG_3.jpg"), ("ABSOLUTE/trip", "trip/IMG_3.jpg"), ("trip", "ABSOLUTE/link/IMG_3.jpg"),
    ])
    func anOutputThatIsAPhotoInTheFolderIsRefused(folder: String, output: String) async throws {
        let photo = try trip()
        let (folder, output) = (folder.replacingOccurrences(of: "ABSOLUTE", with: root.path), output.replacingOccurrences(of: "ABSOLUTE", with: root.path))
        let message = "collage: the output \(output) is a file in a folder being read, and not a collage this tool wrote; choose another name"
        let build = try await Shell.run("collage build \(Shell.quote(folder)) -o \(Shell.quote(output)) --size 300x200", in: root.path)
        #expect(build.status == 64)
        #expect(build.stderrLines == [message])
        let watch = try await Shell.run("timeout 20 collage watch \(Shell.quote(folder)) -o \(Shell.quote(output)) --size 300x200 --json", in: root.path)
        #expect(watch.status == 64)
        #expect(watch.stderrLines == [message])
        #expect(try Data(contentsOf: URL(fileURLWithPath: root.file("trip/IMG_3.jpg"))) == photo)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.file("trip")).sorted() == ["IMG_3.jpg", "autumn.jpg", "kite.jpg"])
    }

    @Test("A collage this tool wrote in the folder read is replaced as before", arguments: ["jpg", "png"])
    func aCollageThisToolWroteInTheFolderIsReplacedAsBefore(format: String) async throws {
        _ = try trip()
        for _ in 1...2 {
            let build = try await Shell.run("collage build trip -o trip/collage.\(format) --size 300x200", in: root.path)
            #expect(build.status == 0)
            #expect(build.stderr.isEmpty)  // left out of the listing: never one of its own photos
            let output = root.file("trip/collage.\(format)")
            let watch = try RunningCollage(["watch", root.file("link"), "-o", output, "--size", "300x200", "--throttle", "0"])
            try await watch.waitFor("collage: wrote \(output) (300x200, 3 photos)")
            watch.signal(SIGTERM)
            #expect(await watch.status == 143)
        }
        try CollageChecks.expectTiles(of: root.file("trip/collage.\(format)"), show: ["IMG_3.jpg", "autumn.jpg", "kite.jpg"].map { root.file("trip/\($0)") })
    }

    /// A collage this tool wrote, in the folder read, that cannot be read (an `LD_PRELOAD` shim
    /// makes opening it fail: root reads any file) cannot show its mark: in doubt, it is a photo.
    @Test func anOutputInTheFolderThatCannotBeReadIsNeverReplaced() async throws {
        _ = try trip()
        let output = root.file("trip/collage.jpg")
        let first = try await CollageCommand.run(["build", root.file("trip"), "-o", output, "--size", "300x200"])
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        let tools = try TemporaryDirectory()
        let shim = try await PreloadShim.compile(PreloadShim.unreadable, named: "unreadable", in: tools)
        let again = try await CollageCommand.run(["build", root.file("trip"), "-o", output, "--size", "240x160"],  // other bytes, were it replaced
                                                 environment: ["LD_PRELOAD": shim, "UNREADABLE_PATH": output])
        #expect(again.status == 64)
        #expect(again.stderrLines.contains("collage: the output \(output) is a file in a folder being read, and not a collage this tool wrote; choose another name"),
                "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == written)
    }

    @Test func anOutputThatIsAFIFOOrALinkToOneIsLeftAlone() async throws {
        try SpecialFiles.fifo(root.file("pipe.jpg"))
        try FileManager.default.createSymbolicLink(atPath: root.file("to-pipe.jpg"), withDestinationPath: "pipe.jpg")
        for output in ["pipe.jpg", "to-pipe.jpg"] {
            let build = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", root.file(output), "--size", "300x200"])
            #expect(build.status == 73)
            #expect(build.stderrLines == ["collage: cannot write \(root.file(output)): a named pipe (FIFO), not a regular file; left as it is"])
            let watch = try await Shell.run("timeout 20 collage watch . -o \(output) --size 300x200 --json | jq -c 'select(.type == \"finished\") | .data'", in: root.path)
            #expect(watch.lines == [#"{"reason":"cannot-write","exitStatus":73,"collages":[],"error":"cannot write \#(output): a named pipe (FIFO), not a regular file; left as it is"}"#])
        }
        #expect(mode(root.file("pipe.jpg")).kind == S_IFIFO)
        #expect(mode(root.file("to-pipe.jpg")).kind == S_IFLNK)
        #expect(root.contents == ["pipe.jpg", "to-pipe.jpg"])
    }

    @Test(.enabled(if: geteuid() == 0, "mknod makes a device node only as root"))
    func anOutputThatIsADeviceOrALinkToOneIsLeftAlone() async throws {
        // /dev/null's own numbers (1, 3), made in a temporary folder: the real one is never at risk.
        #expect(try await Shell.run("mknod -m 666 null c 1 3 && ln -s null device.jpg", in: root.path).status == 0)
        for output in ["null", "device.jpg"] {
            let build = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", root.file(output), "--format", "jpeg"])
            #expect(build.status == 73)
            #expect(build.stderrLines == ["collage: cannot write \(root.file(output)): a character device, not a regular file; left as it is"])
        }
        // No extension and no --format, as in `-o /dev/null`: still the device's line, not a usage error.
        let bare = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", root.file("null")])
        #expect(bare.status == 73)
        #expect(bare.stderrLines == ["collage: cannot write \(root.file("null")): a character device, not a regular file; left as it is"])
        #expect(mode(root.file("null")).kind == S_IFCHR)
        #expect(mode(root.file("device.jpg")).kind == S_IFLNK)
        #expect(root.contents == ["device.jpg", "null"])
    }

    @Test func aReplacedCollageKeepsItsModeAndOwner() async throws {
        let output = root.file("c.jpg")
        let first = try await CollageCommand.run(["build", Fixtures.path("autumn.jpg"), "-o", output, "--size", "300x200"])
        #expect(first.status == 0)
        #expect(chmod(output, 0o600) == 0)
        let asRoot = geteuid() == 0
        if asRoot { #expect(chown(output, 1234, 5678) == 0) }  // a user's file, replaced by root
        let build = try await CollageCommand.run(["build", Fixtures.path("kite.jpg"), "-o", output, "--size", "300x200"])
        #expect(build.status == 0)
        try CollageChecks.expectTiles(of: output, show: [Fixtures.path("kite.jpg")])
        let now = mode(output)
        #expect(now.mode == 0o600)
        if asRoot { #expect((now.uid, now.gid) == (1234, 5678)) }
        // watch replaces through the same path.
        #expect(chmod(output, 0o640) == 0)
        let watch = try await Shell.run("collage watch \(Shell.quote(Fixtures.directory)) -o \(Shell.quote(output)) --size 300x200 --throttle 0 > /dev/null 2>&1")
        #expect(watch.status == 0)
        #expect(mode(output).mode == 0o640)
        if asRoot { #expect((mode(output).uid, mode(output).gid) == (1234, 5678)) }
    }
}
