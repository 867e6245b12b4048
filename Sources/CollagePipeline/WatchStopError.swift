public import CollageEvents

/// Why a watch stopped without its newest collage: a second signal cancelled the save in flight,
/// or the retries of the final one. Never a success: the command says so and exits 73.
public enum WatchStopError: Error, Hashable, Sendable, CustomStringConvertible {
    case unsaved(CollageDestination, photos: Int)

    public var description: String {
        switch self {
        case .unsaved(let destination, let photos):
            return "stopped before the newest collage (\(photos) photo\(photos == 1 ? "" : "s")) was saved to \(destination)"
        }
    }
}
