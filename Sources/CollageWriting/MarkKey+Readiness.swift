internal import CollageCore
internal import CollageFiles

extension MarkKey {
    /// Why the key cannot be read or made here, or nil when it can: `collage check` asks before
    /// a booth depends on it (its journal is signed with it, and recovery reads the marks).
    public static func unusableReason() -> String? {
        guard case .failure(let error) = loaded else { return nil }
        return error.description
    }

    /// Where the key is kept here, for the line that says so.
    public static var location: String { path?.description ?? "nowhere: no HOME, XDG_STATE_HOME, STATE_DIRECTORY or COLLAGE_STATE_DIR" }
}
