import CollageServer
import Testing

/// `--serve 0` lets the kernel choose the port, another at every start: the operator's advice is a
/// port of their choosing, never this run's (which it names as such), nor the 0 asked for.
@Suite("The guests' warning names the port the server chose", .timeLimit(.minutes(1)))
struct ChosenPortWarningTests {
    @Test func theWarningForAChosenPortNamesIt() async throws {
        let server = try await BoothServer.start(ServeSettings(address: ServeAddress(port: 0)))
        let port = try #require(server.url.split(separator: ":").last?.split(separator: "/").first)
        let warning = try #require(server.guestWarning)
        await server.close()
        #expect(port != "0")
        #expect(warning.contains("--serve 0.0.0.0:PORT and --public-url http://ADDRESS:PORT "), "\(warning)")
        #expect(warning.contains("picked anew at every start: \(port) this time"), "\(warning)")
        #expect(!warning.contains("ADDRESS:\(port)"), "\(warning)")
        #expect(!warning.contains(":0 "), "\(warning)")
    }
}
