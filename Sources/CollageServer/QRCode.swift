internal import CQRCode

/// A QR code's modules, from libqrencode (8-bit mode, error correction M): what a phone's camera
/// reads off the gallery screen.
struct QRCode: Sendable {
    /// Modules per side.
    let width: Int
    /// Row-major, `true` for dark.
    let dark: [Bool]

    init(encoding text: String) throws(ServeError) {
        var modules = [UInt8](repeating: 0, count: Int(COLLAGE_QR_MAX_WIDTH) * Int(COLLAGE_QR_MAX_WIDTH))
        var message = [CChar](repeating: 0, count: Int(COLLAGE_QR_MESSAGE_CAPACITY))
        var side: Int32 = 0
        let status = modules.withUnsafeMutableBufferPointer { buffer in
            collage_qr_encode(text, buffer.baseAddress, buffer.count, &side, &message, message.count)
        }
        guard status == COLLAGE_QR_OK else {
            let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw .qrCode(text: text, reason: status == COLLAGE_QR_TOO_LONG ? "too long for a QR code" : reason)
        }
        width = Int(side)
        dark = modules[..<(width * width)].map { $0 != 0 }
    }

    /// Scalable and crisp at any size: one path of horizontal runs inside a four-module quiet
    /// zone, black on white whatever the page's colours, as scanners expect.
    var svg: String {
        let quiet = 4
        let side = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                guard dark[row * width + column] else { column += 1; continue }
                let start = column
                while column < width, dark[row * width + column] { column += 1 }
                path += "M\(start + quiet) \(row + quiet)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges" role="img">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path d="\(path)" fill="#000"/></svg>
            """
    }
}
