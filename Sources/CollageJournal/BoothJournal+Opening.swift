public import CollageCore
internal import CollageFiles
internal import CollageLocking
public import CollageWriting

/// How a booth opens its journal on start: its lock first, then its record (the journal, or
/// what the collages' marks say when it is lost), the save a stop interrupted, the collages the
/// journal does not know, the count of prints, and where it resumes (`BoothResume`).
extension BoothJournal {
    /// Takes the booth's lock, reads the journal beside `output`'s collages and decides where the
    /// booth starts; every decision worth knowing is a line for `notice`. Fails at once, before
    /// anything is read, when another booth holds the lock. `printing`: this session prints
    /// (`--print`, `--printer`); see `BoothHistory.PrintState`.
    public static func open(
        for output: CollageOutput, watching folder: PathName, limit: Int, printing: Bool = false, notice: @escaping @Sendable (String) -> Void
    ) throws(BoothLock.Failure) -> (BoothJournal, BoothStart) {
        let key = try usableKey()
        let lock = try BoothLock(for: output)
        let path = journalPath(for: output)
        let canonical = canonicalPath(of: output), booth = boothID(of: canonical, key: key)
        let onDisk = numbersOnDisk(of: output, notice: notice)
        var (history, journalRead) = try record(output: output, path: path, canonical: canonical, booth: booth, key: key, onDisk: onDisk,
                                                printing: printing, notice: notice)
        settleIntent(&history, output: output, journal: path, notice: notice)
        if journalRead { reconcile(&history, with: onDisk, of: output, key: key, booth: booth, journal: path, notice: notice) }
        history.output = canonical
        let count = MarkKey.path.map { PrintCount(besideKey: $0, booth: booth, key: key) }
        settleCount(&history, with: count, journal: path, notice: notice)
        let journal = BoothJournal(output: output, path: path, lock: lock, key: key, booth: booth, history: history, printing: printing,
                                   count: count, notice: notice)
        if journalRead {
            // Files after the journal's last collage: kept, and numbering continues after them.
            for number in onDisk.sorted() where number > history.lastNumber { journal.skip(number) }
        }
        return (journal, journal.start(watching: folder, limit: limit, highestOnDisk: onDisk.max() ?? 0))
    }

    /// The booth's record: its journal, or, missing or unusable, what its collages' marks say
    /// (the unusable journal kept aside); and whether it knows any collage.
    private static func record(output: CollageOutput, path: PathName, canonical: PathName, booth: String, key: [UInt8], onDisk: [Int],
                               printing: Bool, notice: (String) -> Void) throws(BoothLock.Failure) -> (BoothHistory, Bool) {
        let highestOnDisk = onDisk.max() ?? 0
        switch ownJournal(read(path, key: .success(key)), of: canonical) {
        case .read(let history):
            return (history, true)
        case .missing:
            let history = recovered(onDisk, of: output, key: key, booth: booth, notice: notice)
            if highestOnDisk > 0 {
                notice("no journal \(path) beside \(output.path(forBatch: highestOnDisk)): numbering continues after it, and "
                    + recoveryNote(history, output: output))
            }
            return (history, !history.collages.isEmpty)
        case .unusable(let reason):
            let history = recovered(onDisk, of: output, key: key, booth: booth, notice: notice)
            if printing, !onDisk.isEmpty, history.collages.isEmpty { throw signedElsewhere(path, output: output) }
            let kept = setAside(path)
            notice("the journal \(path) cannot be used (\(reason))" + (kept.map { "; kept as \($0)" } ?? "")
                + (highestOnDisk > 0 ? "; numbering continues after \(output.path(forBatch: highestOnDisk))" : "") + ", and "
                + recoveryNote(history, output: output))
            return (history, !history.collages.isEmpty)
        }
    }

    /// A booth killed during a save: the file on disk says whether the rename happened.
    private static func settleIntent(_ history: inout BoothHistory, output: CollageOutput, journal: PathName, notice: (String) -> Void) {
        guard let intent = history.intent else { return }
        let file = output.path(forBatch: intent.number)
        if content(of: file) == intent.saved {
            history.record(intent)
            notice("\(file) was saved just before the booth stopped: the journal \(journal) now says so")
        } else {
            history.forgetIntent()
        }
    }

    /// Where the booth starts: finishing its unfinished collage when it can (`BoothResume`),
    /// else after its last collage and every numbered file there.
    private func start(watching folder: PathName, limit: Int, highestOnDisk: Int) -> BoothStart {
        let history = history
        let next: @Sendable (Int) -> Int = { self.number(after: $0) }
        let completed = BoothResume.completed(history, in: folder)
        if let unfinished = history.unfinished {
            let file = output.path(forBatch: unfinished.number)
            var photosNow: [PathName: ContentHash] = [:]
            for photo in unfinished.photos { photosNow[photo.name] = Self.content(of: folder.appending(photo.name)) }
            let fileNow = FileIdentity.exists(file) ? Self.content(of: file) : nil
            switch BoothResume.unfinished(unfinished, fileNow: fileNow, photosNow: photosNow, in: folder, limit: limit) {
            case .finish(let files, let gone):
                state.withLock { $0.open = unfinished.number }
                notice("finishing \(file) (\(BoothResume.photos(files.count))) before starting another"
                    + (gone.isEmpty ? "" : "; gone from \(folder) since: " + gone.map { "\($0.path)" }.joined(separator: ", ")))
                return BoothStart(batch: unfinished.number, files: files, gone: gone, nextBatch: next, completed: completed)
            case .kept(let reason):
                notice("\(file) is kept as it is: \(reason)")
            }
        }
        let first = next(max(history.lastNumber, highestOnDisk))
        if !history.collages.isEmpty {
            let count = history.collages.count
            notice("\(path): \(count) collage\(count == 1 ? "" : "s") saved before; the next is \(output.path(forBatch: first))")
        }
        return BoothStart(batch: first, nextBatch: next, completed: completed)
    }
}
