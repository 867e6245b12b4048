public import CollageCore
public import CollageCodecs
internal import CollageFiles

/// A booth without a usable journal (missing, or damaged and set aside) rebuilds what it can from
/// its numbered collages: each carries, in its signed mark (`CollageMark`), whether it was
/// complete and its photos by content and name. So a lost journal costs no second collage of the
/// same photos and no second print: their photos are not used again, and a complete collage
/// found is treated as possibly printed (`printing`: a printing booth names it once as possibly
/// not printed and never prints it by itself). A file whose mark does not verify with this
/// machine's key is not this booth's record: kept, its number skipped, its photos not known.
extension BoothJournal {
    /// What collage `batch`'s own mark records: its photos (those with a content hash, as the
    /// journal has them) and whether it is complete.
    public static func record(of photos: [Photo], complete: Bool) -> CollageMark.Record {
        CollageMark.Record(complete: complete, photos: entries(photos).map { ($0.content, $0.name) })
    }

    /// Photos as the journal and the mark name them: by content, and by name in their folder.
    /// Photos without a content hash (not read by a journaling loader) are left out.
    static func entries(_ photos: [Photo]) -> [BoothHistory.Entry] {
        photos.compactMap { photo in photo.content.map { BoothHistory.Entry(content: $0, name: PathParts(photo.name).name) } }
    }

    /// The history the numbered collages `numbers` carry in their marks, in number order.
    static func recovered(_ numbers: [Int], of output: CollageOutput) -> BoothHistory {
        var history = BoothHistory()
        guard let key = MarkKey.current else { return history }
        for number in numbers.sorted() {
            let file = output.path(forBatch: number)
            guard let bytes = try? InputFile(file).readAll(), let record = CollageMark.record(in: bytes, key: key) else { continue }
            history.record(BoothHistory.Collage(number: number, file: PathParts(file).name, complete: record.complete, saved: ContentHash(of: bytes),
                                                photos: record.photos.map { BoothHistory.Entry(content: $0.content, name: $0.name) }))
            if record.complete { history.setPrint(.printing, of: number) }
        }
        return history
    }

    /// The end of the line that says the journal could not be used: what the booth knows now.
    static func recoveryNote(_ history: BoothHistory, output: CollageOutput) -> String {
        guard let first = history.collages.first, let last = history.collages.last else { return "photos in earlier collages are not recognised" }
        if first.number == last.number {
            return "what \(output.path(forBatch: first.number)) holds is read from its own mark: its photos are not used again, "
                + "and it is not printed again by the booth"
        }
        return "what the \(history.collages.count) collages from \(output.path(forBatch: first.number)) to \(output.path(forBatch: last.number)) "
            + "hold is read from their own marks: their photos are not used again, and none is printed again by the booth"
    }
}
