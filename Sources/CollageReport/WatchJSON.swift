public import CollageEvents
internal import CollageSources
internal import CollageCodecs
public import CollageCore
internal import CollageFiles

/// `collage watch --json`: NDJSON, one event per line, written the moment it happens, each in
/// ripgrep's envelope `{"type": "...", "data": {...}}`. Documented in the README and in
/// `docs/watch-event.schema.json`.
public enum WatchJSON {
    /// The first line: what is watched and how; with `--serve`, the page's URL.
    public static func started(folder: PathName, output: PathName, limit: Int, batches: Bool, throttle: Duration, url: String? = nil) -> JSONValue {
        envelope("started", JSONFields.path("folder", folder) + JSONFields.path("output", output) + [
            ("limit", .int(limit)), ("batches", .bool(batches)), ("throttleSeconds", .seconds(throttle)),
        ] + (url.map { [("url", JSONValue.string($0))] } ?? []))
    }

    /// A photo added or skipped, a collage saved, or a notice about the folder.
    public static func event(_ event: PipelineEvent) -> JSONValue {
        switch event {
        case .added(let file, let photo, let count, _):
            return envelope("added", JSONFields.path("path", file.path) + JSONFields.size(photo.size) + [("photos", .int(count))])
        case .skipped(let file, let rejection, let size):
            return envelope("skipped", JSONFields.path("path", file.path) + JSONFields.rejection(rejection) + JSONFields.duplicateOf(rejection)
                + (size.map(JSONFields.size) ?? []))
        case .saved(let saved, let photos, let batch, let complete):
            return envelope("saved", JSONFields.path("path", orNull: saved.destination.path) + [("format", JSONFields.format(saved.format))]
                + JSONFields.size(saved.size)
                + [("bytes", .int(saved.bytes)), ("photos", .int(photos)), ("batch", .int(batch)), ("complete", .bool(complete))])
        case .withdrawn(let path, let batch):
            return envelope("withdrawn", JSONFields.path("path", path) + [("batch", .int(batch))])
        case .saveFailed(let destination, let error, let photos, let batch, let next):
            return envelope("save-failed", JSONFields.path("path", orNull: destination.path) + [
                ("photos", .int(photos)), ("batch", .int(batch)), ("error", .string(error)),
                ("retryInSeconds", next.retryIn.map(JSONValue.seconds) ?? .null),
            ])
        case .printed(let path, let copies, let batch):
            return envelope("printed", JSONFields.path("path", path) + [("copies", .int(copies)), ("batch", .int(batch))])
        case .printFailed(let path, let error, let status, let lastLine, let batch, let retryIn):
            return envelope("print-failed", JSONFields.path("path", path) + [
                ("batch", .int(batch)), ("error", .string(error)), ("status", status.map { .int(Int($0)) } ?? .null),
                ("lastLine", .string(lastLine)), ("retryInSeconds", retryIn.map(JSONValue.seconds) ?? .null),
            ])
        case .printUnknown(let path, let batch):
            return envelope("print-unknown", JSONFields.path("path", path) + [("batch", .int(batch))])
        case .notice(let text):
            return envelope("notice", [("message", .string(text))])
        }
    }

    /// The last line: why the watch ended, its exit status, and the collages it leaves behind.
    public static func finished(reason: String, exitStatus: Int32, collages: [PathName], error: String? = nil) -> JSONValue {
        var data: [(String, JSONValue)] = [("reason", .string(reason)), ("exitStatus", .int(Int(exitStatus)))]
        data.append(("collages", .array(collages.map { name in .object(JSONFields.path("path", name)) })))
        data.append(("error", error.map(JSONValue.string) ?? .null))
        return envelope("finished", data)
    }

    static func envelope(_ type: String, _ data: [(String, JSONValue)]) -> JSONValue {
        .object([("type", .string(type)), ("data", .object(data))])
    }
}
