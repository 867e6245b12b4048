#if canImport(Glibc)
internal import Glibc
#endif

/// The addresses a host name resolves to here, and those of this machine's interfaces: a
/// `--public-url` whose host is not this machine sends guests' phones elsewhere.
enum HostAddresses {
    /// Numeric addresses of `host` (nil when it does not resolve).
    static func resolve(_ host: String) -> Set<String>? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        var found = Set<String>()
        for entry in sequence(first: first, next: { $0.pointee.ai_next }) {
            if let text = numeric(entry.pointee.ai_addr, length: entry.pointee.ai_addrlen) { found.insert(text) }
        }
        return found
    }

    /// Every address of this machine's interfaces.
    static func local() -> Set<String> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(first) }
        var found = Set<String>()
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            if let text = numeric(address, length: length) { found.insert(text) }
        }
        return found
    }

    private static func numeric(_ address: UnsafeMutablePointer<sockaddr>?, length: socklen_t) -> String? {
        guard let address else { return nil }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 else { return nil }
        // A link-local IPv6 address carries its interface (`fe80::1%eth0`): the address alone.
        let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "%").first.map(String.init)
    }

    /// Whether a listening socket could take `port` on `host` now (0: one is chosen at start).
    static func portFree(host: String, port: Int) -> String? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return "\(host) does not resolve" }
        defer { freeaddrinfo(first) }
        let socket = Glibc.socket(first.pointee.ai_family, first.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), first.pointee.ai_protocol)
        guard socket >= 0 else { return String(cString: strerror(errno)) }
        defer { close(socket) }
        var on: Int32 = 1
        guard setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size)) == 0 else { return String(cString: strerror(errno)) }
        guard bind(socket, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }
}
