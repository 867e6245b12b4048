internal import CollageCore
internal import CollageSources
internal import CollageCodecs
public import CollagePipeline
internal import CollageImaging
internal import CollageFiles

/// `collage build --dry-run` for people: the photos that would be used, where, and the canvas.
public enum BuildText {
    public static func plan(_ report: BuildReport) -> [String] {
        let used = report.used
        let header = "\(used.count) of \(report.inputs.count) photo\(report.inputs.count == 1 ? "" : "s") on a \(report.canvas) \(report.format) canvas"
            + (report.turnedPaper.map { " (\($0) laid landscape)" } ?? "")
        let rows = zip(report.inputs.filter { if case .used = $0.outcome { return true } else { return false } }, used).map { input, photo in
            ("#\(photo.index + 1)", photo.tile.description, input.file.description)
        }
        let widths = (rows.map(\.0.count).max() ?? 0, rows.map(\.1.count).max() ?? 0)
        return [header] + rows.map { number, tile, name in
            number.padding(widths.0) + "  " + tile.padding(widths.1) + "  " + name
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
