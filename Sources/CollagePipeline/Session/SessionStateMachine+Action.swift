/// What goes into and comes out of the session machine: what a read gave, and the actions the
/// driver carries out.
extension SessionStateMachine {
    /// Why a batch was completed.
    enum Completion: Sendable, Equatable {
        /// It holds its cells' worth of photos.
        case full
        /// No photo came for the timeout.
        case timeout
        /// The operator asked (SIGUSR1, `collage finish`).
        case finishNow
    }

    /// What reading a file through the chain gave.
    enum ReadResult: Sendable {
        /// A photo for the open batch.
        case taken(Photo)
        /// A better copy, in the place of the photo named.
        case replaced(Name, by: Photo)
        /// Not a photo for the batch (refused, with its own line).
        case refused
    }

    /// What the driver must do, in order, after an input.
    enum Action: Sendable {
        /// Read this file through the chain, and say what it gave (`read(_:_:at:)`) once whatever
        /// came meanwhile is handed in.
        case read(Name)
        /// Save the open batch as it is now; it is not complete.
        case show(batch: Int, photos: [Photo])
        /// Save `photos` as batch `batch`'s final collage; the next photo starts batch `next`.
        case complete(batch: Int, photos: [Photo], because: Completion, next: Int)
        /// A photo left the open batch, which is made again with `left` photos (a `show` or a
        /// `withdraw` follows).
        case rebuilt(batch: Int, removed: Name, left: Int)
        /// The file being read went from the folder before its result was taken: it is in no
        /// collage.
        case dropped(Name, batch: Int)
        /// The open batch has no photo left: its collage, if saved, goes from the disk, the
        /// screen and the journal.
        case withdraw(batch: Int)
        /// The photo gone is in a completed collage, which stays as it is.
        case unchanged(Name, batch: Int)
        /// Finish now with nothing open: nothing to complete.
        case nothingToFinish(batch: Int)
        /// Wake the machine (`woke(at:)`) at this instant, instead of any earlier wake-up.
        case wake(at: Instant)
        /// The source ended: save the open batch as it is, and for good (its last save failed
        /// or waited for the throttle's window).
        case last(batch: Int, photos: [Photo])
        /// The source ended while a file was read: once the actions before it are carried out
        /// (a save that failed must be known), tell the machine (`ended(at:)`).
        case endOfSource
        /// The source ended and nothing waits: the session is over.
        case over
    }
}

extension SessionStateMachine.Action: Equatable where Photo: Equatable {}
extension SessionStateMachine.ReadResult: Equatable where Photo: Equatable {}
