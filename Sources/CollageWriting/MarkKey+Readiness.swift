internal import CollageCore

extension MarkKey {
    /// Why the key cannot be read or made here, or nil when it can: `collage check` asks before
    /// a booth depends on it (its journal's recovery reads the collages' signed marks).
    public static func unusableReason() -> String? {
        do {
            _ = try load()
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Where the key is kept here, for the line that says so.
    public static var location: String { path?.description ?? "nowhere: no HOME, XDG_STATE_HOME or COLLAGE_STATE_DIR" }
}
