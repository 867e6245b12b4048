import CollageTestSupport
import Foundation
import Testing

/// What stops a booth that check used to call ready: the folder to watch missing, what an
/// earlier run as root left in the prints folder (checked as the service's user, `nobody`
/// here, through `setpriv`), and a key others may read or that another user owns.
extension CheckCommandEndToEndTests {
    @Test func aMissingFolderToWatchIsNotReadyAndTheBoothDoesNotStart() async throws {
        let folder = try BoothStartRun.folder()
        try FileManager.default.removeItem(atPath: folder.file("photos"))
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder)
        #expect(run.checks["folder"] == BoothStartRun.Check(status: "failed", detail: "cannot watch photos: No such file or directory"), "\(run.checkText)")
        #expect(run.checkStatus == 69)
        #expect(run.watchStatus == 66 && run.watchLines.contains("collage: cannot watch photos: No such file or directory"), "\(run.watchLines)")
    }

    /// The booth once run by hand as root in the service's prints folder: its lock and journal
    /// are root's. As the service's user, check says so, and the booth does not start (73).
    @Test func aLockAndJournalLeftByRootStopTheServicesUser() async throws {
        let folder = try BoothStartRun.folder(forNobody: true)
        let byRoot = try await Shell.run("mkdir rootstate; COLLAGE_STATE_DIR=rootstate collage watch photos --batches -o prints/booth.jpg --json > events & pid=$!; "
            + Shell.waitUntil("grep -q '\"type\":\"saved\"' events", else: "kill -KILL $pid") + "; kill -TERM $pid; wait $pid", in: folder.path)
        #expect(byRoot.status == 143, "\(byRoot.stderr)")
        let left = try FileManager.default.attributesOfItem(atPath: folder.file("prints/.booth.jpg.lock"))
        #expect(left[.ownerAccountID] as? Int == 0 && left[.posixPermissions] as? Int == 0o600)
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder, prefix: BoothStartRun.asNobody)
        let refusal = "cannot lock prints/.booth.jpg.lock: Permission denied"
        #expect(run.checks["lock"] == BoothStartRun.Check(status: "failed", detail: refusal), "\(run.checkText)")
        #expect(run.checkStatus == 69)
        #expect(!run.tookAPhoto && run.watchStatus == 73, "\(run.watchLines)")
        #expect(run.watchLines.contains("collage: \(refusal)"), "\(run.watchLines)")
    }

    /// Beside a running booth: check names it, as the second booth would be refused (75), and
    /// leaves the running one as it was.
    @Test func aRunningBoothsLockIsNamedAndLeftAlone() async throws {
        let folder = try BoothStartRun.folder()
        let script = "COLLAGE_STATE_DIR=state collage watch photos --batches -o prints/booth.jpg --json > running & first=$!; "
            + Shell.waitUntil("grep -q '\"type\":\"saved\"' running", else: "kill -KILL $first")
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder, setup: script,
                                              cleanup: "kill -TERM $first; wait $first; echo $? > first.status")
        let busy = "another booth is saving prints/booth-NNNN.jpg (prints/.booth.jpg.lock is locked): stop it first"
        #expect(run.checks["lock"] == BoothStartRun.Check(status: "failed", detail: busy), "\(run.checkText)")
        #expect(!run.tookAPhoto && run.watchStatus == 75 && run.watchLines.contains("collage: \(busy)"), "\(run.watchLines)")
        // The running booth was not disturbed: it stopped as asked, its collage saved.
        #expect(try String(contentsOfFile: folder.file("first.status"), encoding: .utf8) == "143\n")
    }

    /// A key anyone may read lets anyone sign a journal or a mark the booth trusts: refused by
    /// check and by the booth, as ssh refuses such a private key; `chmod 600` makes it usable.
    @Test func aKeyOthersMayReadIsRefusedUntilItIsTheUsersAlone() async throws {
        let folder = try BoothStartRun.folder()
        let key = folder.file("state/key")
        try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: key))
        #expect(chmod(key, 0o644) == 0)
        let open = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder)
        let refusal = "cannot use the key state/key: its mode 0644 lets other users at it, and whoever reads it can sign a journal or a mark "
            + "this booth trusts: chmod 600 state/key"
        #expect(open.checks["key"] == BoothStartRun.Check(status: "failed", detail: refusal), "\(open.checkText)")
        #expect(!open.tookAPhoto && open.watchStatus == 73, "\(open.watchLines)")
        #expect(open.watchLines.contains { $0.hasPrefix("collage: \(refusal)") }, "\(open.watchLines)")
        #expect(chmod(key, 0o600) == 0)
        let closed = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder)
        #expect(closed.checks["key"]?.status == "ready" && closed.tookAPhoto, "\(closed.checkText) \(closed.watchLines)")
    }

    /// Another user's key, even one only they may read: that user could change it.
    @Test func aKeyOwnedByAnotherUserIsRefused() async throws {
        let folder = try BoothStartRun.folder()
        let key = folder.file("state/key")
        try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: key))
        let nobody = getpwnam("nobody").pointee.pw_uid
        #expect(chmod(key, 0o600) == 0 && chown(key, nobody, getpwnam("nobody").pointee.pw_gid) == 0)
        let run = try await BoothStartRun.run("photos --batches -o prints/booth.jpg", in: folder)
        let refusal = "cannot use the key state/key: it belongs to another user (uid \(nobody)), who could change it: the key must be this user's (uid \(geteuid()))"
        #expect(run.checks["key"] == BoothStartRun.Check(status: "failed", detail: refusal), "\(run.checkText)")
        #expect(!run.tookAPhoto && run.watchStatus == 73 && run.watchLines.contains { $0.hasPrefix("collage: \(refusal)") }, "\(run.watchLines)")
    }
}
