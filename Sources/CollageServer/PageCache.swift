internal import CollageLocking
internal import NIOCore

/// Pages made once for each change of what they show, then shared: `/gallery` lists a day's 500
/// collages to every phone that opens it, and nothing in it changes between two saves. Kept per
/// key (the download URLs' base: a gallery opened without `--public-url` is made for the address
/// each browser used), at most `limit` of them.
final class PageCache: Sendable {
    let limit: Int
    private let pages = Locked<[String: (version: Int, page: ByteBuffer)]>([:])

    init(limit: Int = 8) {
        self.limit = limit
    }

    /// The page for `key` as of `version`: the one kept, or `make`'s, kept from now on.
    func page(for key: String, version: Int, make: () -> String) -> ByteBuffer {
        if let kept = pages.withLock({ $0[key] }), kept.version == version { return kept.page }
        let page = ByteBuffer(string: make())
        pages.withLock { pages in
            if pages[key] == nil && pages.count >= limit { pages.removeAll(keepingCapacity: true) }
            pages[key] = (version, page)
        }
        return page
    }
}
