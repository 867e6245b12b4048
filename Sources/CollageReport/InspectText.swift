public import CollagePipeline
internal import CollageCodecs
internal import CollageCore
internal import CollageFiles
internal import CollageImaging

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
        case .used(let placement):
            let page = placement.page.map { "page \($0) " } ?? ""
            cells.append("used \(page)#\(placement.number) at \(placement.tile)" + (inspection.replaced.map { ", in the place of \($0)" } ?? ""))
        case .skipped(let rejection): cells.append("skipped: \(rejection)")
        }
        return cells
    }

    static func shape(_ size: PixelSize) -> String {
        size.width > size.height ? "landscape" : size.width == size.height ? "square" : "portrait"
    }
}
