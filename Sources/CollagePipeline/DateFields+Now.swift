#if canImport(Glibc)
internal import Glibc
#endif
public import CollageCore

extension DateFields {
    /// The local time now: the clock a caption's `{today}` reads unless a run is given its own
    /// (`CollageOptions.today`).
    public static func now() -> DateFields {
        var seconds = time(nil)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return DateFields(year: 1970, month: 1, day: 1) }
        return DateFields(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                          hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
    }
}
