public import AsyncAlgorithms
internal import Dispatch
internal import Synchronization
#if canImport(Glibc)
internal import Glibc
#endif

/// The `watch` source: the photos already in a folder (oldest first), then each new one once it
/// is complete. Linux inotify, no polling: a file is taken when it is closed after writing or
/// renamed into the folder, never when it is created, so a half-written file is never read.
///
/// The watch is set up before the folder is listed, so nothing arriving in between is missed;
/// each name is offered once, also across a rescan after an inotify queue overflow.
public final class FolderWatcher: Sendable {
    public let folder: String
    /// The files, in order. A channel, so `--batches` can read it collage after collage.
    public let files = AsyncChannel<PhotoFile>()

    private let inotify: Int32
    private let wake: (read: Int32, write: Int32)
    private let isOwnOutput: @Sendable (String) -> Bool
    private let log: @Sendable (PipelineEvent) -> Void
    private let failure = Mutex<WatchError?>(nil)
    /// Whether the descriptors are still open: `stop()` must never write to a closed (and
    /// perhaps reused) descriptor number.
    private let descriptorsOpen = Mutex(true)

    /// Checks the folder and starts watching it; nothing is read until `run()`.
    public init(folder: String, isOwnOutput: @escaping @Sendable (String) -> Bool = { _ in false },
                log: @escaping @Sendable (PipelineEvent) -> Void) throws(WatchError) {
        self.folder = folder
        self.isOwnOutput = isOwnOutput
        self.log = log
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .folderUnavailable(path: folder, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .folderUnavailable(path: folder, reason: "not a folder") }
        guard let listing = opendir(folder) else { throw .folderUnavailable(path: folder, reason: String(cString: strerror(errno))) }
        closedir(listing)

        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else { throw .folderUnavailable(path: folder, reason: "inotify: \(String(cString: strerror(errno)))") }
        let events = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
        guard inotify_add_watch(inotify, folder, events) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            throw .folderUnavailable(path: folder, reason: "inotify: \(reason)")
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            throw .folderUnavailable(path: folder, reason: reason)
        }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        wake = (ends[0], ends[1])
    }

    /// Feeds `files` until `stop()`, until the folder goes away (throwing `folderGone`), or
    /// until the task is cancelled, which also abandons files no reader took; then finishes
    /// `files`.
    public func run() async throws(WatchError) {
        let (found, continuation) = AsyncStream.makeStream(of: PhotoFile.self)
        continuation.onTermination = { [self] _ in stop() }
        DispatchQueue(label: "collage.inotify").async { [self] in
            watch { continuation.yield($0) }
            continuation.finish()
        }
        for await file in found { await files.send(file) }
        files.finish()
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

    /// The blocking loop, on its own thread: near-zero CPU while idle, in `poll`.
    private func watch(_ found: (PhotoFile) -> Void) {
        defer { closeDescriptors() }
        var scanner = FolderScanner(folder: folder, isOwnOutput: isOwnOutput)
        let note: (String) -> Void = { [log] in log(.notice($0)) }
        scanner.scan(log: note).forEach(found)
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            var waiting = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&waiting, 2, -1) < 0 {
                if errno == EINTR { continue }
                return fail("poll: \(String(cString: strerror(errno)))")
            }
            if waiting[1].revents != 0 { return }
            let count = read(inotify, buffer, capacity)
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                return fail("inotify: \(String(cString: strerror(errno)))")
            }
            var offset = 0
            while offset + 16 <= count {
                let mask = buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let length = Int(buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameBytes = UnsafeRawBufferPointer(start: buffer + offset + 16, count: length)
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    note("\(folder): too many events at once, rescanning the folder")
                    scanner.scan(log: note).forEach(found)
                } else if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_UNMOUNT) != 0 {
                    failure.withLock { $0 = .folderGone(path: folder) }
                    return
                } else if mask & UInt32(IN_CREATE) != 0 && mask & UInt32(IN_ISDIR) == 0 {
                    // A created file is not complete until closed; a new symbolic link is.
                    var info = stat()
                    if lstat(scanner.path(of: name), &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                        scanner.consider(name, log: note).map(found)
                    }
                } else if !name.isEmpty {
                    scanner.consider(name, log: note).map(found)
                }
            }
        }
    }
}
