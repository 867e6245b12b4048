internal import CollageWriting
public import CollageCore

internal import CollageFiles

/// A booth without a usable journal (missing, or damaged and set aside) rebuilds what it can from
/// its numbered collages: each carries, in its signed mark (`CollageMark`), whether it was
/// complete and its photos by content and name. So a lost journal costs no second collage of the
/// same photos and no second print: their photos are not used again, and a complete collage
/// found is treated as possibly printed (`printing`: a printing booth names it once as possibly
/// not printed and never prints it by itself). A file whose mark does not verify with this
/// machine's key is not this booth's record: kept, its number skipped, its photos not known; nor
/// is one whose mark verifies but names another booth's output (another booth on this machine,
/// with the same key, whose collage was copied in): that one is named as such.
extension BoothJournal {
    /// What collage `batch`'s own mark records: its photos (those with a content hash, as the
    /// journal has them), whether it is complete, and no booth (see `markRecord`).
    public static func record(of photos: [Photo], complete: Bool) -> CollageMark.Record {
        CollageMark.Record(complete: complete, photos: entries(photos).map { ($0.content, $0.name) })
    }

    /// What this booth's collage's own mark records: `record(of:complete:)` and this booth's output.
    public func markRecord(of photos: [Photo], complete: Bool) -> CollageMark.Record {
        var record = Self.record(of: photos, complete: complete)
        record.booth = booth
        return record
    }

    /// Photos as the journal and the mark name them: by content, and by name in their folder.
    /// Photos without a content hash (not read by a journaling loader) are left out.
    static func entries(_ photos: [Photo]) -> [BoothHistory.Entry] {
        photos.compactMap { photo in photo.content.map { BoothHistory.Entry(content: $0, name: PathParts(photo.name).name) } }
    }

    /// The history the numbered collages `numbers` carry in their marks, in number order: only
    /// those whose mark names this `booth`.
    static func recovered(_ numbers: [Int], of output: CollageOutput, key: [UInt8], booth: String, notice: (String) -> Void) -> BoothHistory {
        var history = BoothHistory()
        for number in numbers.sorted() {
            let file = output.path(forBatch: number)
            guard let bytes = try? InputFile(file).readAll(), let record = CollageMark.record(in: bytes, key: key) else { continue }
            guard record.booth == booth else {
                notice(anotherBooths(file, record))
                continue
            }
            adopt(record, of: bytes, as: number, file: file, into: &history)
        }
        return history
    }

    /// The line for a collage signed on this machine whose mark names another booth's output, or
    /// none (`build`'s collages, and a booth's from before marks named their output).
    static func anotherBooths(_ file: PathName, _ record: CollageMark.Record) -> String {
        (record.booth == nil ? "\(file) is not a collage of this booth (its mark names no booth output: made by build, or by a version "
            + "before marks named it)" : "\(file) is another booth's collage (its mark names another output)")
            + ": it is not this booth's record, and is not served, printed or replaced"
    }

    /// A collage this booth signed, recorded as its mark says; a complete one as possibly printed
    /// (named once, never printed again by the booth).
    private static func adopt(_ record: CollageMark.Record, of bytes: [UInt8], as number: Int, file: PathName, into history: inout BoothHistory) {
        history.record(BoothHistory.Collage(number: number, file: PathParts(file).name, complete: record.complete, saved: ContentHash(of: bytes),
                                            photos: record.photos.map { BoothHistory.Entry(content: $0.content, name: $0.name) }))
        if record.complete, history.printState(of: number) == nil { history.setPrint(.printing, of: number) }
    }

    /// A journal read is checked against the numbered collages on disk: a collage this booth
    /// signed that the journal does not know as it is (a journal put back to an older state, from
    /// a backup or a sync tool's copy) is recorded from its own mark, so its photos are not used
    /// again and it is not printed again; a file under a number the journal knows whose bytes are
    /// not the ones recorded, and whose mark is not this machine's, is named: it is not served,
    /// printed or replaced.
    static func reconcile(_ history: inout BoothHistory, with numbers: [Int], of output: CollageOutput, key: [UInt8], booth: String,
                          journal: PathName, notice: (String) -> Void) {
        for number in numbers.sorted() {
            let file = output.path(forBatch: number)
            let recorded = history.saved(number)
            guard recorded != nil || number > history.lastNumber, let bytes = try? InputFile(file).readAll() else { continue }
            if let recorded, recorded.saved == ContentHash(of: bytes) { continue }
            guard let record = CollageMark.record(in: bytes, key: key) else {
                // An unfinished collage's own line says it is kept as it is.
                if let recorded, recorded.complete {
                    notice("\(file) is not the file this booth saved (the journal \(journal) records other bytes, and its mark is not "
                        + "this machine's): it is not served, printed or replaced")
                }
                continue
            }
            guard record.booth == booth else {
                notice(anotherBooths(file, record))
                continue
            }
            adopt(record, of: bytes, as: number, file: file, into: &history)
            notice("\(file) is newer than the journal \(journal) says: what it holds is read from its own mark, its photos are not "
                + "used again, and it is not printed again by the booth")
        }
    }

    /// Why a printing booth does not start when neither its journal nor any numbered collage
    /// beside it verifies with the key it has: the key changed since (a terminal's HOME one day,
    /// the service's the next) or they are another booth's, and it could not know what it printed.
    static func signedElsewhere(_ journal: PathName, output: CollageOutput) -> BoothLock.Failure {
        let key = MarkKey.path.map { "\($0)" } ?? "this machine's key"
        return .unavailable(FileError(path: journal, action: "trust", reason: "neither it nor any of the collages \(output.pattern) "
            + "is signed with \(key) (the key changed since, or they are another booth's); a printing booth does not start, "
            + "lest it print them again: run it with the key they were made with"))
    }

    /// The machine's key, or the reason the booth does not start: without it the journal cannot
    /// be signed or checked, so nothing would tell the booth's record from a planted one, and a
    /// lost journal could not be rebuilt from the collages' marks (their photos collaged and
    /// printed again).
    static func usableKey() throws(BoothLock.Failure) -> [UInt8] {
        switch MarkKey.loaded {
        case .success(let key):
            return key
        case .failure(let error):
            throw .unavailable(FileError(path: error.path, action: error.action,
                                         reason: error.reason + "; a booth signs its journal with this key, so it does not start without it"))
        }
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
