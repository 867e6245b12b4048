/// `--serve [ADDR:]PORT`: where the server listens. The address defaults to 127.0.0.1 (this
/// machine only); a booth on its own Wi-Fi gives 0.0.0.0. IPv6 in brackets: `[::1]:8080`.
/// Port 0 asks the system for a free one (the `serving` line and `started` event tell which).
public struct ServeAddress: Sendable, Equatable, CustomStringConvertible {
    public let host: String
    public let port: Int

    public init(host: String = "127.0.0.1", port: Int) {
        self.host = host
        self.port = port
    }

    public init(parsing text: String) throws(ServeError) {
        var host = "127.0.0.1"
        var portText = Substring(text)
        if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            portText = text[text.index(after: colon)...]
            if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
            guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else {
                throw .badAddress(text, reason: "give [ADDRESS:]PORT, such as 8080 or 0.0.0.0:8080")
            }
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw .badAddress(text, reason: "the port must be a number from 0 to 65535")
        }
        self.init(host: host, port: port)
    }

    /// `host:port`, with an IPv6 host in brackets, as a URL has it.
    public var description: String {
        (host.contains(":") ? "[\(host)]" : host) + ":\(port)"
    }
}
