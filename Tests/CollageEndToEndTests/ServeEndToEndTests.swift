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
        let result = try await FinishedProcess.run("/usr/bin/python3", ["\(Self.scripts)/\(name)", CollageCommand.executable, Fixtures.directory] + extra)
        let report = try FinishedProcess.text(result.stdout) + FinishedProcess.text(result.stderr)
        #expect(result.status == 0, "\(name) failed:\n\(report)")
    }

    @Test func routesHeadersHostileRequestsEventsSlowClientsAndATakenPort() async throws {
        try await script("serve_test.py")
    }

    @Test func aRealBrowserFollowsTheLivePageAndScansTheGallery() async throws {
        let shots = try TemporaryDirectory()
        try await script("browser_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }

    /// `/` on a 1920x1080 kiosk screen: zbarimg reads its QR code from Chromium's screenshot and
    /// the URL serves the newest collage's bytes; it fits without scrolling; idle, it shows the
    /// earlier collages with their own codes.
    @Test func theLivePagesQRCodeIsReadFromAScreenshotAndServesTheNewestCollage() async throws {
        let shots = try TemporaryDirectory()
        try await script("live_qr_test.py", [ProcessInfo.processInfo.environment["COLLAGE_SCREENSHOTS"] ?? shots.path])
    }
}
