internal import CollageSources
internal import CollageCodecs
public import CollagePipeline
public import CollageCore
internal import CollageImaging
internal import CollageFiles

/// `collage inspect --json`: one object per line and per file, in the order given.
public enum InspectJSON {
    public static func line(_ inspection: Inspection) -> JSONValue {
        var fields = JSONFields.path("path", inspection.file.path)
        if let header = inspection.header {
            fields += [("format", JSONFields.format(header.format))]
            fields += JSONFields.size(header.displayedSize)
            fields += [("storedWidth", .int(header.storedSize.width)), ("storedHeight", .int(header.storedSize.height))]
            fields += [("orientation", .int(header.orientation.rawValue)), ("progressive", .bool(header.progressive))]
            fields += [("shape", .string(InspectText.shape(header.displayedSize)))]
            fields += [("profile", header.colorProfile.map { .string($0.shownName) } ?? .null)]
        }
        fields += [("fingerprint", inspection.fingerprint.map { .string($0.description) } ?? .null)]
        if let nearest = inspection.nearest {
            fields += [("nearest", .object(JSONFields.path("path", nearest.photo.name) + [
                ("distance", .number(nearest.shownDistance)), ("fingerprintDistance", .int(nearest.fingerprintDistance)),
            ]))]
        } else {
            fields += [("nearest", .null)]
        }
        fields += JSONFields.path("duplicateOf", orNull: inspection.duplicateOf)
        fields += JSONFields.path("replaced", orNull: inspection.replaced)
        switch inspection.verdict {
        case .used(let placement):
            fields += [("status", "used")] + (placement.page.map { [("page", JSONValue.int($0))] } ?? [])
            fields += [("index", .int(placement.index)), ("number", .int(placement.number)),
                       ("tile", JSONFields.rect(placement.tile)), ("crop", JSONFields.rect(placement.crop))]
        case .skipped(let rejection):
            fields += [("status", "skipped")] + JSONFields.rejection(rejection)
        }
        return .object(fields)
    }
}
