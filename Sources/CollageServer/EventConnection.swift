internal import HTTPTypes
internal import NIOCore
internal import NIOHTTPTypes

/// One `/events` response's connection, written directly on its event loop: each event is one
/// body part (a chunk), queued and flushed without waiting. Hummingbird has written the head and
/// writes the end; between them these writes follow its own on the same loop, in order. A client
/// that has not taken what NIO holds for it (64 KiB beyond the socket's own buffer: NIO's
/// writability) cannot keep up and is dropped, its connection closed, never buffered further.
struct EventConnection: EventHub.Connection {
    let channel: any Channel

    func send(_ bytes: ByteBuffer) {
        let channel = channel
        channel.eventLoop.execute {
            guard channel.isActive else { return }
            guard channel.isWritable else { return channel.close(promise: nil) }
            channel.writeAndFlush(HTTPResponsePart.body(bytes), promise: nil)
        }
    }
}
