public import CollageWriting
public import CollageCore
internal import CollageLocking
#if canImport(Glibc)
internal import Glibc
public import CollageFiles
#endif

/// A photo booth's memory across restarts: a small file beside its numbered collages
/// (`.booth.jpg.journal` for `-o booth.jpg`) saying which photos, by content, went into which
/// collage. Each save writes it twice, atomically: the intent first (the collage's next state
/// and the SHA-256 of the file about to be renamed into place), then, once the collage is
/// renamed, that state as saved. A booth killed at any moment finds on restart either its
/// intended file (the save happened: the journal is brought up to date) or the file before it
/// (it did not), and never mistakes its own collage for someone else's.
///
/// A booth holds `BoothLock` for as long as it runs, so no other booth writes the same collages;
/// and before replacing a numbered file it checks that the file is still the one it saved.
///
/// On start it decides where the booth resumes: photos already in a saved collage are not used
/// again, numbering continues after the last collage, an unfinished collage is completed when
/// its photos are still in the folder, and a numbered file the journal does not account for is
/// never replaced. A missing or damaged journal is reported, and rebuilt from the marks of the
/// numbered collages there (`BoothJournal+Recovery`); numbering continues after every file there.
public final class BoothJournal: Sendable {
    public let output: CollageOutput
    /// The journal file.
    public let path: PathName
    /// Held while the booth runs.
    private let lock: BoothLock
    /// The machine's key (`MarkKey`): the journal is signed with it, as the collages' marks are.
    let key: [UInt8]
    /// This booth's output as its marks name it (`boothID`): another booth's collages are not its record.
    let booth: String
    /// Where decisions worth a line go: a watch shows them as notices.
    let notice: @Sendable (String) -> Void
    let state: Locked<State>
    /// Held from a change to the journal until its file is written: saves and print states come
    /// from different tasks, and a file written from an older state after a newer one would lose
    /// an update. It counts the files written (a lock around an empty value, `Locked(())`, makes
    /// ThreadSanitizer report its zero-sized accesses as a race).
    private let writing = Locked(0)
    /// Whether this session prints (`--print`): a complete collage saved without it is `off`.
    let printing: Bool
    /// The booth's count of prints begun, beside the key (`PrintCount`).
    let count: PrintCount?

    struct State {
        var history: BoothHistory
        /// The collage being made, whose photos the duplicate rule guards instead.
        var open: Int?
        /// Numbered files not in the journal, already said to be skipped.
        var skipped: Set<Int> = []
    }

    init(output: CollageOutput, path: PathName, lock: BoothLock, key: [UInt8], booth: String, history: BoothHistory, printing: Bool,
                 count: PrintCount?, notice: @escaping @Sendable (String) -> Void) {
        self.output = output
        self.key = key
        self.booth = booth
        self.printing = printing
        self.count = count
        self.path = path
        self.lock = lock
        self.notice = notice
        state = Locked(State(history: history, open: nil))
    }

    /// Hidden, so a booth whose collages go into the folder it watches never takes it for a photo.
    public static func journalPath(for output: CollageOutput) -> PathName {
        let parts = PathParts(output.path)
        return parts.sibling(PathName(bytes: Array(".".utf8) + parts.name.bytes + Array(".journal".utf8)))
    }

    /// Ends this booth's hold on its collages, as the process ending would.
    public func close() {
        lock.release()
    }

    /// What the journal holds now.
    public var history: BoothHistory { state.withLock { $0.history } }

    /// The saved collage a photo with this content is already in, other than the one being made.
    public func collage(containing content: ContentHash) -> PathName? {
        state.withLock { state in
            state.history.collage(containing: content, except: state.open).map { output.path(forBatch: $0.number) }
        }
    }

    /// Before collage `batch`'s file is replaced by one with `content`: checks that the file
    /// there now (if any) is the one this booth saved, then records the intent in the journal
    /// file. Throws, and nothing is replaced, when either fails. Photos without a content hash
    /// (not read by a journaling loader) are left out.
    public func intend(batch: Int, photos: [Photo], complete: Bool, content: ContentHash) throws(FileError) {
        let file = output.path(forBatch: batch)
        let current = FileIdentity.exists(file) ? Self.content(of: file) : nil
        let collage = BoothHistory.Collage(
            number: batch, file: PathParts(file).name, complete: complete, saved: content, photos: Self.entries(photos))
        try update { state throws(FileError) in
            if FileIdentity.exists(file) {
                // Its last state saved, or one written whose journal entry failed to follow.
                let known = [state.history.saved(batch)?.saved, state.history.intent.flatMap { $0.number == batch ? $0.saved : nil }]
                guard let current, known.contains(current) else {
                    throw FileError(path: file, action: "replace", reason: "it is not the file this booth saved, so it is left alone")
                }
            }
            state.history.intend(collage)
        }
    }

    /// Records that collage `batch`, as intended, is now on disk, and replaces the journal file.
    public func saved(batch: Int) throws(FileError) {
        let printing = self.printing
        try update { state in
            if let intent = state.history.intent, intent.number == batch {
                state.history.record(intent)
                state.open = intent.complete ? nil : batch
                if intent.complete, !printing, state.history.printState(of: batch) == nil { state.history.setPrint(.off, of: batch) }
            }
        }
    }

    /// Withdraws collage `batch`, not complete, whose every photo was deleted: removes its file
    /// when it is the one this booth saved (a file put in its place is left alone, and the
    /// withdrawal fails), then forgets it, so a restart neither shows nor resumes it. False when
    /// the journal has no such collage (never saved, or complete).
    public func withdraw(batch: Int) throws(FileError) -> Bool {
        let file = output.path(forBatch: batch)
        return try update { state throws(FileError) -> Bool in
            guard let saved = state.history.saved(batch), !saved.complete else { return false }
            if FileIdentity.exists(file) {
                guard Self.content(of: file) == saved.saved else {
                    throw FileError(path: file, action: "remove", reason: "it is not the file this booth saved, so it is left alone")
                }
                guard file.withCString({ unlink($0) }) == 0 else { throw systemError(file, "remove") }
            }
            state.history.forget(batch)
            state.open = nil
            return true
        }
    }

    /// Changes the journal and writes it, one change at a time: the file written last holds
    /// every change made.
    func update<R: Sendable>(_ change: (inout State) throws(FileError) -> R) throws(FileError) -> R {
        try writing.withLock { written throws(FileError) -> R in
            let (result, bytes) = try state.withLock { state throws(FileError) -> (R, [UInt8]) in
                let result = try change(&state)
                return (result, state.history.serialized(key: key))
            }
            try write(bytes)
            written += 1
            return result
        }
    }

    private func write(_ bytes: [UInt8]) throws(FileError) {
        do {
            try AtomicFile.write(bytes, to: path)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: path, action: "write", reason: String(describing: error))
        }
    }

    /// The number after `batch`, past any numbered file already there: a file this journal does
    /// not account for is never replaced. Never past `CollageOutput.maximumBatch`.
    public func number(after batch: Int) -> Int {
        var next = min(batch, CollageOutput.maximumBatch - 1) + 1
        while next < CollageOutput.maximumBatch, FileIdentity.exists(output.path(forBatch: next)) {
            skip(next)
            next += 1
        }
        return next
    }

    /// Says, once, that numbered file `number` is not this journal's and is never replaced.
    func skip(_ number: Int) {
        guard state.withLock({ $0.skipped.insert(number).inserted }) else { return }
        notice("\(output.path(forBatch: number)) is not in the journal \(path): it is kept, and its number skipped")
    }

    static func content(of path: PathName) -> ContentHash? {
        guard let bytes = try? InputFile(path).readAll() else { return nil }
        return ContentHash(of: bytes)
    }

    /// The collage numbers already in the output folder; a number too large to continue after
    /// is ignored, with a line.
    static func numbersOnDisk(of output: CollageOutput, notice: (String) -> Void) -> [Int] {
        let folder = PathParts(output.path).folder
        let names = (try? DirectoryListing.names(in: folder)) ?? []
        for name in names.sorted() where output.isBeyondMaximum(name) {
            notice("\(PathParts(output.path).sibling(name)): a number beyond what the booth can continue after: ignored")
        }
        return names.compactMap { output.batch(of: $0) }
    }

    /// Moves an unusable journal out of the way under a name nothing else has (`link` never
    /// replaces), so the evidence survives and the booth can keep a new journal.
    static func setAside(_ path: PathName) -> PathName? {
        for attempt in 1...100 {
            let kept = PathName(bytes: path.bytes + Array(".damaged\(attempt == 1 ? "" : "-\(attempt)")".utf8))
            let linked = path.withCString { from in kept.withCString { to in link(from, to) } }
            if linked == 0 {
                _ = path.withCString { unlink($0) }
                return kept
            }
            if errno != EEXIST { return nil }
        }
        return nil
    }
}
