import CollageCore
import CollageFiles
@testable import CollageServer
import Testing

/// What guests see and can open: the live page's QR code and turns, and the start line that
/// warns when their phones could not open the codes.
@Suite("The guests' screen: QR codes on /, and the warning when phones cannot open them")
struct GuestScreenTests {
    func collage(_ batch: Int) -> BoothFiles.Collage {
        BoothFiles.Collage(name: "booth-000\(batch).jpg", path: PathName("/tmp/booth-000\(batch).jpg"), photos: batch, batch: batch, save: batch,
                           identity: FileIdentity(device: 0, inode: UInt64(batch), size: 0, modified: 0, isRegularFile: true))
    }

    @Test func theNewestCollageIsShownWithTheCodeOfItsDownloadURLAndTheEarlierOnesWait() throws {
        let html = try LivePage.html(collages: [collage(3), collage(2), collage(1)], publicURL: "http://booth.local:8080", batches: true, codes: QRCodes(), run: 1, settling: false)
        #expect(html.contains(#"<img id="collage" src="/collages/booth-0003.jpg?v=0-3-0-0""#))
        #expect(html.contains(#"<span id="batch">Collage 3</span>"#))
        let newest = try QRCode(encoding: "http://booth.local:8080/collages/booth-0003.jpg").svg
        #expect(html.contains(#"<div id="qr" data-name="booth-0003.jpg" data-url="http://booth.local:8080/collages/booth-0003.jpg">\#(newest)</div>"#))
        #expect(!html.contains(#"<aside id="download" hidden>"#))
        for batch in 1...3 {
            #expect(html.contains(#"data-url="http://booth.local:8080/collages/booth-000\#(batch).jpg""#))
            #expect(html.contains(try QRCode(encoding: "http://booth.local:8080/collages/booth-000\(batch).jpg").svg))
        }
    }

    /// Each URL's code is drawn once, whoever asks (the gallery lists 500 to every phone); the
    /// codes kept are bounded, as a gallery without `--public-url` draws them for any `Host`.
    @Test func aCodeIsDrawnOncePerURLAndTheCodesKeptAreBounded() throws {
        let codes = QRCodes(limit: 2)
        let urls = (1...3).map { "http://booth.local:8080/collages/booth-000\($0).jpg" }
        #expect(try codes.svg(for: urls[0]) == QRCode(encoding: urls[0]).svg && codes.count == 1)
        #expect(try codes.svg(for: urls[0]) == QRCode(encoding: urls[0]).svg && codes.count == 1)
        for url in urls { #expect(try codes.svg(for: url) == QRCode(encoding: url).svg) }
        #expect(codes.count <= 2)
    }

    @Test func withoutAPublicURLThereIsNoCode() throws {
        let html = try LivePage.html(collages: [collage(1)], publicURL: nil, batches: false, codes: QRCodes(), run: 1, settling: false)
        #expect(html.contains(#"<aside id="download" hidden>"#))
        #expect(!html.contains("<svg"))
        #expect(html.contains("const codes = false;"))
    }

    @Test func beforeTheFirstCollageTheScreenWaits() throws {
        let html = try LivePage.html(collages: [], publicURL: "http://booth.local:8080", batches: true, codes: QRCodes(), run: 1, settling: false)
        #expect(html.contains(#"<div id="empty" >"#))
        #expect(html.contains(#"<aside id="download" hidden>"#))
    }

    @Test(arguments: [
        ("127.0.0.1:8080", "http://127.0.0.1:8080", true), ("0.0.0.0:8080", "http://localhost:8080/", true),
        ("0.0.0.0:8080", "http://[::1]:8080", true), ("0.0.0.0:8080", "https://user@127.1.2.3/booth", true),
        ("0.0.0.0:8080", "http://192.168.1.20:8080", false), ("127.0.0.1:8080", "http://booth.example", false),
    ])
    func codesPointingAtThisMachineOnlyAreWarnedOf(serve: String, publicURL: String, warned: Bool) throws {
        let settings = ServeSettings(address: try ServeAddress(parsing: serve), publicURL: try PublicURL(parsing: publicURL))
        #expect((settings.guestWarning != nil) == warned, "\(settings.guestWarning ?? "")")
        if warned { #expect(settings.guestWarning?.contains("guests' phones cannot open them") == true) }
    }

    @Test func noPublicURLIsWarnedOfAndSaysWhatToGive() throws {
        let local = ServeSettings(address: try ServeAddress(parsing: "8080"))
        #expect(local.guestWarning == "serving on 127.0.0.1:8080 only, and no --public-url: the live screen shows no QR code, and guests' phones "
            + "cannot open the gallery; give --public-url http://ADDRESS:8080 with an address guests' phones reach (and --serve 0.0.0.0:8080)")
        let open = ServeSettings(address: try ServeAddress(parsing: "0.0.0.0:8080"))
        #expect(open.guestWarning?.hasPrefix("no --public-url: the live screen shows no QR code") == true)
    }
}
