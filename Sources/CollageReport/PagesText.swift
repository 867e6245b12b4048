public import CollageCore
public import CollagePipeline
internal import CollageImaging

/// `collage build --pages` for people: on a dry run the plan, page by page; after a run the
/// pages written, one path a line, as `build` prints its one.
public enum PagesText {
    /// `2 pages of 6 from 17 photos (3 skipped) on a 1800x1200 JPEG canvas`, then each page's
    /// file and its photos with their tiles.
    public static func plan(_ report: PagesReport) -> [String] {
        let count = report.pages.count
        var lines = ["\(count) page\(count == 1 ? "" : "s") of up to \(report.perPage) from \(report.given) photo\(report.given == 1 ? "" : "s")"
            + " (\(report.skipped.count) skipped) on a \(report.canvas) \(report.format) canvas"
            + (report.turnedPaper.map { " (\($0) laid landscape)" } ?? "")]
        for page in report.pages {
            lines.append("\(page.path): \(page.tiles.count) photo\(page.tiles.count == 1 ? "" : "s")")
            let width = page.tiles.map(\.tile.description.count).max() ?? 0
            lines += page.tiles.map { "  #\($0.number)  " + $0.tile.description.padding(width) + "  " + $0.path.description }
        }
        return lines
    }

    /// Why the run stopped early, for the log: `interrupted before page 4 (album-0004.jpg): pages 1-3 are complete`.
    public static func stopped(_ report: PagesReport, names: PageNames) -> String? {
        guard let page = report.stoppedBefore else { return nil }
        let done = page == 1 ? "no page was written" : page == 2 ? "page 1 is complete" : "pages 1-\(page - 1) are complete"
        return "interrupted before page \(page) (\(names.path(page: page))): \(done)"
    }
}
