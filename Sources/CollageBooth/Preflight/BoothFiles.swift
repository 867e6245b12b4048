internal import CollageCore
internal import CollageFiles
internal import CollageJournal
internal import CollageWriting
#if canImport(Glibc)
internal import Glibc
#endif

/// A booth's lock and journal, opened as `watch --batches` opens them at start (`BoothLock`,
/// `BoothJournal.open`), by the user `collage check` runs as, without changing either: a lock
/// file an earlier run left as root, or one a running booth holds, is what stops the booth.
enum BoothFiles {
    /// The lock beside the collages: opened for writing as the booth opens it, never made, and
    /// locked only for the instant it takes to see that no booth holds it.
    static func lock(_ output: CollageOutput) -> PreflightCheck {
        let path = BoothLock.path(for: output)
        guard FileIdentity.exists(path) else { return PreflightCheck("lock", .ready, "\(path) is made at start") }
        // BoothLock's own flags but O_CREAT: a FIFO planted there is never waited on.
        let descriptor = path.withCString { open($0, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return failed(.unavailable(systemError(path, "lock"))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return failed(.unavailable(systemError(path, "lock"))) }
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink == 1 else {
            return failed(.unavailable(FileError(path: path, action: "lock", reason: "not a regular file with one name")))
        }
        // The booth makes it 0600 (fchmod), which only its owner (or root) may.
        guard info.st_uid == geteuid() || geteuid() == 0 else {
            return failed(.unavailable(FileError(path: path, action: "lock", reason: systemReason(EPERM))))
        }
        while flock(descriptor, LOCK_SH | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            return failed(errno == EWOULDBLOCK ? .busy(lock: path, output: output) : .unavailable(systemError(path, "lock")))
        }
        _ = flock(descriptor, LOCK_UN)
        return PreflightCheck("lock", .ready, "\(path) can be taken")
    }

    /// The journal, read as the booth reads it: one it cannot use is set aside at start and the
    /// booth's record is rebuilt from the collages' marks, so the booth runs, with a line.
    static func journal(_ output: CollageOutput) -> PreflightCheck {
        let path = BoothJournal.journalPath(for: output)
        switch BoothJournal.ownJournal(BoothJournal.read(path), of: BoothJournal.canonicalPath(of: output)) {
        case .missing:
            return PreflightCheck("journal", .ready, "no journal yet: \(path) is made with the first collage")
        case .read(let history):
            return PreflightCheck("journal", .ready, "\(path): \(history.collages.count) collage\(history.collages.count == 1 ? "" : "s") saved before")
        case .unusable(let reason):
            return PreflightCheck("journal", .warning, "the journal \(path) cannot be used (\(reason)): the booth keeps it aside at start "
                + "and reads what its collages hold from their marks")
        }
    }

    private static func failed(_ failure: BoothLock.Failure) -> PreflightCheck { PreflightCheck("lock", .failed, failure.description) }
}
