extension ServeSettings {
    /// A line for the operator when guests' phones could not open the QR codes: codes pointing at
    /// this machine's loopback address, or no `--public-url` at all (the live screen then shows
    /// no code, and the gallery's codes carry whatever address each browser used). Nil when the
    /// codes point at an address others can reach.
    public var guestWarning: String? { guestWarning(listeningOn: address.port) }

    /// The same, once the server listens on `port`: with `--serve` port 0 the system picked it,
    /// and picks another at the next start, so the advice is a port of the operator's choosing,
    /// never this one.
    public func guestWarning(listeningOn port: Int) -> String? {
        let advice = address.port == 0
            ? "give a port of your choosing, --serve 0.0.0.0:PORT and --public-url http://ADDRESS:PORT with an address guests' phones reach (port 0 is picked anew at every start"
                + (port == 0 ? ")" : ": \(port) this time)")
            : "give --public-url http://ADDRESS:\(port) with an address guests' phones reach (and --serve 0.0.0.0:\(port))"
        if let publicURL {
            guard Self.isLoopback(PublicURLHost.host(of: publicURL)) else { return nil }
            return "the QR codes point at \(publicURL), this machine only: guests' phones cannot open them; " + advice
        }
        if Self.isLoopback(address.host) {
            let listening = ServeAddress(host: address.host, port: port)
            return "serving on \(listening) only, and no --public-url: the live screen shows no QR code, and guests' phones cannot open the gallery; " + advice
        }
        return "no --public-url: the live screen shows no QR code; " + advice
    }

    /// 127.0.0.0/8, ::1 and `localhost`: addresses that never leave this machine.
    static func isLoopback(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered.hasSuffix(".localhost") || lowered == "::1" || lowered.hasPrefix("127.")
    }
}
