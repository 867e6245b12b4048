import CollageCore
import CollageImaging

/// Tiny images whose every pixel the tests name.
enum Images {
    static let red = RGB(red: 255, green: 0, blue: 0)
    static let green = RGB(red: 0, green: 255, blue: 0)
    static let blue = RGB(red: 0, green: 0, blue: 255)

    /// Red, green on top; blue, white below.
    static let fourColors = image(width: 2, [red, green, blue, .white])

    static func image(width: Int, _ colors: [RGB]) -> RGBImage {
        RGBImage(size: PixelSize(width: width, height: colors.count / width),
                 pixels: colors.flatMap { [$0.red, $0.green, $0.blue] })
    }
}

extension Array where Element == UInt8 {
    var text: String { String(decoding: self, as: UTF8.self) }
}
