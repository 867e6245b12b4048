/// A HEIF/AVIF `nclx` box (ITU-T H.273 code points instead of an ICC profile) as a profile, so
/// a P3 HEIC from a phone is converted to sRGB as a P3 JPEG is.
extension ColorProfile {
    /// Nil when the code points say sRGB (or leave it unspecified): nothing to convert. Primaries
    /// with a curve lcms2 is given no profile for here (PQ, HLG: HDR) make a profile that cannot
    /// be applied, so the report says why the photo is shown as stored.
    init?(nclxPrimaries primaries: Int, transfer: Int) {
        let name: String, xy: [Double]
        switch primaries {
        case 1, 2: return nil  // BT.709 (sRGB's), unspecified
        case 12: (name, xy) = ("Display P3 (nclx)", [0.3127, 0.3290, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060])
        case 11: (name, xy) = ("DCI-P3 (nclx)", [0.314, 0.351, 0.680, 0.320, 0.265, 0.690, 0.150, 0.060])
        case 9: (name, xy) = ("BT.2020 (nclx)", [0.3127, 0.3290, 0.708, 0.292, 0.170, 0.797, 0.131, 0.046])
        case 5: (name, xy) = ("BT.601 625 (nclx)", [0.3127, 0.3290, 0.64, 0.33, 0.29, 0.60, 0.15, 0.06])
        case 6, 7: (name, xy) = ("BT.601 525 (nclx)", [0.3127, 0.3290, 0.630, 0.340, 0.310, 0.595, 0.155, 0.070])
        default:
            self.init(unusable: "nclx primaries \(primaries)", problem: "nclx colour primaries \(primaries) are not supported")
            return
        }
        // sRGB's curve, BT.709's (as displays show it) and unspecified are taken as sRGB's, as
        // `init(chromaticities:gamma:name:)` takes 2.2; linear and the pure powers are exact.
        let gamma: Double
        switch transfer {
        case 1, 2, 4, 6, 13, 14, 15: gamma = 2.2
        case 5: gamma = 2.8
        case 8: gamma = 1
        default:
            self.init(unusable: name, problem: "nclx transfer characteristics \(transfer) are not supported")
            return
        }
        self.init(chromaticities: xy, gamma: gamma, name: name)
    }

    /// A profile that is known and cannot be applied: `ColorConversion` reports `problem`.
    private init(unusable name: String, problem: String) {
        icc = []
        self.name = name
        space = nil
        self.problem = problem
    }
}
