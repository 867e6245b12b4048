internal import CollageSources
internal import CollageCodecs
public import CollagePipeline
internal import CollageCore
internal import CollageImaging

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
        if let original = inspection.duplicateOf {
            fields += JSONFields.path("duplicateOf", original)
        } else {
            fields += [("duplicateOf", .null)]
        }
        switch inspection.verdict {
        case .used(let index, let tile, let crop):
            fields += [("status", "used"), ("index", .int(index)), ("tile", JSONFields.rect(tile)), ("crop", JSONFields.rect(crop))]
        case .skipped(let rejection):
            fields += [("status", "skipped")] + JSONFields.rejection(rejection)
        }
        return .object(fields)
    }
}

/// `collage inspect`: one aligned line per file, for people.
public enum InspectText {
    /// The column titles and one row per file, padded so that columns line up.
    public static func table(_ inspections: [Inspection]) -> [String] {
        let header = ["FILE", "FORMAT", "SIZE", "STORED", "EXIF", "SHAPE", "SCANS", "PROFILE", "FINGERPRINT", "NEAREST", "VERDICT"]
        let rows = inspections.map(row)
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }
    }

    static func row(_ inspection: Inspection) -> [String] {
        var cells = [inspection.file.description]
        if let header = inspection.header {
            cells += [header.format.rawValue, header.displayedSize.description, header.storedSize.description,
                      String(header.orientation.rawValue), shape(header.displayedSize), header.progressive ? "progressive" : "baseline",
                      header.colorProfile?.shownName ?? "-"]
        } else {
            cells += ["-", "-", "-", "-", "-", "-", "-"]
        }
        cells.append(inspection.fingerprint?.description ?? "-")
        cells.append(inspection.nearest.map { "\($0.photo.name) (\($0.shownDistance))" } ?? "-")
        switch inspection.verdict {
        case .used(let index, let tile, _): cells.append("used #\(index + 1) at \(tile)")
        case .skipped(let rejection): cells.append("skipped: \(rejection)")
        }
        return cells
    }

    static func shape(_ size: PixelSize) -> String {
        size.width > size.height ? "landscape" : size.width == size.height ? "square" : "portrait"
    }
}
