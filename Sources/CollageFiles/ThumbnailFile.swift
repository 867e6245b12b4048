public import CollageCore
#if canImport(Glibc)
internal import Glibc
#endif

/// Thumbnails kept in a file that has no name (`O_TMPFILE`), 3 KB each at offset entry × 3 KB,
/// so that `build --pages` holds no thumbnail in memory however many photos it takes: a
/// thumbnail is read back (one `pread`) only when a later photo's fingerprint makes it a
/// candidate. The file never appears in its folder and is gone when the run ends, however it
/// ends (SIGKILL included): nothing is left behind, no file replaced.
///
/// A write that fails (a full disk) keeps that thumbnail and every later one in memory; a
/// thumbnail that cannot be read back is reported missing. `notice` hears of each once.
public final class ThumbnailFile: ThumbnailStore {
    private let descriptor: Int32
    private let folder: PathName
    /// Entries 0..<onDisk are in the file; the rest, after a write failed, in `inMemory`.
    private var onDisk = 0
    private var inMemory: ThumbnailsInMemory?
    private var readFailed = false
    private let notice: (String) -> Void

    /// A nameless file in the first of `folders` that can hold one; nil when none can.
    public convenience init?(inFirstOf folders: [PathName], notice: @escaping (String) -> Void) {
        let opened = folders.lazy.map { folder in (folder, folder.withCString { open($0, Self.temporaryFile | O_RDWR | O_CLOEXEC, 0o600) }) }
        guard let (folder, descriptor) = opened.first(where: { $0.1 >= 0 }) else { return nil }
        self.init(descriptor: descriptor, folder: folder, notice: notice)
    }

    /// The thumbnails in the file open as `descriptor` (closed with the store), which `folder`
    /// names in notices: the tests hand it /dev/full, a disk that is always full.
    init(descriptor: Int32, folder: PathName, notice: @escaping (String) -> Void) {
        self.descriptor = descriptor
        self.folder = folder
        self.notice = notice
    }

    /// In the folder `output` goes to (the disk the run writes to anyway), else in $TMPDIR or
    /// /tmp (which may be memory, as tmpfs); nil when none can hold one.
    public convenience init?(beside output: PathName, notice: @escaping (String) -> Void) {
        let temporary = getenv("TMPDIR").map { PathName(String(cString: $0)) }
        self.init(inFirstOf: [PathParts(output).folder] + [temporary, "/tmp"].compactMap { $0 }, notice: notice)
    }

    deinit { close(descriptor) }

    public func append(_ thumbnail: Thumbnail) {
        if inMemory == nil {
            let failure = thumbnail.luma.withUnsafeBytes { write($0, at: onDisk * Self.entryBytes) }
            guard let failure else {
                onDisk += 1
                return
            }
            notice("cannot write thumbnails to a temporary file in \(folder) (\(failure)): keeping them in memory")
            inMemory = ThumbnailsInMemory()
        }
        inMemory?.append(thumbnail)
    }

    public func thumbnail(_ entry: Int) -> Thumbnail? {
        guard entry < onDisk else { return inMemory?.thumbnail(entry - onDisk) }
        var luma = [UInt8](repeating: 0, count: Self.entryBytes)
        let failure = luma.withUnsafeMutableBytes { read(into: $0, at: entry * Self.entryBytes) }
        guard let failure else { return Thumbnail(luma: luma) }
        if !readFailed { notice("cannot read a thumbnail back from a temporary file in \(folder) (\(failure)): a photo may be taken twice") }
        readFailed = true
        return nil
    }

    /// Writes all of `bytes` at `offset`; the reason it could not.
    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> String? {
        // pwrite only reads the memory: the pointer is mutable for the loop's one signature.
        Self.whole(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), count: bytes.count, at: offset, ended: "nothing written") {
            pwrite(descriptor, $0, $1, $2)
        }
    }

    /// Fills `bytes` from `offset`; the reason it could not.
    private func read(into bytes: UnsafeMutableRawBufferPointer, at offset: Int) -> String? {
        Self.whole(bytes.baseAddress!, count: bytes.count, at: offset, ended: "the file is shorter than written") {
            pread(descriptor, $0, $1, $2)
        }
    }

    /// Moves `count` bytes between `memory` and the file from `offset` by `transfer` (a `pread`
    /// or `pwrite` of memory, count and file offset), EINTR and short counts retried, each call
    /// from where the last one ended, in memory as in the file; the reason it could not (`ended`
    /// when a call moves nothing). A value of its own so that the tests drive it with short
    /// counts, which a regular file never gives.
    static func whole(_ memory: UnsafeMutableRawPointer, count: Int, at offset: Int, ended: String,
                      _ transfer: (UnsafeMutableRawPointer, Int, off_t) -> Int) -> String? {
        var done = 0
        while done < count {
            let moved = transfer(memory + done, count - done, off_t(offset + done))
            if moved < 0 && errno == EINTR { continue }
            guard moved > 0 else { return moved == 0 ? ended : systemReason() }
            done += moved
        }
        return nil
    }

    private static let entryBytes = Thumbnail.byteCount

    /// `O_TMPFILE` (Linux 3.11; glibc's <fcntl.h> defines it only with _GNU_SOURCE, which Swift's
    /// Glibc module is not built with): `__O_TMPFILE | O_DIRECTORY`, the same on x86-64 and arm64.
    private static let temporaryFile: Int32 = 0o20000000 | O_DIRECTORY
}
