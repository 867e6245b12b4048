/// The largest whole number in a range that passes a test which holds for every number below
/// one that does (text never gets wider with fewer characters or a smaller size): found in a
/// handful of tests, not one per number, by bisection.
///
/// Each step at least halves what is left, so a search of any `Int` range ends within
/// `maximumSteps`; past them it stops, with the largest number known to pass. A search that
/// went wrong (its midpoint rounded down, so that a range of two never shrinks) then ends one
/// short instead of spinning at 100 % CPU where no signal reaches it.
public enum Bisection {
    /// More than any range of `Int` needs (one step per bit).
    public static let maximumSteps = Int.bitWidth + 1

    /// The largest number in `low...high` that `passes`, given that `low` does (not tested
    /// again); `high` when every one does.
    public static func largest(from low: Int, to high: Int, passing passes: (Int) throws -> Bool) rethrows -> Int {
        var (low, high) = (low, high)
        var steps = 0
        while low < high, steps < maximumSteps {
            steps += 1
            // Rounded up: a range of two tests its top, and either end moves.
            let middle = low + (high - low + 1) / 2
            if try passes(middle) { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
