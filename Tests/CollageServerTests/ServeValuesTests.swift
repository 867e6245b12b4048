import CollageServer
import Testing

/// `--serve` and `--public-url` as the argument parser parses them, each alone: the values taken,
/// and the line that ends the parser's error for the others.
@Suite("--serve and --public-url parsed alone")
struct ServeValuesTests {
    @Test("Addresses", arguments: [
        ("8080", "127.0.0.1", 8080), ("0.0.0.0:8090", "0.0.0.0", 8090), ("[::1]:8080", "::1", 8080), ("booth.local:0", "booth.local", 0),
        ("65535", "127.0.0.1", 65535),
    ])
    func addresses(text: String, host: String, port: Int) throws {
        #expect(try ServeAddress(parsing: text) == ServeAddress(host: host, port: port))
    }

    @Test("Refused addresses and their lines", arguments: [
        ("http", "http: the port must be a number from 0 to 65535"), ("65536", "65536: the port must be a number from 0 to 65535"),
        (":8080", ":8080: give [ADDRESS:]PORT, such as 8080 or 0.0.0.0:8080"), ("a b:80", "a b:80: give [ADDRESS:]PORT, such as 8080 or 0.0.0.0:8080"),
        ("0.0.0.0:-1", "0.0.0.0:-1: the port must be a number from 0 to 65535"),
    ])
    func badAddresses(text: String, line: String) {
        let error = #expect(throws: ServeError.self) { try ServeAddress(parsing: text) }
        #expect(error?.description == line)
    }

    @Test func publicURLsLoseATrailingSlash() throws {
        #expect(try PublicURL(parsing: "http://booth.local:8080").base == "http://booth.local:8080")
        #expect(try PublicURL(parsing: "https://booth.example/").base == "https://booth.example")
        #expect(ServeSettings(address: ServeAddress(port: 80), publicURL: try PublicURL(parsing: "http://a/")).publicURL == "http://a")
    }

    @Test("Refused public URLs", arguments: ["booth.local:8080", "ftp://booth", "http://a b", "http://a\"b", ""])
    func badPublicURLs(text: String) {
        let error = #expect(throws: ServeError.self) { try PublicURL(parsing: text) }
        #expect(error?.description == "\(text): give an http:// or https:// URL, such as http://booth.local:8080")
    }
}
