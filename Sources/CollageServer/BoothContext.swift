internal import Hummingbird
internal import HummingbirdCore
internal import NIOCore

/// Hummingbird's request context plus the connection: `/events` closes it to drop a client that
/// cannot keep up, even while a write to it is waiting.
struct BoothContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
