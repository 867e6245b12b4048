public import CollageJournal
internal import CollageCore

/// `collage journal show`: a booth's collages as its journal records them, one line each:
/// `collage 2  booth-0002.jpg  3 photos  printed (2 copies)`, then the photos' names.
public enum JournalText {
    public static func lines(_ history: BoothHistory) -> [String] {
        history.collages.map { collage in
            let photos = collage.photos.count == 1 ? "1 photo" : "\(collage.photos.count) photos"
            let names = collage.photos.map(\.name.description).joined(separator: ", ")
            return "collage \(collage.number)  \(collage.file)  \(photos)  \(state(of: collage, in: history))" + (names.isEmpty ? "" : "  (\(names))")
        }
    }

    /// What the booth did with it: `open` (photos may still join), else its print state.
    static func state(of collage: BoothHistory.Collage, in history: BoothHistory) -> String {
        let word = word(of: collage, in: history)
        guard let copies = history.printState(of: collage.number)?.copies, copies > 1 else { return word }
        return "\(word) (\(copies) copies)"
    }

    /// The state as one word, as `--json` gives it.
    static func word(of collage: BoothHistory.Collage, in history: BoothHistory) -> String {
        guard collage.complete else { return "open" }
        return history.printState(of: collage.number)?.word ?? "not-printed"
    }
}
