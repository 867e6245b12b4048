extension ServeSettings {
    /// A line for the operator when guests' phones could not open the QR codes: codes pointing at
    /// this machine's loopback address, or no `--public-url` at all (the live screen then shows
    /// no code, and the gallery's codes carry whatever address each browser used). Nil when the
    /// codes point at an address others can reach.
    public var guestWarning: String? {
        let advice = "give --public-url http://ADDRESS:\(address.port) with an address guests' phones reach (and --serve 0.0.0.0:\(address.port))"
        if let publicURL {
            guard Self.isLoopback(PublicURLHost.host(of: publicURL)) else { return nil }
            return "the QR codes point at \(publicURL), this machine only: guests' phones cannot open them; " + advice
        }
        if Self.isLoopback(address.host) {
            return "serving on \(address) only, and no --public-url: the live screen shows no QR code, and guests' phones cannot open the gallery; " + advice
        }
        return "no --public-url: the live screen shows no QR code; " + advice
    }

    /// 127.0.0.0/8, ::1 and `localhost`: addresses that never leave this machine.
    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "::1" || lowered.hasPrefix("127.")
    }
}
