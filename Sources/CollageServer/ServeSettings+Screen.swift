extension ServeSettings {
    /// Whether a connection from `address` is the booth's own screen: a browser on this machine,
    /// opening `http://127.0.0.1:PORT/` (or `localhost`, `[::1]`). Its connections have slots of
    /// their own that no guest can take (`ConnectionSlots`). A guest on the Wi-Fi cannot pass
    /// for it: a packet from outside claiming 127.0.0.1 or ::1 as its source is a martian the
    /// kernel drops before it reaches a socket (and the answers would go to this machine's own
    /// loopback anyway), so only a program running on the booth's machine has those addresses.
    /// The rest of 127.0.0.0/8 is a guest (the tests' phones on one machine use it).
    static func isScreen(_ address: String) -> Bool {
        address == "127.0.0.1" || address == "::1" || address.lowercased() == "::ffff:127.0.0.1"
    }
}
