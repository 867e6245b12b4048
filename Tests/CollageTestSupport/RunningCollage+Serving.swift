import Foundation

extension RunningCollage {
    /// The port of a `--serve 127.0.0.1:0 --json` booth, from its `started` event; nil when none
    /// came within a minute.
    public func servedPort() async throws -> String? {
        guard try await waitUntil(within: .seconds(60), { stdout.contains("\"started\"") }) else { return nil }
        let url = try await Shell.jq("select(.type == \"started\") | .data.url", Data(stdout.utf8)).first ?? ""
        return url.split(separator: ":").last.map { String($0.prefix { $0.isNumber }) }
    }
}
