public import CollageImaging

/// A sheet of copies: `--repeat 2x1` prints the finished collage twice side by side on the
/// canvas (two 2x6 in strips on a 4x6 in print), as DNP and Selphy booths print strips. Each
/// copy is the same pixels; leftover pixels when the canvas does not divide evenly are split
/// around the copies.
public struct SheetLayout: Hashable, Sendable {
    public var columns: Int
    public var rows: Int
    /// A thin line between copies, where the sheet is cut.
    public var cutMarks: Bool

    public init(columns: Int, rows: Int, cutMarks: Bool = false) {
        self.columns = columns
        self.rows = rows
        self.cutMarks = cutMarks
    }

    /// `COLSxROWS`, each 1 to 16.
    public init(parsing text: String, cutMarks: Bool = false) throws(StyleError) {
        guard case .fixed(let columns, let rows) = try? CollageGrid(parsing: text), columns <= 16, rows <= 16 else {
            throw .badRepeat(text)
        }
        self.init(columns: columns, rows: rows, cutMarks: cutMarks)
    }

    /// Mid grey: seen on white and on dark backgrounds alike.
    public static let cutColour = RGB(red: 128, green: 128, blue: 128)

    /// The size of one copy on a sheet of `sheet`.
    public func cell(of sheet: PixelSize) -> PixelSize {
        PixelSize(width: sheet.width / columns, height: sheet.height / rows)
    }

    /// Where each copy goes, left to right and top to bottom.
    public func cells(on sheet: PixelSize) -> [PixelRect] {
        let cell = cell(of: sheet)
        let (left, top) = ((sheet.width - cell.width * columns) / 2, (sheet.height - cell.height * rows) / 2)
        return (0..<rows).flatMap { row in
            (0..<columns).map { column in
                PixelRect(x: left + column * cell.width, y: top + row * cell.height, width: cell.width, height: cell.height)
            }
        }
    }

    /// The cut lines between copies, each `thickness` pixels, centred on the boundary.
    public func cutLines(on sheet: PixelSize) -> [PixelRect] {
        let cell = cell(of: sheet), thickness = max(1, min(sheet.width, sheet.height) / 600)
        let (left, top) = ((sheet.width - cell.width * columns) / 2, (sheet.height - cell.height * rows) / 2)
        let vertical = (1..<max(1, columns)).map { column in
            PixelRect(x: left + column * cell.width - thickness / 2, y: 0, width: thickness, height: sheet.height)
        }
        let horizontal = (1..<max(1, rows)).map { row in
            PixelRect(x: 0, y: top + row * cell.height - thickness / 2, width: sheet.width, height: thickness)
        }
        return vertical + horizontal
    }
}
