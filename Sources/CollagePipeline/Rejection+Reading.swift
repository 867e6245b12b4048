internal import CollageCore
internal import CollageCodecs
internal import CollageSources
internal import CollageFiles

extension Rejection {
    /// The one place a failure to read a photo (the file, or the codec) becomes the reason it is
    /// not used; anything else is a file that could not be read.
    init(reading error: any Error) {
        switch error {
        case let rejection as Rejection:
            self = rejection
        case let error as InputError:
            let problem: Problem = switch error {
            case .unreadable: .unreadable
            case .notAFile: .notAFile
            case .tooLarge: .tooLarge
            }
            self = .unusable(problem, detail: error.description)
        case let error as DecodeError:
            let problem: Problem = switch error {
            case .notAnImage: .notAnImage
            case .truncated: .truncated
            case .corrupt: .corrupt
            case .tooLarge, .outOfMemory: .tooLarge
            case .tooManyScans: .tooManyScans
            case .unreadable: .unreadable
            }
            self = .unusable(problem, detail: error.description)
        default:
            self = .unusable(.unreadable, detail: String(describing: error))
        }
    }
}
