internal import ArgumentParser

/// `--batch-timeout 90s`: seconds (`90`, `90s`), minutes (`2m`, `1.5m`) or hours (`1h`).
struct BatchTimeout: ExpressibleByArgument {
    let duration: Duration

    init?(argument: String) {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600), ("", 1)]
        guard let unit = units.first(where: { argument.hasSuffix($0.suffix) }),
              let value = Double(argument.dropLast(unit.suffix.count)), value.isFinite, value > 0, value * unit.seconds <= 24 * 3600
        else { return nil }
        duration = .milliseconds(Int64((value * unit.seconds * 1000).rounded()))
        guard duration > .zero else { return nil }
    }

    var defaultValueDescription: String { "" }
}
