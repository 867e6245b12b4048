internal import CollageCore
internal import CollageImaging
public import CollageSources

extension CollageFlow {
    /// This chain over `files`, known up front, reading up to `depth` of them at once ahead of
    /// it (see `PrefetchingReader`); photos are decoded ahead when the plan knows their size
    /// ahead. The room left is counted from the photos this flow adds, so the pair serves one run
    /// over `files`; cancel the reader when the run ends.
    public func readingAhead(_ files: [PhotoFile], depth: Int) -> (flow: CollageFlow, reader: PrefetchingReader) {
        let added = Tally()
        var flow = self
        let (log, limit, template) = (log, limit, self)
        flow.log = { event in
            if case .added = event { added.count() }
            log(event)
        }
        var keptSize: (@Sendable (PixelSize, Int) -> PixelSize)?
        if plan.isKnownAhead {
            keptSize = { @Sendable size, file in template.keptSize(of: size, file: file, position: 0) }
        }
        let reader = PrefetchingReader(files: files, reader: reader, depth: depth, accept: accept, keptSize: keptSize,
                                       room: { limit - added.value })
        flow.reader = reader
        return (flow, reader)
    }
}
