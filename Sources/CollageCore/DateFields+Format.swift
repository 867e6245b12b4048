extension DateFields {
    /// The `strftime` conversions a caption may use, in the C locale: `%Y %y %m %d %e %j %H %I
    /// %M %S %p %a %A %b %B %h %F %T %R %D %%`. Anything else is refused when the caption is
    /// parsed, so a typo is a usage error rather than text on a print.
    public static let conversions: Set<Character> = ["Y", "y", "m", "d", "e", "j", "H", "I", "M", "S", "p", "a", "A", "b", "B", "h", "F", "T", "R", "D", "%"]

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    static let dayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// The first conversion in `format` that `format(_:)` does not know, or a lone `%` at the
    /// end; nil when every one is known.
    public static func unsupportedConversion(in format: String) -> String? {
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { continue }
            guard let conversion = characters.next() else { return "%" }
            if !conversions.contains(conversion) { return "%\(conversion)" }
        }
        return nil
    }

    /// `format` with each conversion replaced, as `strftime` does in the C locale; with
    /// `padsDay` false, `%e` is the day without its padding space (a caption is a line, not a
    /// column of dates: `Anna & Ben · {today:%e %B}` is never two spaces before "5 June").
    public func format(_ format: String, padsDay: Bool = true) -> String {
        var out = ""
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%", let conversion = characters.next() else {
                out.append(character)
                continue
            }
            out += conversion == "e" && !padsDay ? "\(day)" : expand(conversion)
        }
        return out
    }

    private func expand(_ conversion: Character) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        switch conversion {
        case "Y": return "\(year)"
        case "y": return two(year % 100)
        case "m": return two(month)
        case "d": return two(day)
        case "e": return day < 10 ? " \(day)" : "\(day)"
        case "j": return String(repeating: "0", count: 3 - "\(dayOfYear)".count) + "\(dayOfYear)"
        case "H": return two(hour)
        case "I": return two(hour % 12 == 0 ? 12 : hour % 12)
        case "M": return two(minute)
        case "S": return two(second)
        case "p": return hour < 12 ? "AM" : "PM"
        case "a": return String(Self.dayNames[weekday].prefix(3))
        case "A": return Self.dayNames[weekday]
        case "b", "h": return String(Self.monthNames[month - 1].prefix(3))
        case "B": return Self.monthNames[month - 1]
        case "F": return format("%Y-%m-%d")
        case "T": return format("%H:%M:%S")
        case "R": return format("%H:%M")
        case "D": return format("%m/%d/%y")
        case "%": return "%"
        default: return "%\(conversion)"
        }
    }
}
