/// What follows a save that failed, so that its line and its event say it: a booth's collage is
/// saved again at the next change or after a wait, a page of `build --pages` never (the run ends
/// on it, and the pages after it are not made).
public enum NextSave: Sendable, Equatable {
    /// The next change saves the collage again (a watch's newest collage).
    case atNextChange
    /// The session's final collage is tried again after this long.
    case after(Duration)
    /// Nothing is saved after it: a page that failed ends `build --pages`.
    case never

    /// When the save is tried again, for `retryInSeconds`; nil when no wait is known.
    public var retryIn: Duration? {
        if case .after(let wait) = self { return wait }
        return nil
    }
}
