internal import Foundation
#if canImport(Glibc)
internal import Glibc
#endif

/// Every process a test starts has a deadline; at it, the process is killed with everything it
/// started (its process group, and the groups its descendants made of their own, such as a
/// printer command run in a group of its own), and the test fails naming the command.
public enum ProcessTree {
    /// How long a process a test starts may run unless the test says otherwise: a hang guard, far
    /// above any command's time on a loaded machine, and below the suites' `.timeLimit`s.
    public static let defaultDeadline = Duration.seconds(100)

    /// Kills `root` and every process below it, with their process groups. The tree is read from
    /// /proc before anything is killed (a dead parent's children move to init, out of sight), and
    /// stopped first so that nothing in it can start more while it is read.
    public static func kill(_ root: Int32) {
        var stopped = Set<pid_t>()
        while true {
            let tree = descendants(of: root).subtracting(stopped)
            guard !tree.isEmpty else { break }
            for pid in tree { _ = Glibc.kill(pid, SIGSTOP) }
            stopped.formUnion(tree)
        }
        let own = getpgrp()
        let groups = Set(stopped.map { getpgid($0) }).filter { $0 > 1 && $0 != own }
        for group in groups { _ = Glibc.kill(-group, SIGKILL) }
        for pid in stopped { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// Whether `pid` is still a process (not yet reaped; a zombie counts as gone).
    public static func isAlive(_ pid: Int32) -> Bool {
        guard Glibc.kill(pid, 0) == 0 else { return false }
        let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)).flatMap(parse)?.state
        return state != "Z"
    }

    /// `root` and the processes below it, as /proc shows them now.
    static func descendants(of root: pid_t) -> Set<pid_t> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var children: [pid_t: [pid_t]] = [:]
        for name in names {
            guard let pid = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let parsed = parse(stat) else { continue }
            children[parsed.parent, default: []].append(pid)
        }
        var found: Set<pid_t> = [root], queue = [root]
        while let next = queue.popLast() {
            for child in children[next] ?? [] where found.insert(child).inserted { queue.append(child) }
        }
        return found
    }

    /// The state and parent in a /proc/PID/stat line (the name in parentheses may hold spaces).
    private static func parse(_ stat: String) -> (state: String, parent: pid_t)? {
        guard let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let parent = pid_t(fields[1]) else { return nil }
        return (String(fields[0]), parent)
    }
}

/// A process a test started that was still running at its deadline, and was killed.
public struct ProcessDeadlineExceeded: Error, CustomStringConvertible {
    public let command: [String]
    public let limit: Duration
    public init(command: [String], limit: Duration) {
        self.command = command
        self.limit = limit
    }
    public var description: String {
        "`\(command.map { Shell.quote($0) }.joined(separator: " "))` still running after \(limit): killed with its process group"
    }
}
