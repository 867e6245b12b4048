/// What the executable's signal trap asks of a running watch: the first signal a clean stop
/// (the folder is no longer watched, the collage in progress is saved), a second one an
/// immediate stop (the save in flight is cancelled and its temporary file removed).
public enum StopRequest: Sendable, Equatable {
    /// Stop taking photos; `signal` is the one that asked, for the exit status.
    case finish(signal: Int32)
    /// Stop now.
    case now
    /// SIGUSR1 (`collage finish`): complete the open collage with the photos it has; the next
    /// photo starts another. The watch goes on.
    case finishBatch
}
