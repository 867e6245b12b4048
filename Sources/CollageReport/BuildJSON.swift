internal import CollageWriting
internal import CollageSaving
internal import CollageEvents
internal import CollageSources
internal import CollageCodecs
public import CollagePipeline
public import CollageCore
internal import CollageFiles

/// `collage build --json`: one document on stdout after the run. The field order and meaning
/// are documented in the README and in `docs/build.schema.json`; tests read them with `jq`.
public enum BuildJSON {
    public static func document(_ report: BuildReport) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        if let saved = report.saved {
            var output = JSONFields.path("path", orNull: saved.destination.path)
            output += [("format", JSONFields.format(saved.format))]
            output += JSONFields.size(saved.size)
            output += [("bytes", .int(saved.bytes))]
            fields.append(("output", .object(output)))
        } else {
            fields.append(("output", .null))
        }
        fields.append(("dryRun", .bool(report.dryRun)))
        fields.append(("format", JSONFields.format(report.format)))
        fields.append(("canvas", JSONFields.canvas(report.canvas, turned: report.turnedPaper != nil)))
        fields.append(("used", .int(report.used.count)))
        fields.append(("inputs", .array(report.inputs.map(input))))
        fields.append(("error", report.failure.map(error) ?? .null))
        fields.append(("timings", .object([
            ("selectSeconds", .seconds(report.timings.select)),
            ("renderSeconds", .seconds(report.timings.render)),
            ("saveSeconds", .seconds(report.timings.save)),
        ])))
        return .object(fields)
    }

    static func input(_ input: BuildReport.Input) -> JSONValue {
        var fields = JSONFields.path("path", input.file.path)
        switch input.outcome {
        case .used(let used):
            fields += [("status", "used"), ("index", .int(used.index))]
            fields += JSONFields.size(used.photo.size)
            fields += [("tile", JSONFields.rect(used.tile)), ("crop", JSONFields.rect(used.crop))]
            fields += [("fingerprint", .string(used.photo.fingerprint.description))]
            if let decoding = used.photo.decoding { fields += [("decode", JSONFields.decoding(decoding))] }
        case .skipped(let rejection, let size):
            fields += [("status", "skipped")]
            fields += JSONFields.rejection(rejection) + JSONFields.duplicateOf(rejection)
            if let size { fields += JSONFields.size(size) }
        }
        return .object(fields)
    }

    static func error(_ failure: BuildError) -> JSONValue {
        let code: String
        switch failure {
        case .noUsablePhoto: code = "no-usable-photo"
        case .outputIsInput: code = "output-is-input"
        case .write(.readerGone): code = "reader-gone"
        case .write: code = "cannot-write"
        case .render: code = "cannot-render"
        }
        return .object([("code", .string(code)), ("detail", .string(failure.description))])
    }
}
