import CollageTestSupport
import Foundation
import Testing

/// `collage watch --serve`, end to end with real clients: the Python scripts in
/// Tests/EndToEnd/serve drive the real executable with curl, a Server-Sent Events client, raw
/// sockets and headless Chromium (Selenium), and zbarimg reads the gallery's QR codes.
/// Debian's python3, where `make test` installs python3-selenium.
@Suite("collage watch --serve, end to end through real clients", .serialized, .timeLimit(.minutes(5)))
struct ServeEndToEndTests {
    static let scripts = URL(fileURLWithPath: Fixtures.directory).deletingLastPathComponent().path + "/Tests/EndToEnd/serve"

    /// Runs one script with the executable and the fixtures; its report is shown when it fails.
    private func script(_ name: String, _ extra: [String] = []) async throws {
        let result = try await FinishedProcess.run("/usr/bin/python3", ["\(Self.scripts)/\(name)", CollageCommand.executable, Fixtures.directory] + extra,
                                                   deadline: .seconds(240))
        let report = try FinishedProcess.text(result.stdout) + FinishedProcess.text(result.stderr)
        #expect(result.status == 0, "\(name) \(extra.joined(separator: " ")) failed:\n\(report)")
    }

    /// The checks a script holds (`--list`), each run as a test of its own, so a failure names
    /// its check; a check added to the script's list is run with no change here.
    static func checks(of script: String) -> [String] {
        let list = Process()
        let names = Pipe()
        list.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        list.arguments = ["\(scripts)/\(script)", "--list"]
        list.standardOutput = names
        guard (try? list.run()) != nil else { return ["\(script) --list could not start"] }
        let text = String(decoding: names.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        list.waitUntilExit()
        let checks = text.split(separator: "\n").map(String.init)
        // Never an empty list, which would pass by running nothing: the name fails as a check.
        return list.terminationStatus == 0 && !checks.isEmpty ? checks : ["\(script) --list failed"]
    }

    static let serveChecks = checks(of: "serve_test.py")

    @Test("serve_test.py, one check at a time", arguments: serveChecks)
    func serveCheck(_ check: String) async throws {
        try await script("serve_test.py", [check])
    }

    /// A guest's flood from 127.0.0.2 against the screen (an EventSource stand-in), a download
    /// read slowly, and a collage saved again (flood_test.py).
    static let floodChecks = checks(of: "flood_test.py")

    @Test("flood_test.py, one check at a time", arguments: floodChecks)
    func floodCheck(_ check: String) async throws {
        try await script("flood_test.py", [check])
    }

    /// The live page's ticket (an answer asked for before a withdrawal or a newer save never
    /// brings back what it showed) and its footer for a photo still arriving, in Chromium.
    static let livePageChecks = checks(of: "live_page_test.py")

    @Test("live_page_test.py, one check at a time", arguments: livePageChecks)
    func livePageCheck(_ check: String) async throws {
        try await script("live_page_test.py", [check])
    }

    /// The screen, open in Chromium and never reloaded, after a SIGTERM, a SIGKILL and a crash
    /// of the booth, its connections dropped, and its pictures failing to load, twice each:
    /// the newest collage with its own code each time (live_heal_test.py; `make screen-heal`
    /// runs 20 rounds of each and holds each to 2 s).
    @Test func theLiveScreenHealsAfterRestartsDropsAndFailedLoads() async throws {
        let shots = try TemporaryDirectory()
        try await script("live_heal_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path, "--rounds", "2"])
    }

    /// The screen in Chromium among 100 phones holding `/events` from their own addresses, ten
    /// guests downloading, a flood from one address and one from 200: each collage on the
    /// screen with its own code, and every other guest's download complete (crowd_test.py).
    @Test func theScreenKeepsItsCodesAndGuestsTheirDownloadsInACrowd() async throws {
        let shots = try TemporaryDirectory()
        try await script("crowd_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }

    @Test func aRealBrowserFollowsTheLivePageAndScansTheGallery() async throws {
        let shots = try TemporaryDirectory()
        try await script("browser_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }

    /// A group deletes every shot of its open collage: the live page, open in Chromium, stops
    /// showing it without a reload, and shows the next photo's collage (live_withdrawn_test.py).
    @Test func theLivePageStopsShowingAWithdrawnCollage() async throws {
        let shots = try TemporaryDirectory()
        try await script("live_withdrawn_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }

    /// `/` on a 1920x1080 kiosk screen: zbarimg reads its QR code from Chromium's screenshot and
    /// the URL serves the newest collage's bytes; it fits without scrolling; idle, it shows the
    /// earlier collages with their own codes.
    @Test func theLivePagesQRCodeIsReadFromAScreenshotAndServesTheNewestCollage() async throws {
        let shots = try TemporaryDirectory()
        try await script("live_qr_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }

    /// `/` for every shape of collage (a 4x6 in strip sheet, a 2x6 in strip, 3:2, a 3:1
    /// panorama, a square) on 1920x1080, 1280x720, 1080x1920 and 3840x2160 screens, in one
    /// browser session: the drawn collage, the QR code and the footer inside the window, the
    /// code a quarter of its shorter side and read by zbarimg as the newest collage's URL; the
    /// idle screen's earlier collage fits too. Then `/gallery` on phones 360, 390 and 430 px
    /// wide: no horizontal scroll, every collage and its download button inside, no QR code.
    @Test func theLivePageFitsEveryCollageOnEveryScreenAndTheGalleryFitsAPhone() async throws {
        let shots = try TemporaryDirectory()
        try await script("fit_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }
}
