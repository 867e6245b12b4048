public import CollageCore
internal import Dispatch
internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
internal import CollageFiles
#endif

/// The `watch` source: one ordered stream of the folder's changes: the photos already in it
/// (oldest first), then each new one once it is complete, and each one offered that goes away.
/// Linux inotify, no polling: a file arrives when it is closed after writing or renamed into the
/// folder, never when it is created, so a half-written file is never read.
///
/// The watch is set up before the folder is listed, so nothing arriving in between is missed;
/// each photo is offered once, also across a rescan after an inotify queue overflow. A photo
/// offered that is deleted or renamed away is gone (a retake); a name that holds another photo
/// later (renamed or copied over it, or written further after a close: a copy in pieces) is the
/// photo before it gone, then the new one arriving, in that order. Arrivals the reader has not
/// taken yet are coalesced: only the newest of a name is handed on, and not at all when the file
/// is still as it was when last handed on.
public final class FolderWatcher: Sendable {
    public let folder: PathName
    /// The changes, in order: the reader takes each as it is ready for it.
    public let changes = FolderChanges()

    private let inotify: Int32
    private let wake: (read: Int32, write: Int32)
    private let isOwnOutput: @Sendable (PathName) -> Bool
    private let log: @Sendable (SourceEvent) -> Void
    private let failure = Locked<WatchError?>(nil)
    /// Whether the descriptors are still open: `stop()` must never write to a closed (and
    /// perhaps reused) descriptor number.
    private let descriptorsOpen = Locked(true)

    /// Checks the folder and starts watching it; nothing is read until `run()`.
    public init(folder: PathName, isOwnOutput: @escaping @Sendable (PathName) -> Bool = { _ in false },
                log: @escaping @Sendable (SourceEvent) -> Void) throws(WatchError) {
        self.folder = folder
        self.isOwnOutput = isOwnOutput
        self.log = log
        var info = stat()
        guard folder.withCString({ stat($0, &info) }) == 0 else { throw .folderUnavailable(path: folder, reason: systemReason()) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .folderUnavailable(path: folder, reason: "not a folder") }
        guard let listing = folder.withCString({ opendir($0) }) else { throw .folderUnavailable(path: folder, reason: systemReason()) }
        closedir(listing)

        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw .folderUnavailable(path: folder, reason: "inotify: \(systemReason())") }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        guard folder.withCString({ inotify_add_watch(inotify, $0, events) }) >= 0 else {
            let reason = systemReason()
            close(inotify)
            throw .folderUnavailable(path: folder, reason: "inotify: \(reason)")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let reason = systemReason()
            close(inotify)
            throw .folderUnavailable(path: folder, reason: reason)
        }
        guard ends.allSatisfy(Self.setNonBlockingAndCloseOnExec) else {
            let reason = systemReason()
            [inotify, ends[0], ends[1]].forEach { close($0) }
            throw .folderUnavailable(path: folder, reason: "wake-up pipe: \(reason)")
        }
        self.inotify = inotify
        wake = (ends[0], ends[1])
    }

    /// Feeds `changes` until `stop()`, until the folder goes away (throwing `folderGone`), or
    /// until the task is cancelled, which also abandons changes no reader took; then finishes
    /// `changes`.
    public func run() async throws(WatchError) {
        let (found, continuation) = AsyncStream.makeStream(of: FolderChange.self)
        continuation.onTermination = { [self] _ in stop() }
        DispatchQueue(label: "collage.inotify").async { [self] in
            watch { continuation.yield($0) }
            continuation.finish()
        }
        for await change in found { changes.add(change) }
        if Task.isCancelled { changes.abandon() } else { await changes.taken() }
        changes.finish()
        if let failure = failure.withLock({ $0 }) { throw failure }
    }

    /// Stops watching; `run()` returns once the files found so far are handed on.
    public func stop() {
        descriptorsOpen.withLock { open in
            guard open else { return }
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)  // a full pipe already holds a wake-up
        }
    }

    deinit { closeDescriptors() }

    private func closeDescriptors() {
        descriptorsOpen.withLock { open in
            guard open else { return }
            open = false
            close(inotify)
            close(wake.read)
            close(wake.write)
        }
    }

    private func fail(_ reason: String) {
        failure.withLock { $0 = .watchFailed(path: folder, reason: reason) }
    }

    /// A wake-up pipe's end: non-blocking (a full pipe already holds a wake-up, so `stop()` never
    /// blocks) and closed on exec. False, with errno set, when either cannot be set.
    private static func setNonBlockingAndCloseOnExec(_ descriptor: Int32) -> Bool {
        let flags = fcntl(descriptor, F_GETFL)
        return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 && fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    }

    /// Whether a name that just appeared is already all it will be. A file created empty is
    /// complete only once closed after writing; but a new hard link (`ln photo.jpg folder/`)
    /// adds a name to a file that is already written, and brings no close event; nor do a
    /// symbolic link, a directory or a FIFO, which must be reported now or never.
    static func isCompleteOnCreation(_ path: PathName) -> Bool {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return false }
        return info.st_mode & S_IFMT != S_IFREG || info.st_nlink > 1
    }

    /// The blocking loop, on its own thread: near-zero CPU while idle, in `poll`.
    private func watch(_ found: (FolderChange) -> Void) {
        defer { closeDescriptors() }
        var scanner = FolderScanner(folder: folder, isOwnOutput: isOwnOutput)
        scanner.scan(log: log).forEach(found)
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            var waiting = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&waiting, 2, -1) < 0 {
                if errno == EINTR { continue }
                return fail("poll: \(systemReason())")
            }
            if waiting[1].revents != 0 { return }
            let count = read(inotify, buffer, capacity)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return fail("inotify: \(systemReason())")
            }
            var offset = 0
            while offset + 16 <= count {
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
                let name = PathName(bytes: nameBytes.prefix { $0 != 0 })
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    log(.notice("\(folder): too many events at once, rescanning the folder"))
                    scanner.scan(log: log).forEach(found)
                } else if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT) != 0 {
                    failure.withLock { $0 = .folderGone(path: folder) }
                    return
                } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    scanner.removed(name).map(found)
                } else if mask & UInt32(IN_CREATE) != 0 {
                    if Self.isCompleteOnCreation(scanner.path(of: name)) { scanner.consider(name, log: log).forEach(found) }
                } else if !name.isEmpty {
                    scanner.consider(name, log: log).forEach(found)
                }
            }
        }
    }
}
