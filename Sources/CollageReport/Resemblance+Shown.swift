internal import CollageCore

extension Resemblance {
    /// The distance to one decimal, as every report shows it: more digits only look precise.
    var shownDistance: Double { (distance * 10).rounded() / 10 }
}
