internal import CCollageCups
internal import CollageWriting

/// What CUPS says of a queue, asked through libcups on the server its clients use, bounded in
/// time: what `collage check` and a booth's start make of `--printer`'s queue.
public enum CupsQueue {
    public enum State: Sendable, Equatable {
        /// It takes jobs; a stopped (disabled) queue holds them until it is enabled.
        case accepting(enabled: Bool, detail: String)
        /// It refuses jobs (`cupsreject`): every print, and every `lp` to it, fails.
        case rejecting(detail: String)
        /// No queue of that name.
        case unknown(detail: String)
        /// No answer: no scheduler (or no `lpstat`), none within the bound.
        case unanswered(reason: String)
    }

    /// Why a question had no answer.
    public struct Unanswered: Error, Sendable {
        public let text: String
    }

    /// IPP's printer state "stopped".
    private static let stopped: Int32 = 5

    /// Queue `name`'s state.
    public static func ask(_ name: String, within bound: Duration) -> State {
        let (status, state, _, message) = query(name, within: bound)
        switch status {
        case COLLAGE_CUPS_OK:
            guard state.accepting != 0 else { return .rejecting(detail: "CUPS says \(name) is not accepting jobs") }
            let enabled = state.state != stopped
            return .accepting(enabled: enabled, detail: "CUPS accepts jobs for \(name)" + (enabled ? "" : ", which is stopped"))
        case COLLAGE_CUPS_NOT_FOUND: return .unknown(detail: message)
        default: return .unanswered(reason: message)
        }
    }

    /// The server's default destination, nil when it has none.
    public static func defaultDestination(within bound: Duration) -> Result<String?, Unanswered> {
        let (status, _, name, message) = query(nil, within: bound)
        switch status {
        case COLLAGE_CUPS_OK: return .success(name)
        case COLLAGE_CUPS_NOT_FOUND: return .success(nil)
        default: return .failure(Unanswered(text: message))
        }
    }

    private static func query(_ name: String?, within bound: Duration) -> (collage_cups_status, collage_cups_queue, String, String) {
        var state = collage_cups_queue(accepting: 0, state: 0)
        var message = [CChar](repeating: 0, count: Int(COLLAGE_CUPS_MESSAGE_CAPACITY))
        var found = [CChar](repeating: 0, count: 256)
        let milliseconds = Int32(clamping: bound.components.seconds * 1000)
        let status = message.withUnsafeMutableBufferPointer { text in
            found.withUnsafeMutableBufferPointer { queue in
                collage_cups_queue_state(name, milliseconds, &state, queue.baseAddress, queue.count, text.baseAddress, text.count)
            }
        }
        return (status, state, text(found), text(message))
    }

    /// A C string in a buffer, as text.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
