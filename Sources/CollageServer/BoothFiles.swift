internal import CollageJournal
internal import CollageEvents
internal import CollageCore
internal import CollageLocking
internal import CollageFiles
internal import CollageWriting

/// The only files the server may send, learnt from the pipeline's events: the collages this run
/// saved (by file name, newest save last), with `--batches` those earlier runs of the booth saved
/// (from its journal, each checked against the bytes it recorded) and, for `--serve-photos`, the
/// photos put in them. A request names a file by its name alone, looked up here; nothing else on
/// disk can be reached. A collage is served only while the file under its name is the one this
/// booth saved (`FileIdentity`, and the SHA-256 the writer or the journal recorded): a hard link
/// or a copy planted under the name is refused like a symlink.
final class BoothFiles: Sendable {
    /// One saved collage as the gallery lists it.
    struct Collage: Sendable, Equatable {
        let name: String
        let path: PathName
        let photos: Int
        let batch: Int
        /// Which save this was, counting from 1 in this run (an earlier run's collages count
        /// down from 0, the last one saved first): orders the gallery, newest first.
        let save: Int
        /// The file as it was when this booth saved it (this run) or found it to hold the bytes
        /// its journal recorded (an earlier run): a file that is not this one any more is not
        /// this booth's to serve.
        let identity: FileIdentity
    }

    /// An earlier run's collage as its journal records it, where its file should be.
    private struct Unchecked: Sendable {
        let saved: BoothHistory.Collage
        let path: PathName
        let save: Int
    }

    private struct State {
        /// The journal's collages are not all known yet (`remember` is awaited, or under way
        /// and has not found the newest).
        var settling: Bool
        var collages: [String: Collage] = [:] {
            didSet { changes += 1 }
        }
        /// Counts the changes to `collages`: a page made from them is good while it is the same.
        var changes = 0
        /// An earlier run's collages its journal names, not checked yet (`check`).
        var unchecked: [String: Unchecked] = [:]
        var photos: [String: PathName] = [:]
        var saves = 0
        /// The files of the latest saves, open, newest last (`keptOpen`).
        var kept: [(name: String, file: ServedFile)] = []

        mutating func keep(_ file: ServedFile, as name: String) {
            kept.removeAll { $0.name == name }
            kept.append((name, file))
            if kept.count > BoothFiles.keptOpen { kept.removeFirst(kept.count - BoothFiles.keptOpen) }
        }
    }

    /// How many of the latest saves stay open. A collage saved again is renamed over its old
    /// file before the server hears of the new one (the journal's fsync comes between): a request
    /// in that moment is answered with the old bytes, read through the descriptor kept open,
    /// never 404. Only the latest few: a long day's collages are not saved again, and each kept
    /// file holds a descriptor.
    static let keptOpen = 8

    private let state: Locked<State>

    /// `awaitsHistory`: a booth (`--batches`) will hand over its journal (`remember`): until
    /// then the newest collage may be an earlier run's not listed yet, and the pages say so.
    init(awaitsHistory: Bool = false) {
        state = Locked(State(settling: awaitsHistory))
    }

    func note(_ event: PipelineEvent) {
        switch event {
        case .saved(let saved, let photos, let batch, _):
            guard let path = saved.destination.path, let name = PathParts(path).name.text,
                  let file = ServedFile(path: path), file.size == saved.bytes else { return }
            let (identity, content) = (file.identity, saved.content)
            state.withLock { state in
                state.saves += 1
                state.collages[name] = Collage(name: name, path: path, photos: photos, batch: batch, save: state.saves, identity: identity)
                state.keep(file, as: name)
            }
            // The file was opened after the writer renamed it: its bytes are hashed off the
            // watch's way, and a file that is not the one written (planted in between) is dropped.
            Task.detached(priority: .utility) { [self] in
                guard file.bytes().map({ ContentHash(of: $0) }) != content else { return }
                state.withLock { state in
                    if state.collages[name]?.identity == identity { state.collages[name] = nil }
                    state.kept.removeAll { $0.file.identity == identity }
                }
            }
        case .added(let file, _, _, _):
            guard let name = PathParts(file.path).name.text else { return }
            state.withLock { $0.photos[name] = file.path }
        case .withdrawn(let path, _):
            // Its file is gone: never served or listed again, not even from a file kept open.
            guard let name = PathParts(path).name.text else { return }
            state.withLock { state in
                state.collages[name] = nil
                state.unchecked[name] = nil
                state.kept.removeAll { $0.name == name }
            }
        case .skipped, .saveFailed, .printed, .printFailed, .printUnknown, .notice:
            break
        }
    }

    /// The collages earlier runs of this booth saved, as its journal lists them, to be checked
    /// (`check(remembered:)`): each one whose file still holds the bytes recorded (SHA-256) is
    /// listed, unless this run saved it again. A guest's download of one not checked yet checks
    /// it at once (`servedCollage`): a phone never gets 404 for its collage in the seconds after
    /// a restart. Returns their names, the newest first.
    func remember(_ history: BoothHistory, of output: CollageOutput) -> [String] {
        let last = history.lastNumber
        return state.withLock { state in
            history.collages.sorted(by: { $0.number > $1.number }).compactMap { saved in
                let path = output.path(forBatch: saved.number)
                let parts = PathParts(path)
                guard parts.name == saved.file, let name = parts.name.text, state.collages[name] == nil else { return nil }
                state.unchecked[name] = Unchecked(saved: saved, path: path, save: saved.number - last)
                return name
            }
        }
    }

    /// Checks the collages `remember` named, in that order (the newest first, so a screen that
    /// reconnects after a restart finds the newest collage in a moment, not once the whole day
    /// is hashed; the pages are settled from then on). Reads and hashes every file: run it off
    /// the watch's way.
    func check(remembered names: [String]) {
        defer { state.withLock { $0.settling = false } }
        for name in names { check(name) }
    }

    /// An earlier run's collage checked: listed if its file holds the bytes its journal
    /// recorded, and not withdrawn or saved again meanwhile. The collage now under its name.
    @discardableResult
    private func check(_ name: String) -> Collage? {
        guard let entry = state.withLock({ $0.unchecked[name] }) else { return collage(named: name) }
        guard let file = ServedFile(path: entry.path), file.bytes().map({ ContentHash(of: $0) }) == entry.saved.saved else {
            state.withLock { $0.unchecked[name] = nil }
            return nil
        }
        let collage = Collage(name: name, path: entry.path, photos: entry.saved.photos.count, batch: entry.saved.number,
                              save: entry.save, identity: file.identity)
        return state.withLock { state in
            guard state.unchecked.removeValue(forKey: name) != nil else { return state.collages[name] }
            if state.collages[name] == nil { state.collages[name] = collage }
            state.settling = false
            return state.collages[name]
        }
    }

    /// Whether an earlier run's newest collage may still be missing from `collages`.
    var settling: Bool { state.withLock { $0.settling } }

    /// Every collage saved, the most recently saved first.
    var collages: [Collage] { listing.collages }

    /// The collages, the most recently saved first, and the count of changes they are as of.
    var listing: (version: Int, collages: [Collage]) {
        state.withLock { ($0.changes, $0.collages.values.sorted { $0.save > $1.save }) }
    }

    func collage(named name: String) -> Collage? { state.withLock { $0.collages[name] } }

    /// The collage under this name, opened to be served: the file under its name while it is the
    /// one saved, else (saved again, and the server not told yet) the saved file still open,
    /// while it is unchanged and something is under its name. Nil (404) when neither is the
    /// booth's, or the name was deleted. A file planted under the name is never sent: at most
    /// the booth's own bytes from before it.
    func servedCollage(named name: String) -> ServedFile? {
        let (listed, kept, unchecked) = state.withLock { state in
            (state.collages[name], state.kept.last { $0.name == name }?.file, state.unchecked[name] != nil)
        }
        guard let collage = listed ?? (unchecked ? check(name) : nil) else { return nil }
        if let file = ServedFile(path: collage.path, expected: collage.identity) { return file }
        // A name with nothing under it was deleted (by the operator, say): never served again.
        guard let kept, kept.identity == collage.identity, FileIdentity.exists(collage.path), kept.isAsOpened else { return nil }
        return kept
    }

    func photo(named name: String) -> PathName? { state.withLock { $0.photos[name] } }
}
