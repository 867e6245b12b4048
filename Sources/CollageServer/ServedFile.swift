internal import CollageCore
internal import CollageFiles
internal import Hummingbird
internal import NIOCore
internal import NIOHTTPTypes
#if canImport(Glibc)
internal import Glibc
#endif

/// One file the server may send, held open through a descriptor opened without following a
/// symlink: a link planted where a collage was written is refused like a missing file, and the
/// validators (`ETag`, `Last-Modified`) and the bytes sent are those of the one file opened.
/// The bytes are read as they are sent, a chunk at a time (`body`): a client that reads slowly,
/// or never, holds one chunk and what NIO queues for it, never the whole file.
final class ServedFile: Sendable {
    /// What is read and written at once: the booth's memory per download.
    static let chunkSize = 64 << 10

    private let descriptor: Int32
    let identity: FileIdentity
    let contentType: String

    /// Nil when the path is not a regular file that can be opened and read (missing, a link, a
    /// folder, unreadable), or when `expected` is given and the file opened is not that one
    /// (another inode, size or time: a hard link planted under the name): the server answers
    /// 404 for all of them.
    init?(path: PathName, expected: FileIdentity? = nil) {
        let descriptor = path.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        guard let identity = FileIdentity.of(descriptor: descriptor), identity.isRegularFile, expected.map({ $0 == identity }) ?? true else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.identity = identity
        var head = [UInt8](repeating: 0, count: 12)
        let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        contentType = MediaType.sniff(head.prefix(max(count, 0)))
    }

    deinit { close(descriptor) }

    /// Whether the open file is still as it was opened (not written to since): for a file kept
    /// open and served again later.
    var isAsOpened: Bool {
        FileIdentity.of(descriptor: descriptor) == identity
    }

    var etag: String { identity.etag }

    /// The file's size when opened: what is sent.
    var size: Int { Int(identity.size) }

    /// The file's bytes, `chunkSize` at a time from its descriptor, written straight to the
    /// connection with at most two chunks not yet gone to the socket (NIO completes a write's
    /// future when the kernel took it): a client that does not read holds two chunks, never
    /// more, and no write completes while it reads nothing — how `ConnectionSlots` sees a
    /// stalled download, by time without progress. Hummingbird's body writer does not wait
    /// so: its writes returned at once, and 40 clients that never read held 4 MiB of chunks
    /// each. Its head and end are written by Hummingbird, in order on the connection's loop. A
    /// file that shrinks under the server, or the server stopping, ends the response early and
    /// closes the connection.
    func body(on channel: any Channel) -> ResponseBody {
        ResponseBody(contentLength: size) { writer in
            var offset = 0
            var previous: EventLoopFuture<Void>?
            while offset < self.size {
                let buffer = try self.chunk(at: offset, count: min(Self.chunkSize, self.size - offset))
                offset += buffer.readableBytes
                let written = channel.eventLoop.makePromise(of: Void.self)
                channel.writeAndFlush(HTTPResponsePart.body(buffer), promise: written)
                if let previous { try await Self.wait(previous, on: channel) }
                previous = written.futureResult
            }
            if let previous { try await Self.wait(previous, on: channel) }
            try await writer.finish(nil)
        }
    }

    /// A write NIO waits on does not see the task cancelled (the server stopping): closing the
    /// connection fails it.
    private static func wait(_ written: EventLoopFuture<Void>, on channel: any Channel) async throws {
        try await withTaskCancellationHandler { try await written.get() } onCancel: { channel.close(promise: nil) }
    }

    /// The whole file, for hashing it once (not for serving it); nil past `maximumBytes` or on
    /// a read error.
    func bytes(maximumBytes: Int = 256 << 20) -> [UInt8]? {
        guard size <= maximumBytes else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var offset = 0
        while offset < size {
            guard let buffer = try? chunk(at: offset, count: min(1 << 20, size - offset)) else { return nil }
            bytes += buffer.readableBytesView
            offset += buffer.readableBytes
        }
        return bytes
    }

    /// Up to `count` bytes at `offset`; throws when the file ends before it or cannot be read.
    private func chunk(at offset: Int, count: Int) throws(ServedFileEnded) -> ByteBuffer {
        var buffer = ByteBufferAllocator().buffer(capacity: count)
        while true {
            var result = 0
            _ = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { pointer in
                result = pread(descriptor, pointer.baseAddress!, count, off_t(offset))
                return max(result, 0)
            }
            if result > 0 { return buffer }
            if result < 0, errno == EINTR { continue }
            throw ServedFileEnded()
        }
    }

    /// Whether a conditional GET's validators say the client's copy is current: `If-None-Match`
    /// decides when present (RFC 9110 §13.2.2), else `If-Modified-Since`.
    func isCurrent(ifNoneMatch: String?, ifModifiedSince: String?) -> Bool {
        if let ifNoneMatch {
            let tags = ifNoneMatch.split(separator: ",").map { $0.trimmingSpaces }
            return tags.contains { $0 == "*" || $0 == etag || $0 == "W/" + etag }
        }
        if let ifModifiedSince, let since = HTTPDate.seconds(from: ifModifiedSince) {
            return identity.modifiedSeconds <= since
        }
        return false
    }
}

/// A served file ended before its size, or could not be read: the response stops there.
struct ServedFileEnded: Swift.Error {}

extension Substring {
    var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
