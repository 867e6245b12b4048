/// A local date and time as a camera writes it (EXIF `DateTimeOriginal`, no time zone) or as
/// the clock gives it: the fields a caption's `{date}` and `{time}` format, with no calendar
/// library, so the core stays free of the clock and the C library.
public struct DateFields: Hashable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// EXIF's `YYYY:MM:DD HH:MM:SS`; nil for anything else, including the all-blank or all-zero
    /// value cameras write when their clock was never set.
    public init?(exif text: String) {
        let bytes = Array(text.utf8.prefix(19))
        guard bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.allSatisfy({ (0x30...0x39).contains(bytes[$0]) }) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) }
        }
        let separators: [(Int, UInt8)] = [(4, 0x3A), (7, 0x3A), (10, 0x20), (13, 0x3A), (16, 0x3A)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60, year > 0
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// 0 for Sunday, as `strftime`'s `%w` (Sakamoto's method, proleptic Gregorian).
    public var weekday: Int {
        let offsets = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4]
        let y = month < 3 ? year - 1 : year
        return (y + y / 4 - y / 100 + y / 400 + offsets[month - 1] + day) % 7
    }

    /// 1 for the 1st of January.
    public var dayOfYear: Int {
        let lengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return lengths.prefix(month - 1).reduce(0, +) + day
    }

    var isLeapYear: Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}
