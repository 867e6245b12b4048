internal import HTTPTypes
internal import NIOCore
internal import NIOHTTPTypes

/// Each connection's guard, in the pipeline between NIO's HTTP parser and Hummingbird: it takes
/// a slot for the connection (`BoothConnections`, which may close an idle or stalled one to make
/// room, or keep it unread until one frees), tells the slots whether a request is in progress or the response is an event stream
/// and when the client takes each part of a response (its progress), and refuses any request
/// that comes with a body. The booth answers only GET and HEAD, which need none: a body is what
/// a client dripping a byte at a time would hold a slot with (each byte a part that resets Hummingbird's idle timer), so a head announcing one
/// (`Content-Length` above 0, or `Transfer-Encoding`) is answered 413 and the connection closed
/// at once. A request's head is bounded by the idle timeout, which only a complete part resets.
final class RequestGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let connections: BoothConnections
    private var admitted = false
    /// Requests read whose responses have not ended.
    private var inProgress = 0
    /// A body was announced: everything else read is dropped until the connection closes.
    private var refusing = false

    init(connections: BoothConnections) {
        self.connections = connections
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        connections.remove(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        connections.remove(context.channel)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refusing else { return }
        if case .head(let request) = unwrapInboundIn(data) {
            if Self.hasBody(request) { return refuse(context) }
            inProgress += 1
            connections.set(context.channel, .answering)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let response) where response.headerFields[.contentType] == "text/event-stream" && response.status == .ok:
            connections.set(context.channel, .streaming)
        case .end:
            inProgress = max(inProgress - 1, 0)
            if inProgress == 0 { connections.set(context.channel, .waiting) }
        case .body:
            // Progress is the socket taking each part: a write's promise completes then.
            let (connections, channel) = (connections, context.channel)
            let written = promise ?? context.eventLoop.makePromise()
            connections.wrote(channel)
            written.futureResult.whenComplete { _ in connections.taken(channel) }
            return context.write(data, promise: written)
        case .head:
            break
        }
        context.write(data, promise: promise)
    }

    /// A queued connection is not read until it is given a slot: its request waits in its
    /// socket, and the idle timeout bounds the wait.
    private func admit(_ context: ChannelHandlerContext) {
        guard !admitted else { return }
        admitted = true
        switch connections.admit(context.channel) {
        case .admitted: break
        case .queued: _ = context.channel.setOption(ChannelOptions.autoRead, value: false)
        case .refused: context.close(promise: nil)
        }
    }

    /// 413 when nothing else is being answered on the connection (else just the close), then close.
    private func refuse(_ context: ChannelHandlerContext) {
        refusing = true
        guard inProgress == 0 else { return context.close(promise: nil) }
        let text = ByteBuffer(string: "A request to the booth has no body.\n")
        let head = HTTPResponse(status: .contentTooLarge, headerFields: [
            .contentType: "text/plain; charset=utf-8", .contentLength: String(text.readableBytes), .connection: "close",
        ])
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(text)), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }

    /// A body is announced by a `Content-Length` other than 0 or by any `Transfer-Encoding`.
    static func hasBody(_ request: HTTPRequest) -> Bool {
        if request.headerFields[.transferEncoding] != nil { return true }
        return request.headerFields[values: .contentLength].contains { Substring($0).trimmingSpaces != "0" }
    }
}
