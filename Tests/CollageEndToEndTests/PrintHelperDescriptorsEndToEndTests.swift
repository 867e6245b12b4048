import CollageTestSupport
import Foundation
import Testing

/// A print command gets stdin, stdout and stderr and no other descriptor of the booth's: a helper
/// a spooler leaves running (here, one the stand-in printer forks) neither keeps the booth's port
/// nor holds a guest's connection.
@Suite("a print command inherits only stdin, stdout and stderr, end to end", .timeLimit(.minutes(3)))
struct PrintHelperDescriptorsEndToEndTests {
    let out = try! TemporaryDirectory()
    /// While this file exists, the helper the printer leaves behind stays running.
    var hold: String { out.file("hold") }

    /// A stand-in `lp` in Python: writes the descriptors it was started with (one a line: the
    /// number and what it is) to `fds`, then forks a helper that outlives it, as a spooler's daemon does, and exits 0.
    func printer() throws -> String {
        let program = out.file("lp")
        try """
            #!/usr/bin/python3
            import os, sys, time

            def is_open(fd):
                try:
                    os.fstat(fd)
                    return True
                except OSError:
                    return False

            # The listing's own descriptor is closed again by the time each is checked.
            inherited = sorted(int(name) for name in os.listdir("/proc/self/fd") if is_open(int(name)))
            with open("\(out.file("fds.tmp"))", "w") as record:
                record.write("".join(f"{fd} {os.readlink(f'/proc/self/fd/{fd}')}\\n" for fd in inherited))
            if os.fork() == 0:
                os.setsid()
                null = os.open("/dev/null", os.O_RDWR)
                for fd in (0, 1, 2):
                    os.dup2(null, fd)
                with open("\(out.file("helper.pid"))", "w") as record:
                    record.write(str(os.getpid()))
                end = time.monotonic() + 120
                while os.path.exists("\(hold)") and time.monotonic() < end:
                    time.sleep(0.05)
                os._exit(0)
            os.rename("\(out.file("fds.tmp"))", "\(out.file("fds"))")

            """.write(toFile: program, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        return program
    }

    @Test func aHelperLeftRunningByThePrinterKeepsNeitherThePortNorAnyOtherDescriptor() async throws {
        let photos = try PrintingEndToEndTests.boothFolder(photos: 2)
        let lp = try printer()
        _ = FileManager.default.createFile(atPath: hold, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: hold)
            if let pid = try? String(contentsOfFile: out.file("helper.pid"), encoding: .utf8), let helper = Int32(pid) { kill(helper, SIGKILL) }
        }
        let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--limit", "2", "--size", "300x200",
                                        "--throttle", "0", "--json", "--serve", "127.0.0.1:0", "--print", "\(lp) {path}"])
        let port = try #require(try await booth.servedPort())
        try await booth.waitFor("collage: printed \(out.file("booth-0001.jpg"))")
        #expect(try await booth.waitUntil { FileManager.default.fileExists(atPath: out.file("helper.pid")) })
        // Killed, as a crash or a power cut ends it: no graceful close of its listening socket.
        booth.signal(SIGKILL)
        #expect(await booth.status == SIGKILL)  // Foundation reports the signal itself

        // The helper still runs, and nothing accepts a connection on the port: no listening socket
        // outlived the booth in the helper.
        let connect = try await Shell.run("exec 3<>/dev/tcp/127.0.0.1/\(port)")
        #expect(connect.status != 0, "a connection to the ended booth's port was accepted")
        // The next booth takes the same port.
        let empty = try TemporaryDirectory(), next = try TemporaryDirectory()
        let again = try RunningCollage(["watch", empty.path, "-o", next.file("booth.jpg"), "--batches", "--throttle", "0", "--json",
                                        "--serve", "127.0.0.1:\(port)"])
        #expect(try await again.servedPort() == port, "\(again.stderrLines)")
        again.signal(SIGTERM)
        #expect(await again.status == 143)
        #expect(FileManager.default.fileExists(atPath: hold))

        let inherited = try String(contentsOfFile: out.file("fds"), encoding: .utf8)
        #expect(inherited.split(separator: "\n").map { $0.prefix { $0 != " " } } == ["0", "1", "2"], "\(inherited)")
    }
}
