import CollageServer
import Testing

/// `--serve 0` lets the kernel choose the port: the operator's advice names that port, the one
/// guests' phones would have to reach, never the 0 that was asked for.
@Suite("The guests' warning names the port the server chose", .timeLimit(.minutes(1)))
struct ChosenPortWarningTests {
    @Test func theWarningForAChosenPortNamesIt() async throws {
        let server = try await BoothServer.start(ServeSettings(address: ServeAddress(port: 0)))
        let port = try #require(server.url.split(separator: ":").last?.split(separator: "/").first)
        let warning = try #require(server.guestWarning)
        await server.close()
        #expect(port != "0")
        #expect(warning.contains("give --public-url http://ADDRESS:\(port) "), "\(warning)")
        #expect(!warning.contains(":0 "), "\(warning)")
    }
}
