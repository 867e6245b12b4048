internal import CollageCore
internal import HTTPTypes
internal import Hummingbird
internal import NIOCore

/// The kinds of page the booth serves, and nothing else: `/`, `/events`, `/gallery`,
/// `/collages/NAME` and its QR code `/codes/NAME` (and `/photos/NAME` with `--serve-photos`). HEAD is answered by Hummingbird
/// from the GET route, with the same headers and no body.
struct BoothRoutes: Sendable {
    let hub: EventHub
    let files: BoothFiles
    let settings: ServeSettings
    /// Each download URL's code, drawn once for every page that shows it.
    var codes = QRCodes()
    /// The gallery, made once for each change of the collages.
    var galleries = PageCache()

    var router: Router<BoothContext> {
        let router = Router(context: BoothContext.self)
        route(router, "/") { _, _ in
            page(try LivePage.html(collages: files.collages, publicURL: settings.publicURL, batches: settings.batches, codes: codes,
                                   run: hub.firstID, settling: files.settling))
        }
        route(router, "/gallery") { request, _ in
            let (version, collages) = files.listing
            let base = base(of: request)
            return page(galleries.page(for: base, version: version) { GalleryPage.html(collages: collages, base: base, batches: settings.batches) })
        }
        route(router, "/codes/{name}") { request, context in
            guard let collage = files.collage(named: name(context)) else { return Self.notFound() }
            let svg = try codes.svg(for: base(of: request) + "/collages/" + HTML.pathSegment(collage.name))
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=60"],
                            body: .init(byteBuffer: ByteBuffer(string: svg)))
        }
        route(router, "/events") { request, context in events(request, context) }
        route(router, "/collages/{name}") { request, context in
            file(files.servedCollage(named: name(context)), request, context)
        }
        route(router, "/photos/{name}") { request, context in
            file((settings.servesPhotos ? files.photo(named: name(context)) : nil).flatMap { ServedFile(path: $0) }, request, context)
        }
        return router
    }

    /// GET, and HEAD with the same status and headers (Content-Length included) and no body.
    private func route(_ router: Router<BoothContext>, _ path: RouterPath,
                       _ handler: @escaping @Sendable (Request, BoothContext) async throws -> Response) {
        router.get(path, use: handler)
        router.head(path) { request, context in try await handler(request, context).createHeadResponse() }
    }

    /// The start of the download URLs: `--public-url`, or how this browser reached the booth.
    private func base(of request: Request) -> String {
        settings.publicURL ?? "http://" + (request.head.authority ?? settings.address.description)
    }

    private func name(_ context: BoothContext) -> String {
        context.parameters.get("name").flatMap { HTML.decodeSegment(Substring($0)) } ?? ""
    }

    private func page(_ html: String) -> Response {
        page(ByteBuffer(string: html))
    }

    private func page(_ html: ByteBuffer) -> Response {
        Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-cache"], body: .init(byteBuffer: html))
    }

    private static func notFound() -> Response {
        Response(status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                 body: .init(byteBuffer: ByteBuffer(string: "Not found.\n")))
    }

    /// A collage or photo this booth knows, opened (nil: 404), with validators; 304 when the
    /// client's copy is current; else its bytes, streamed from the open file.
    private func file(_ file: ServedFile?, _ request: Request, _ context: BoothContext) -> Response {
        guard let file else { return Self.notFound() }
        var headers: HTTPFields = [
            .eTag: file.etag, .lastModified: HTTPDate.string(secondsSinceEpoch: file.identity.modifiedSeconds),
            .cacheControl: "no-cache", .contentType: file.contentType,
        ]
        if file.isCurrent(ifNoneMatch: request.headers[.ifNoneMatch], ifModifiedSince: request.headers[.ifModifiedSince]) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: file.body(on: context.channel))
    }

    /// The browser waits this long before reconnecting after a drop.
    private static let retry = ByteBuffer(string: "retry: 1000\n\n")

    /// Server-Sent Events: the kept events after `Last-Event-ID` (all of them on a first
    /// connection), then each new one, every one with its `id:`. Never an error status, which
    /// would end a browser's EventSource for good: once the server is closing, a stream that
    /// ends at once, which the browser retries.
    private func events(_ request: Request, _ context: BoothContext) -> Response {
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-cache"]
        guard request.method == .get else { return Response(status: .ok, headers: headers) }
        let last = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap { Int($0) }
        let channel = context.channel
        guard let subscription = hub.subscribe(after: last, connection: EventConnection(channel: channel)) else {
            return Response(status: .ok, headers: headers, body: .init(byteBuffer: Self.retry))
        }
        // A client that leaves, or is dropped, ends its response.
        channel.closeFuture.whenComplete { _ in subscription.cancel() }
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { subscription.cancel() }
            try await writer.write(Self.retry)
            // The hub writes the events to the connection itself, after this.
            subscription.start()
            await subscription.ended()
            try await writer.finish(nil)
        })
    }
}
