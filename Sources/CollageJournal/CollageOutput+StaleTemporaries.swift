public import CollageWriting
public import CollageCore
internal import CollageFiles
#if canImport(Glibc)
internal import Glibc
#endif

extension CollageOutput {
    /// Removes the temporary files a killed run (SIGKILL, a power cut) left beside this output's
    /// collages, and returns their paths. Only what is surely such a file: a regular file named as
    /// `AtomicFile` names them, after one of this output's collages or its journal, by a process
    /// that is no longer running. A run still writing keeps its own; nothing else is touched.
    public func removeStaleTemporaries() -> [PathName] {
        let folder = PathParts(path).folder
        let journal = numbered ? PathParts(BoothJournal.journalPath(for: self)).name : nil
        guard let names = try? DirectoryListing.names(in: folder) else { return [] }
        var removed: [PathName] = []
        for name in names.sorted() {
            guard let (target, pid) = AtomicFile.writer(ofTemporary: name), writes(name: target) || target == journal,
                  !Self.isRunning(pid) else { continue }
            let stale = folder.appending(name)
            var info = stat()
            guard stale.withCString({ lstat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG,
                  stale.withCString({ unlink($0) }) == 0 else { continue }
            removed.append(stale)
        }
        return removed
    }

    /// Whether a process with this PID exists (one of another user's counts: EPERM).
    private static func isRunning(_ pid: pid_t) -> Bool {
        pid == getpid() || kill(pid, 0) == 0 || errno == EPERM
    }
}
