import CollageTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `collage finish OUTPUT` finds the booth through its lock, and never signals a process that
/// does not hold it.
@Suite("collage finish: the booth found through its lock", .timeLimit(.minutes(2)))
struct FinishCommandEndToEndTests {
    @Test func withNoBoothRunningItSaysSoAndExits69() async throws {
        let out = try TemporaryDirectory()
        let result = try await CollageCommand.run(["finish", out.file("booth.jpg")])
        #expect(result.status == 69)
        #expect(result.stderrLines == ["collage: no booth is running for \(out.file("booth.jpg"))"])
    }

    @Test func aLockFileNamingAProcessThatDoesNotHoldItIsNotTrusted() async throws {
        let out = try TemporaryDirectory()
        // A booth's lock file left behind, naming this test's own process, which holds no lock on
        // it: the lock is free, so no booth is running.
        try Data("\(ProcessInfo.processInfo.processIdentifier)\n".utf8).write(to: URL(fileURLWithPath: out.file(".booth.jpg.lock")))
        let result = try await CollageCommand.run(["finish", out.file("booth.jpg")])
        #expect(result.status == 69)
        #expect(result.stderrLines == ["collage: no booth is running for \(out.file("booth.jpg"))"])
    }

    @Test func aRunningBoothIsFoundAndItsLockFileNamesIt() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let booth = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        #expect(try await booth.waitUntil { FileManager.default.contents(atPath: out.file(".booth.jpg.lock")).map { String(decoding: $0, as: UTF8.self) }
            == "\(booth.process.processIdentifier)\n" })
        try Fixtures.copy("autumn.jpg", to: photos.file("autumn.jpg"))
        try await booth.waitFor("collage: wrote \(out.file("booth-0001.jpg")) (300x200, 1 photo)")
        booth.signal(SIGTERM)
        #expect(await booth.status == 143)
    }

    /// A FIFO planted as the lock: refused at once, never opened to wait for a writer.
    @Test func aFIFOPlantedAsTheLockIsRefusedAtOnce() async throws {
        let out = try TemporaryDirectory()
        #expect(mkfifo(out.file(".booth.jpg.lock"), 0o644) == 0)
        let result = try await Shell.run("timeout 20 collage finish \(Shell.quote(out.file("booth.jpg")))")
        #expect(result.status == 69, "\(result.status) \(result.stderr)")
        #expect(result.stderrLines == ["collage: cannot tell which booth holds \(out.file(".booth.jpg.lock")): it is not a regular file"])
    }

    /// A pid-file daemon holding an flock on its pid file, hard-linked as the booth's lock: the
    /// pid it names holds a lock on that inode, but it is not a booth's lock, and it is not signalled.
    @Test func aHardLinkToAnotherProgramsLockedPidFileIsNotFollowed() async throws {
        let out = try TemporaryDirectory()
        let pidFile = out.file("daemon.pid")
        let daemon = try await Shell.run("""
            sh -c 'echo $$ > \(Shell.quote(pidFile)); exec flock -x \(Shell.quote(pidFile)) sleep 30' >/dev/null 2>&1 &
            \(Shell.waitUntil("[ -s \(Shell.quote(pidFile)) ] && grep -q \"$(cat \(Shell.quote(pidFile)))\" /proc/locks", else: "exit 1"))
            ln \(Shell.quote(pidFile)) \(Shell.quote(out.file(".booth.jpg.lock")))
            collage finish \(Shell.quote(out.file("booth.jpg"))); echo "finish $?"
            pid=$(cat \(Shell.quote(pidFile))); if kill -0 "$pid"; then echo alive; kill "$pid"; fi
            """)
        #expect(daemon.lines == ["finish 69", "alive"], "\(daemon.stderr)")
        #expect(daemon.stderrLines.contains("collage: cannot tell which booth holds \(out.file(".booth.jpg.lock")): it has 2 names: not a lock a booth made"),
                "\(daemon.stderr)")
    }

    /// Another user who can read the lock file could hold a shared flock on it and keep the booth
    /// from starting: the lock file is the booth's user's alone (0600), so `nobody` cannot.
    @Test func aReaderOfTheLockCannotKeepTheBoothFromStarting() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: out.path)
        let lock = out.file(".booth.jpg.lock")
        let first = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        #expect(try await first.waitUntil { FileManager.default.fileExists(atPath: lock) })
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        let attributes = try FileManager.default.attributesOfItem(atPath: lock)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        // `nobody` takes a shared flock on it, if it can open it, and holds it while the booth starts.
        let result = try await Shell.run("""
            setpriv --reuid=nobody --regid=nogroup --clear-groups flock -s -n \(Shell.quote(lock)) sleep 20 2>/dev/null &
            sleep 1
            timeout 5 collage watch \(Shell.quote(photos.path)) -o \(Shell.quote(out.file("booth.jpg"))) --batches; echo "booth $?"
            kill %1 2>/dev/null; wait
            """)
        #expect(result.lines == ["booth 124"], "\(result.stderr)")  // it ran until `timeout` stopped it
    }

    /// btrfs (Fedora's and openSUSE's default) prints in `/proc/locks` a device that is not the
    /// subvolume's `st_dev`: the booth on a subvolume of a loop-mounted btrfs is still found.
    /// Needs root and mkfs.btrfs (btrfs-progs); where it cannot mount one, it says so and checks nothing.
    @Test func aBoothOnABtrfsSubvolumeIsFound() async throws {
        let root = try TemporaryDirectory()
        let result = try await Shell.run("""
            command -v mkfs.btrfs >/dev/null && [ "$(id -u)" = 0 ] || { echo "skipped: needs root and mkfs.btrfs"; exit 0; }
            truncate -s 128M image && mkfs.btrfs -q image >/dev/null 2>&1 && mkdir disk
            mount -o loop image disk 2>/dev/null || { echo "skipped: cannot mount a loop device here"; exit 0; }
            trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; umount disk' EXIT
            btrfs subvolume create disk/booth >/dev/null && mkdir disk/booth/photos disk/booth/out
            collage watch disk/booth/photos -o disk/booth/out/booth.jpg --batches & pid=$!
            \(Shell.waitUntil("grep -q \"FLOCK .* $pid \" /proc/locks", else: "exit 1"))
            collage finish disk/booth/out/booth.jpg; echo "finish $?"
            """, in: root.path)
        if let skipped = result.lines.first, skipped.hasPrefix("skipped: ") {
            print("aBoothOnABtrfsSubvolumeIsFound \(skipped)")
            return
        }
        #expect(result.lines == ["finish 0"], "\(result.stderr)")
        #expect(result.stderrLines.contains { $0.hasPrefix("collage: asked the booth (process ") }, "\(result.stderr)")
    }

    /// The lock file deleted under a running booth: a second booth on the same output finds the
    /// first still holding the deleted file, and does not start.
    @Test func deletingTheLockFileDoesNotLetASecondBoothStart() async throws {
        let photos = try TemporaryDirectory(), out = try TemporaryDirectory()
        let first = try RunningCollage(["watch", photos.path, "-o", out.file("booth.jpg"), "--batches", "--size", "300x200", "--throttle", "0"])
        #expect(try await first.waitUntil { FileManager.default.fileExists(atPath: out.file(".booth.jpg.lock")) })
        try FileManager.default.removeItem(atPath: out.file(".booth.jpg.lock"))
        let second = try await Shell.run("timeout 10 collage watch \(Shell.quote(photos.path)) -o \(Shell.quote(out.file("booth.jpg"))) --batches; echo \"booth $?\"")
        first.signal(SIGTERM)
        #expect(await first.status == 143)
        #expect(second.lines == ["booth 75"], "\(second.stderr)")
        #expect(second.stderrLines.contains { $0.hasPrefix("collage: another booth is saving ") }, "\(second.stderr)")
    }
}
