internal import CollageCore
public import CollageImaging

/// The fixed part of the xterm 256-colour palette: the 6x6x6 cube (16-231) and the grey ramp
/// (232-255). The first 16 are left out: every theme redefines them.
public enum XtermPalette {
    /// The cube's six levels per channel.
    static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The nearest cube colour or grey, as tmux picks it: each channel to its nearest cube
    /// level, the mean to its nearest grey, and whichever of the two is closer.
    public static func index(of color: RGB) -> UInt8 {
        let (red, green, blue) = (Int(color.red), Int(color.green), Int(color.blue))
        let (cubeRed, cubeGreen, cubeBlue) = (cubeStep(red), cubeStep(green), cubeStep(blue))
        let cube = 16 + 36 * cubeRed + 6 * cubeGreen + cubeBlue
        let cubeColor = (levels[cubeRed], levels[cubeGreen], levels[cubeBlue])
        if cubeColor == (red, green, blue) { return UInt8(cube) }
        let mean = (red + green + blue) / 3
        let greyStep = mean > 238 ? 23 : max(0, (mean - 3) / 10)
        let grey = 8 + 10 * greyStep
        let cubeDistance = squaredDistance(cubeColor, (red, green, blue))
        let greyDistance = squaredDistance((grey, grey, grey), (red, green, blue))
        return UInt8(cubeDistance < greyDistance ? cube : 232 + greyStep)
    }

    /// The colour an index from 16 to 255 shows.
    public static func color(of index: UInt8) -> RGB {
        let value = Int(index)
        precondition(value >= 16, "the first 16 colours are the theme's")
        if value >= 232 {
            let grey = UInt8(8 + 10 * (value - 232))
            return RGB(red: grey, green: grey, blue: grey)
        }
        let cube = value - 16
        return RGB(red: UInt8(levels[cube / 36]), green: UInt8(levels[cube / 6 % 6]), blue: UInt8(levels[cube % 6]))
    }

    /// The cube step nearest to a channel value (the levels are 95, then every 40).
    private static func cubeStep(_ value: Int) -> Int {
        value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40
    }

    private static func squaredDistance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }
}
