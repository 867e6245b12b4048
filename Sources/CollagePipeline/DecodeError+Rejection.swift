public import CollageCodecs
public import CollageCore

extension DecodeError {
    /// The pipeline's reason for not using a photo that failed to decode.
    public var rejection: Rejection {
        let problem: Rejection.Problem
        switch self {
        case .notAnImage: problem = .notAnImage
        case .truncated: problem = .truncated
        case .corrupt: problem = .corrupt
        case .tooLarge, .outOfMemory: problem = .tooLarge
        case .tooManyScans: problem = .tooManyScans
        case .unreadable: problem = .unreadable
        }
        return .unusable(problem, detail: description)
    }
}
