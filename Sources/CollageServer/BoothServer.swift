public import CollageJournal
public import CollageEvents
public import CollageCore
internal import CollageWriting
internal import Hummingbird
internal import HummingbirdCore
internal import Logging
internal import NIOCore
internal import ServiceLifecycle
#if canImport(Glibc)
internal import Glibc
#endif

/// `watch --serve`: the booth's screen over HTTP, on Hummingbird. It knows only what the watch
/// reports (the JSON objects of `watch --json`, and which files were saved) and reads only the
/// files saved; the watch hands it events and never waits for it.
public final class BoothServer: Sendable {
    /// Where it listens, as a browser on this machine would open it: `http://127.0.0.1:8080/`.
    public let url: String
    /// The operator's line when guests' phones could not open the QR codes, naming the port the
    /// server is bound to (the one chosen for `--serve 0`).
    public let guestWarning: String?
    private let hub: EventHub
    private let files: BoothFiles
    private let group: ServiceGroup
    private let running: Task<Void, Never>
    private let keepingAlive: Task<Void, Never>

    private init(url: String, guestWarning: String?, hub: EventHub, files: BoothFiles, group: ServiceGroup, running: Task<Void, Never>) {
        self.url = url
        self.guestWarning = guestWarning
        self.hub = hub
        self.files = files
        self.group = group
        self.running = running
        keepingAlive = Task {
            while (try? await Task.sleep(for: .seconds(15))) != nil { hub.keepAlive() }
        }
    }

    /// Binds and starts serving; returns once connections are accepted, or throws
    /// `ServeError.cannotStart` at once (port in use, no permission, no such address).
    public static func start(_ settings: ServeSettings) async throws(ServeError) -> BoothServer {
        let hub = EventHub(firstID: EventHub.firstID(microsecondsSinceEpoch: microsecondsSinceEpoch()))
        let files = BoothFiles(awaitsHistory: settings.batches)
        // Hummingbird's own log would go to stdout, which `--json` owns.
        let logger = Logger(label: "collage.serve", factory: { _ in SwiftLogNoOpLogHandler() })
        let (ready, readiness) = AsyncStream.makeStream(of: Result<Int, any Error>.self)
        let routes = BoothRoutes(hub: hub, files: files, settings: settings)
        let seconds = settings.idleTimeout.components.seconds
        // `--serve-max-clients` is kept by each connection's guard, which makes room for a new
        // one by closing one that serves no one (`ConnectionSlots`), instead of Hummingbird's
        // limit, which stops accepting until a slot frees itself.
        let connections = BoothConnections(limit: settings.maximumClients)
        let app = Application(
            responder: ReadOnlyResponder(inner: routes.router.buildResponder()),
            server: .http1(configuration: .init(additionalChannelHandlers: [RequestGuard(connections: connections)], idleTimeout: .seconds(seconds))),
            configuration: .init(address: .hostname(settings.address.host, port: settings.address.port)),
            onServerRunning: { channel in readiness.yield(.success(channel.localAddress?.port ?? settings.address.port)) },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: [], cancellationSignals: [], logger: logger))
        let running = Task {
            do {
                try await group.run()
                readiness.yield(.failure(ServeError.cannotStart(address: settings.address.description, reason: "the server stopped")))
            } catch {
                readiness.yield(.failure(error))
            }
        }
        var outcome: Result<Int, any Error> = .failure(CancellationError())
        for await first in ready {
            outcome = first
            break
        }
        switch outcome {
        case .success(let port):
            let bound = ServeAddress(host: settings.address.host, port: port)
            return BoothServer(url: "http://\(bound)/", guestWarning: settings.guestWarning(listeningOn: port), hub: hub, files: files, group: group,
                               running: running)
        case .failure(let error):
            running.cancel()
            throw .cannotStart(address: settings.address.description, reason: reason(error))
        }
    }

    /// A pipeline event, before the report publishes it: a `saved` file is servable by the
    /// time a page hears of it.
    public func note(_ event: PipelineEvent) {
        files.note(event)
    }

    /// With `--batches`: the gallery lists the collages earlier runs of this booth saved too, as
    /// its journal knows them, once each file is found to hold the bytes the journal recorded
    /// (checked in the background: hashing a long day's collages never delays the watch; a
    /// download asked for first is checked at once).
    public func remember(_ journal: BoothJournal) {
        let names = files.remember(journal.history, of: journal.output)
        let files = files
        Task.detached(priority: .utility) { files.check(remembered: names) }
    }

    /// One JSON object of `watch --json`, sent to every page as it is.
    public func publish(_ json: JSONValue) {
        hub.publish(json.serialized)
    }

    /// After the final save and the `finished` event: every page's stream ends, then the
    /// server stops accepting and closes; a connection still busy after two seconds is cut.
    public func close() async {
        hub.close()
        keepingAlive.cancel()
        await group.triggerGracefulShutdown()
        let running = running
        let deadline = Task {
            try? await Task.sleep(for: .seconds(2))
            if !Task.isCancelled { running.cancel() }
        }
        await running.value
        deadline.cancel()
    }

    private static func microsecondsSinceEpoch() -> Int64 {
        var now = timespec()
        guard clock_gettime(CLOCK_REALTIME, &now) == 0 else { return 1 }
        return Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
    }

    /// The system's reason, without NIO's call names: "Address already in use".
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)) }
        return String(describing: error)
    }
}
