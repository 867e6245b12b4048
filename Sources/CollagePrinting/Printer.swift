internal import CCollageCups
public import CollageCore
internal import CollageFiles
public import CollageWriting
#if canImport(Glibc)
internal import Glibc
#endif

/// Where a collage is printed, and how: the operator's `--print` command (run without a shell,
/// bounded by `timeout`, its exit status checked), or a CUPS queue (`--printer`) through
/// libcups, each job titled so that a restart can ask the server whether it has it. One call at
/// a time, off the cooperative pool; `PrintQueue` decides when (`PrintStateMachine`).
public struct Printer: Sendable {
    /// Where the prints go.
    public enum Target: Sendable, Equatable {
        /// The operator's command, `{path}` and `{copies}` filled in.
        case command(PrintCommand)
        /// A CUPS queue by name.
        case queue(String)
    }

    /// Runs one print command's words with a timeout: `CommandRun` by default; a recording in tests.
    public typealias Run = @Sendable (_ arguments: [[UInt8]], _ timeout: Duration) async -> PrintFailure?

    public let target: Target
    public let copies: Int
    public let timeout: Duration
    /// The tries of one round (`PrintStateMachine`): the policy a failed save is retried with.
    public let retry: RetryPolicy
    private let runCommand: Run?

    public init(target: Target, copies: Int, timeout: Duration, retry: RetryPolicy = .standard, run: Run? = nil) {
        self.target = target
        self.copies = copies
        self.timeout = timeout
        self.retry = retry
        self.runCommand = run
    }

    public init(command: PrintCommand, copies: Int, timeout: Duration, retry: RetryPolicy = .standard, run: Run? = nil) {
        self.init(target: .command(command), copies: copies, timeout: timeout, retry: retry, run: run)
    }

    /// The command, for `--print`; nil for a CUPS queue.
    public var command: PrintCommand? {
        if case .command(let command) = target { return command }
        return nil
    }

    /// Whether the printer can be asked which jobs it has: a CUPS queue can, a command cannot.
    public var canAsk: Bool { command == nil }

    /// Prints the file at `path` (a private copy of the collage) as a job titled `title`; nil
    /// once the command succeeded or the server took the job, else why not.
    public func submit(_ path: PathName, title: String) async -> PrintFailure? {
        switch target {
        case .command(let command):
            let arguments = command.arguments(path: path.bytes, copies: copies), timeout = timeout
            if let runCommand { return await runCommand(arguments, timeout) }
            return await Self.blocking { CommandRun.run(arguments, timeout: timeout) }
        case .queue(let queue):
            let (copies, milliseconds) = (copies, Self.milliseconds(timeout))
            return await Self.blocking { () -> PrintFailure? in
                var job: Int32 = 0
                let (status, message) = Self.calling { message, capacity in
                    collage_cups_submit(queue, path.description, title, Int32(copies), milliseconds, &job, message, capacity)
                }
                return Self.failure(status, message, queue: queue)
            }
        }
    }

    /// Whether the server has a job titled `title` that is printed or will be (pending, held,
    /// processing, stopped, completed; one cancelled by hand counts too: it is not sent again);
    /// one it aborted does not count. A command cannot be asked: false.
    public func has(title: String) async -> Result<Bool, PrintFailure> {
        guard case .queue(let queue) = target else { return .success(false) }
        let milliseconds = Self.milliseconds(timeout)
        return await Self.blocking { () -> Result<Bool, PrintFailure> in
            var job = collage_cups_job(id: 0, state: 0)
            let (status, message) = Self.calling { message, capacity in collage_cups_find(queue, title, milliseconds, &job, message, capacity) }
            if status == COLLAGE_CUPS_NOT_FOUND { return .success(false) }
            if let failure = Self.failure(status, message, queue: queue) { return .failure(failure) }
            return .success(job.state != Self.aborted)
        }
    }

    /// IPP's job state "aborted": the server gave the job up (a document that never arrived whole).
    private static let aborted: Int32 = 8

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Calls a shim function with a message buffer; its status and message.
    private static func calling(_ call: (UnsafeMutablePointer<CChar>, Int) -> collage_cups_status) -> (collage_cups_status, String) {
        var message = [CChar](repeating: 0, count: Int(COLLAGE_CUPS_MESSAGE_CAPACITY))
        let status = message.withUnsafeMutableBufferPointer { call($0.baseAddress!, $0.count) }
        return (status, CupsQueue.text(message))
    }

    private static func failure(_ status: collage_cups_status, _ message: String, queue name: String) -> PrintFailure? {
        switch status {
        case COLLAGE_CUPS_OK: return nil
        case COLLAGE_CUPS_UNREACHABLE: return .unreachable(queue: name, reason: message)
        case COLLAGE_CUPS_NOT_FOUND: return .refused(queue: name, reason: "no such queue")
        default: return .refused(queue: name, reason: message)
        }
    }

    private static func blocking<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        // Blocking.run only rethrows what the work throws, and this work throws nothing.
        (try? await Blocking.run(work))!
    }
}
