internal import CollagePipeline
internal import CollageCore
internal import CollageLocking
internal import CollageFiles
internal import CollageWriting

/// The only files the server may send, learnt from the pipeline's events: the collages this run
/// saved (by file name, newest save last) and, for `--serve-photos`, the photos put in them. A
/// request names a file by its name alone, looked up here; nothing else on disk can be reached.
final class BoothFiles: Sendable {
    /// One saved collage as the gallery lists it.
    struct Collage: Sendable, Equatable {
        let name: String
        let path: PathName
        let photos: Int
        let batch: Int
        /// Which save this was, counting from 1: orders the gallery, newest first.
        let save: Int
    }

    private struct State {
        var collages: [String: Collage] = [:]
        var photos: [String: PathName] = [:]
        var saves = 0
    }

    private let state = Locked(State())

    func note(_ event: PipelineEvent) {
        switch event {
        case .saved(let saved, let photos, let batch):
            guard let path = saved.destination.path, let name = PathParts(path).name.text else { return }
            state.withLock { state in
                state.saves += 1
                state.collages[name] = Collage(name: name, path: path, photos: photos, batch: batch, save: state.saves)
            }
        case .added(let file, _, _, _):
            guard let name = PathParts(file.path).name.text else { return }
            state.withLock { $0.photos[name] = file.path }
        case .skipped, .saveFailed, .printed, .printFailed, .printUnknown, .notice:
            break
        }
    }

    /// Every collage saved, the most recently saved first.
    var collages: [Collage] {
        state.withLock { $0.collages.values.sorted { $0.save > $1.save } }
    }

    func collage(named name: String) -> Collage? { state.withLock { $0.collages[name] } }

    func photo(named name: String) -> PathName? { state.withLock { $0.photos[name] } }
}
