internal import Hummingbird
internal import HTTPTypes
internal import NIOCore

/// Read-only before anything else: any method but GET and HEAD is 405, whatever the path, so no
/// route can be reached by another method by mistake.
struct ReadOnlyResponder<Inner: HTTPResponder>: HTTPResponder where Inner.Context == BoothContext {
    let inner: Inner

    func respond(to request: Request, context: BoothContext) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD", .contentType: "text/plain; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(string: "Only GET and HEAD.\n")))
        }
        return try await inner.respond(to: request, context: context)
    }
}
