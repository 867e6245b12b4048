public import CollageCore

/// What a photo booth has saved: each numbered collage and the photos in it, by content. The
/// value its journal holds; the rules of resuming are decided on it, without files.
public struct BoothHistory: Sendable, Equatable {
    /// One numbered collage as last saved.
    public struct Collage: Sendable, Equatable {
        public var number: Int
        /// The collage file's name in the output folder (`booth-0003.jpg`).
        public var file: PathName
        /// Whether it holds all the photos it will: at the limit when it was saved.
        public var complete: Bool
        /// The collage file's own content as saved: a file by that name with other bytes is not
        /// this booth's to replace.
        public var saved: ContentHash
        public var photos: [Entry]

        public init(number: Int, file: PathName, complete: Bool, saved: ContentHash, photos: [Entry]) {
            self.number = number
            self.file = file
            self.complete = complete
            self.saved = saved
            self.photos = photos
        }
    }

    /// A photo in a collage: its content, and its name in the watched folder when it was taken.
    public struct Entry: Sendable, Equatable {
        public var content: ContentHash
        public var name: PathName

        public init(content: ContentHash, name: PathName) {
            self.content = content
            self.name = name
        }
    }

    /// In the order saved; numbers rise.
    public private(set) var collages: [Collage]
    /// A save under way: the state a collage is about to have, with the SHA-256 of the file about
    /// to be renamed into place. Written before the rename, so a restart after a crash at any
    /// moment knows its own file: on disk with that content, the save happened.
    public private(set) var intent: Collage?
    /// Each complete collage's print state, by number (see `PrintState`); none for a complete
    /// collage never sent to the printer.
    public internal(set) var prints: [Int: PrintState]
    /// The booth output this history is of (`BoothJournal.canonicalPath(of:)`): a journal naming
    /// another, or none, is another booth's (or from before journals named it), never adopted.
    public var output: PathName?
    /// How many prints the booth had begun when this was written: a journal put back from a
    /// backup has fewer than the booth's own count beside its key (`PrintCount`), which tells.
    public internal(set) var printsBegun: Int

    public init(collages: [Collage] = [], intent: Collage? = nil, prints: [Int: PrintState] = [:], output: PathName? = nil, printsBegun: Int = 0) {
        self.collages = collages
        self.intent = intent
        self.prints = prints
        self.output = output
        self.printsBegun = printsBegun
    }

    /// The highest number saved; 0 before the first.
    public var lastNumber: Int { collages.last?.number ?? 0 }

    /// Records that `collage` is about to be saved; `record` or `forgetIntent` follows.
    public mutating func intend(_ collage: Collage) {
        intent = collage
    }

    /// The save intended did not happen (the file on disk is not the one it was to write).
    public mutating func forgetIntent() {
        intent = nil
    }

    /// The collage saved before as number `number`, if any.
    public func saved(_ number: Int) -> Collage? {
        collages.first { $0.number == number }
    }

    /// Records a save of collage `number`: a new collage, or a new state of the last one. It
    /// settles the intent to save it.
    public mutating func record(_ collage: Collage) {
        if intent?.number == collage.number { intent = nil }
        if let index = collages.firstIndex(where: { $0.number == collage.number }) {
            collages[index] = collage
        } else {
            collages.append(collage)
            collages.sort { $0.number < $1.number }
        }
    }

    /// Forgets collage `number`: it lost its last photo before it was complete, and its file is
    /// gone (withdrawn).
    public mutating func forget(_ number: Int) {
        collages.removeAll { $0.number == number }
        if intent?.number == number { intent = nil }
    }

    /// The collage holding a photo with this content, other than collage `open` (the one being
    /// made, whose photos the duplicate rule already guards).
    public func collage(containing content: ContentHash, except open: Int? = nil) -> Collage? {
        collages.first { $0.number != open && $0.photos.contains { $0.content == content } }
    }

    /// The collage a restart finishes: the last one, when it is not complete. Whether its photos
    /// are still there is for the folder to say.
    public var unfinished: Collage? {
        guard let last = collages.last, !last.complete else { return nil }
        return last
    }
}
