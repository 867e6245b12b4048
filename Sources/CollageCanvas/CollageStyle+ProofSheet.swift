public import CollageImaging

extension CollageStyle {
    /// The style with the defaults a proof sheet (a `label` under each tile) takes for what was
    /// not given: each photo whole (`contain`), apart from its neighbours and off the paper's
    /// edge as montage does (a gap and a margin of 1% of the canvas's shorter side, at least a
    /// pixel), and with a fixed grid, cells of a photo's landscape shape (`photoShapes`: its
    /// photos whole in boxes close to their own shape, the spare paper around the grid). Without
    /// a label, the book's: no gap, no margin, `cover`.
    public init(canvas: PixelSize, grid: CollageGrid, gap: Int?, margin: Int?, crop: CropStrategy, fit: TileFit?, caption: CaptionStyle?,
                logo: Bool, sheet: SheetLayout?, label: TileLabel?) {
        let proof = label != nil
        let spacing = proof ? max(1, min(canvas.width, canvas.height) / 100) : 0
        var cellShapes: ClosedRange<Double>?
        if proof, case .fixed = grid { cellShapes = Self.photoShapes }
        self.init(grid: grid, gap: gap ?? spacing, margin: margin ?? spacing, crop: crop, fit: fit ?? (proof ? .contain : .cover),
                  cellShapes: cellShapes, caption: caption, logo: logo, sheet: sheet, label: label)
    }
}
