internal import CollageEvents
internal import CollageCodecs
public import CollagePipeline
public import CollageCore

/// `collage build --pages --json`: NDJSON, as `watch --json` (`WatchJSON.event`): an `added` or
/// `skipped` line for each photo as it is decided, a `saved` line for each page as it lands
/// (its `batch` is the page's number), then one `pages` line listing every page and its photos.
/// Documented in `docs/pages-event.schema.json`.
public enum PagesJSON {
    /// The last line: the pages, in order, with their photos; what was skipped; how it ended.
    public static func summary(_ report: PagesReport) -> JSONValue {
        WatchJSON.envelope("pages", [
            ("dryRun", .bool(report.dryRun)), ("format", JSONFields.format(report.format)),
            ("canvas", JSONFields.canvas(report.canvas, turned: report.turnedPaper != nil)), ("perPage", .int(report.perPage)),
            ("given", .int(report.given)), ("used", .int(report.used)), ("skipped", .int(report.skipped.count)),
            ("pages", .array(report.pages.map(page))),
            ("stoppedBefore", report.stoppedBefore.map(JSONValue.int) ?? .null),
            ("error", report.failure.map(BuildJSON.error) ?? .null),
            ("timings", .object([("seconds", .seconds(report.seconds)), ("duplicateCheckSeconds", .seconds(report.duplicateCheck))])),
        ])
    }

    static func page(_ page: PagesReport.Page) -> JSONValue {
        .object([("page", .int(page.number))] + JSONFields.path("path", page.path) + [
            ("written", .bool(page.saved != nil)), ("bytes", page.saved.map { .int($0.bytes) } ?? .null),
            ("photos", .array(page.tiles.map { tile in
                .object(JSONFields.path("path", tile.path) + [("number", .int(tile.number))] + JSONFields.size(tile.size) + [
                    ("tile", JSONFields.rect(tile.tile)), ("crop", JSONFields.rect(tile.crop)),
                    ("fingerprint", .string(tile.fingerprint.description)),
                ])
            })),
        ])
    }
}
