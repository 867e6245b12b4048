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

    private struct State {
        /// The journal's collages are not all known yet (`remember` is awaited, or under way
        /// and has not found the newest).
        var settling: Bool
        var collages: [String: Collage] = [:]
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
                state.kept.removeAll { $0.name == name }
            }
        case .skipped, .saveFailed, .printed, .printFailed, .printUnknown, .notice:
            break
        }
    }

    /// The collages earlier runs of this booth saved, as its journal lists them: each one whose
    /// file still holds the bytes recorded (SHA-256) is added, unless this run saved it again.
    /// Reads and hashes every file: run it off the watch's way. The newest first, so a screen
    /// that reconnects after a restart finds the newest collage in a moment, not once the
    /// whole day is hashed; the pages are settled from then on.
    func remember(_ history: BoothHistory, of output: CollageOutput) {
        let last = history.lastNumber
        defer { state.withLock { $0.settling = false } }
        for saved in history.collages.sorted(by: { $0.number > $1.number }) {
            let path = output.path(forBatch: saved.number)
            let parts = PathParts(path)
            guard parts.name == saved.file, let name = parts.name.text, let file = ServedFile(path: path),
                  file.bytes().map({ ContentHash(of: $0) }) == saved.saved else { continue }
            let collage = Collage(name: name, path: path, photos: saved.photos.count, batch: saved.number,
                                  save: saved.number - last, identity: file.identity)
            state.withLock { state in
                if state.collages[name] == nil { state.collages[name] = collage }
                state.settling = false
            }
        }
    }

    /// Whether an earlier run's newest collage may still be missing from `collages`.
    var settling: Bool { state.withLock { $0.settling } }

    /// Every collage saved, the most recently saved first.
    var collages: [Collage] {
        state.withLock { $0.collages.values.sorted { $0.save > $1.save } }
    }

    func collage(named name: String) -> Collage? { state.withLock { $0.collages[name] } }

    /// The collage under this name, opened to be served: the file under its name while it is the
    /// one saved, else (saved again, and the server not told yet) the saved file still open,
    /// while it is unchanged and something is under its name. Nil (404) when neither is the
    /// booth's, or the name was deleted. A file planted under the name is never sent: at most
    /// the booth's own bytes from before it.
    func servedCollage(named name: String) -> ServedFile? {
        let (collage, kept) = state.withLock { state in
            (state.collages[name], state.kept.last { $0.name == name }?.file)
        }
        guard let collage else { return nil }
        if let file = ServedFile(path: collage.path, expected: collage.identity) { return file }
        // A name with nothing under it was deleted (by the operator, say): never served again.
        guard let kept, kept.identity == collage.identity, FileIdentity.exists(collage.path), kept.isAsOpened else { return nil }
        return kept
    }

    func photo(named name: String) -> PathName? { state.withLock { $0.photos[name] } }
}
