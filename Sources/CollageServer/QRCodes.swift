internal import CollageLocking

/// Each download URL's QR code, drawn once: the gallery lists a day's collages (500 and more)
/// to every phone that opens it, and the live page is asked for again at every save, so a code
/// drawn per request cost a phone seconds. Bounded, since a gallery opened without
/// `--public-url` draws its codes with the address each browser used (a `Host` header a
/// client chooses): past `limit` codes the cache starts again.
final class QRCodes: Sendable {
    let limit: Int
    private let drawn = Locked<[String: String]>([:])

    init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The code of `url` as an SVG element (`QRCode.svg`).
    func svg(for url: String) throws(ServeError) -> String {
        if let svg = drawn.withLock({ $0[url] }) { return svg }
        let svg = try QRCode(encoding: url).svg
        drawn.withLock { drawn in
            if drawn.count >= limit { drawn.removeAll(keepingCapacity: true) }
            drawn[url] = svg
        }
        return svg
    }

    var count: Int { drawn.withLock { $0.count } }
}
