import CollageEvents
import CollageCodecs
import CollageCore
import CollageFiles
import CollageImaging
import CollageJournal
import CollageLocking
import CollageWriting
import CollageTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import CollageServer

/// The booth's routes in process: requests handed to the same responder the server runs, on an
/// embedded channel, no socket. (What needs a socket, slow clients and a taken port, stays in
/// the end-to-end suite.)
@Suite("The booth's routes, in process", .timeLimit(.minutes(1)))
struct BoothRoutesTests {
    let out = try! TemporaryDirectory()
    let files = BoothFiles()
    let hub = EventHub()
    /// Kept across requests, as the server keeps them.
    let codes = QRCodes(), galleries = PageCache()

    func respond(_ path: String, method: HTTPRequest.Method = .get, headers: HTTPFields = [:],
                 servesPhotos: Bool = false, files: BoothFiles? = nil) async throws -> (Response, [UInt8]) {
        let settings = ServeSettings(address: ServeAddress(port: 8080), batches: true, servesPhotos: servesPhotos)
        let responder = ReadOnlyResponder(inner: BoothRoutes(hub: hub, files: files ?? self.files, settings: settings, codes: codes, galleries: galleries).router.buildResponder())
        let request = Request(head: HTTPRequest(method: method, scheme: "http", authority: "booth.local:8080", path: path, headerFields: headers),
                              body: RequestBody(buffer: ByteBuffer()))
        let channel = EmbeddedChannel()
        // An embedded channel left open keeps its pipeline alive (LeakSanitizer reports it).
        defer { _ = try? channel.finish(acceptAlreadyClosed: true) }
        let context = BoothContext(source: ApplicationRequestContextSource(channel: channel, logger: Logger(label: "test")))
        let response = try await responder.respond(to: request, context: context)
        let body = Collected()
        try await response.body.write(body)
        // A file's chunks are written straight to the connection (`ServedFile.body(on:)`), the
        // rest through the body writer: a client receives both, in that order.
        var sent: [UInt8] = []
        while let part = try channel.readOutbound(as: HTTPResponsePart.self) {
            if case .body(let buffer) = part { sent += buffer.readableBytesView }
        }
        return (response, sent + body.bytes.withLock { $0 })
    }

    /// A collage saved as the watch saves it, and its `saved` event.
    func save(_ batch: Int) throws -> (PipelineEvent, [UInt8]) {
        let path = out.file(String(format: "booth-%04d.jpg", batch))
        let bytes = try ImageEncoder.encode(TestImages.pattern(seed: batch, 30, 20), as: .jpeg)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let saved = SavedCollage(destination: .file(PathName(path)), format: .jpeg, size: PixelSize(width: 30, height: 20),
                                 bytes: bytes.count, content: ContentHash(of: bytes))
        return (.saved(saved, photos: 3, batch: batch, complete: true), bytes)
    }

    @Test func aCollageIsServedOnlyOnceItsSaveIsNotedAndThenRevalidates() async throws {
        let (event, bytes) = try save(1)
        #expect(try await respond("/collages/booth-0001.jpg").0.status == .notFound)
        files.note(event)
        let (response, body) = try await respond("/collages/booth-0001.jpg")
        #expect(response.status == .ok && body == bytes)
        #expect(response.headers[.contentType] == "image/jpeg")
        let etag = try #require(response.headers[.eTag])
        let (again, rest) = try await respond("/collages/booth-0001.jpg", headers: [.ifNoneMatch: etag])
        #expect(again.status == .notModified && rest.isEmpty)
        let (head, nothing) = try await respond("/collages/booth-0001.jpg", method: .head)
        #expect(head.status == .ok && nothing.isEmpty && head.headers[.contentLength] == String(bytes.count))
    }

    @Test func theGalleryAndTheLivePageNameTheNewestCollage() async throws {
        for batch in 1...2 { files.note(try save(batch).0) }
        let (gallery, html) = try await respond("/gallery")
        #expect(gallery.status == .ok && gallery.headers[.contentType] == "text/html; charset=utf-8")
        let text = String(decoding: html, as: UTF8.self)
        #expect(text.contains("booth-0002.jpg") && text.contains("booth-0001.jpg"))
        #expect(text.range(of: "booth-0002.jpg")!.lowerBound < text.range(of: "booth-0001.jpg")!.lowerBound)
        let (live, page) = try await respond("/")
        #expect(live.status == .ok && String(decoding: page, as: UTF8.self).contains("booth-0002.jpg"))
    }

    /// A booth's earlier runs' collages, from its journal: until they are checked, the live page
    /// says it is settling (a screen that reconnected asks again rather than show an older
    /// collage as the newest); then the newest whose file holds its recorded bytes leads.
    @Test func anEarlierRunsCollagesAreListedNewestFirstOnceCheckedAndThePageSettles() async throws {
        let files = BoothFiles(awaitsHistory: true)
        var recorded: [BoothHistory.Collage] = [], first: [UInt8] = []
        for batch in 1...3 {
            let (_, bytes) = try save(batch)
            if batch == 1 { first = bytes }
            recorded.append(BoothHistory.Collage(number: batch, file: PathName(String(format: "booth-%04d.jpg", batch)), complete: true,
                                                 saved: ContentHash(of: bytes), photos: []))
        }
        #expect(files.settling && BoothFiles().settling == false)
        let (_, settling) = try await respond("/", files: files)
        #expect(String(decoding: settling, as: UTF8.self).contains(#"data-settling="true""#))
        // The newest file is not what the journal recorded: the one before it leads.
        try Data([0xFF, 0xD8, 0xFF, 0xD9]).write(to: URL(fileURLWithPath: out.file("booth-0003.jpg")))
        let names = files.remember(BoothHistory(collages: recorded), of: CollageOutput(path: PathName(out.file("booth.jpg")), numbered: true))
        #expect(names == ["booth-0003.jpg", "booth-0002.jpg", "booth-0001.jpg"] && files.settling)
        // Asked for before its check: checked at once, never 404; the planted one is.
        let (early, bytes) = try await respond("/collages/booth-0001.jpg", files: files)
        #expect(early.status == .ok && bytes == first)
        #expect(try await respond("/collages/booth-0003.jpg", files: files).0.status == .notFound)
        files.check(remembered: names)
        #expect(!files.settling && files.collages.map(\.name) == ["booth-0002.jpg", "booth-0001.jpg"])
        let (_, settled) = try await respond("/", files: files)
        let page = String(decoding: settled, as: UTF8.self)
        #expect(page.contains(#"data-settling="false""#) && page.contains(#"<figure data-name="booth-0002.jpg""#))
    }

    /// The gallery's codes are images of their own, each the code of its collage's download URL
    /// (the address the gallery was opened at, without `--public-url`), only for collages listed.
    @Test func eachCollagesCodeIsAnImageOfItsDownloadURL() async throws {
        files.note(try save(1).0)
        let (gallery, html) = try await respond("/gallery")
        #expect(gallery.status == .ok && String(decoding: html, as: UTF8.self).contains(#"<img src="/codes/booth-0001.jpg""#))
        let (code, svg) = try await respond("/codes/booth-0001.jpg")
        #expect(code.status == .ok && code.headers[.contentType] == "image/svg+xml")
        #expect(String(decoding: svg, as: UTF8.self) == (try QRCode(encoding: "http://booth.local:8080/collages/booth-0001.jpg").svg))
        #expect(try await respond("/codes/booth-0002.jpg").0.status == .notFound)
    }

    /// The gallery is made once per change of the collages (a day's 500, to every phone), and a
    /// save or a withdrawal is a change.
    @Test func theGalleryIsMadeOncePerChangeAndEachChangeShows() async throws {
        files.note(try save(1).0)
        let before = String(decoding: try await respond("/gallery").1, as: UTF8.self)
        files.note(try save(2).0)
        let after = String(decoding: try await respond("/gallery").1, as: UTF8.self)
        #expect(!before.contains("booth-0002.jpg") && after.contains("booth-0002.jpg"))
        files.note(.withdrawn(PathName(out.file("booth-0002.jpg")), batch: 2))
        #expect(!String(decoding: try await respond("/gallery").1, as: UTF8.self).contains("booth-0002.jpg"))
        let cache = PageCache(limit: 2)
        var made = 0
        for (key, version) in [("a", 1), ("a", 1), ("b", 1), ("a", 2), ("a", 2), ("c", 1), ("a", 2)] {
            _ = cache.page(for: key, version: version) { made += 1; return "\(key)\(version)" }
        }
        // a1, b1, a2, c1 (past the limit: the kept ones go), a2 again.
        #expect(made == 5)
    }

    @Test func aPhotoIsServedOnlyWithServePhotos() async throws {
        let path = out.file("p1.jpg")
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: path))
        files.note(.added(PhotoFile(path: PathName(path)), Photo(name: PathName(path), size: PixelSize(width: 4, height: 3), image: TestImages.quadrants(4, 3)),
                          count: 1, nearest: nil))
        #expect(try await respond("/photos/p1.jpg").0.status == .notFound)
        let (response, body) = try await respond("/photos/p1.jpg", servesPhotos: true)
        #expect(response.status == .ok && body == [1, 2, 3])
    }

    @Test(arguments: [HTTPRequest.Method.post, .put, .delete])
    func anyMethodButGetAndHeadIsRefused(method: HTTPRequest.Method) async throws {
        let (response, _) = try await respond("/collages/booth-0001.jpg", method: method)
        #expect(response.status == .methodNotAllowed && response.headers[.allow] == "GET, HEAD")
    }

    @Test func aNameThatIsNotACollageOfThisBoothIsNotFound() async throws {
        files.note(try save(1).0)
        for path in ["/collages/..%2Fbooth-0001.jpg", "/collages/booth-0002.jpg", "/nothing", "/collages/"] {
            #expect(try await respond(path).0.status == .notFound, "\(path)")
        }
    }
}

/// The bytes of a response's body, as a client would receive them.
private final class Collected: ResponseBodyWriter, @unchecked Sendable {
    let bytes = Locked<[UInt8]>([])

    func write(_ buffer: ByteBuffer) async throws {
        bytes.withLock { $0 += Array(buffer.readableBytesView) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
