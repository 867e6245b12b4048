public import CollageJournal
public import CollageCore

/// `collage journal show --json`: one object, `{"journal": PATH, "collages": [...]}`, each
/// collage with `number`, `file`, `complete`, `photos` (names), `print` (`open`, `not-printed`,
/// `printing`, `printed`, `print-failed`, `print-unknown`, `not-printing`) and `copies` (or null).
public enum JournalJSON {
    public static func document(_ history: BoothHistory, journal: PathName) -> JSONValue {
        .object(JSONFields.path("journal", journal) + [("collages", .array(history.collages.map { collage in
            .object([("number", .int(collage.number))] + JSONFields.path("file", collage.file) + [
                ("complete", .bool(collage.complete)),
                ("photos", .array(collage.photos.map { .string($0.name.description) })),
                ("print", .string(JournalText.word(of: collage, in: history))),
                ("copies", history.printState(of: collage.number)?.copies.map { .int($0) } ?? .null),
            ])
        }))])
    }
}
