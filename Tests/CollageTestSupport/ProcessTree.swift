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

    /// The environment variable each process a test starts carries, with a value of its own.
    public static let markVariable = "COLLAGE_TEST_PROCESS"

    /// Kills `root` and every process below it, with their process groups, and every process
    /// whose environment holds `mark` (what it started, even once orphaned). All are stopped
    /// first, the tree read again until nothing new appears, so that nothing can start more
    /// while they are found; a dead parent's children move to init, out of the tree's sight.
    public static func kill(_ root: Int32, mark: String? = nil) {
        var stopped = Set<pid_t>()
        while true {
            let found = descendants(of: root).union(mark.map(marked) ?? []).subtracting(stopped)
            guard !found.isEmpty else { break }
            for pid in found { _ = Glibc.kill(pid, SIGSTOP) }
            stopped.formUnion(found)
        }
        let own = getpgrp()
        let groups = Set(stopped.map { getpgid($0) }).filter { $0 > 1 && $0 != own }
        for group in groups { _ = Glibc.kill(-group, SIGKILL) }
        for pid in stopped { _ = Glibc.kill(pid, SIGKILL) }
    }

    /// The processes whose environment holds `markVariable=mark`.
    static func marked(_ mark: String) -> Set<pid_t> {
        let wanted = Array("\(markVariable)=\(mark)".utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return Set(names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid(), let environment = FileManager.default.contents(atPath: "/proc/\(name)/environ") else { return nil }
            return environment.split(separator: 0).contains { Array($0) == wanted } ? pid : nil
        })
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
