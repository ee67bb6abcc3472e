import Foundation

/// Why the staff could not be changed or read, or why an action was refused to the person who
/// asked. The screens and the command line word it.
public enum StaffError: Error, Hashable, Sendable {
    /// A person needs a name.
    case nameMissing
    /// Someone active has this name already (names pick a person on the command line).
    case nameTaken(String)
    /// A PIN is 4 to 12 digits.
    case pinNotDigits
    /// Someone active has this PIN already: a PIN alone must say who is serving.
    case pinTaken
    /// A badge code is letters and digits, 4 to 32 of them.
    case badgeNotValid
    /// Someone active carries this badge already.
    case badgeTaken
    /// No one by this name or id (or no one active, to disable).
    case unknownPerson(String)
    /// No one's PIN or badge is this.
    case notRecognised
    /// Too many wrong PINs or badges in a row at this counter: none is tried until `until`.
    case tooManyTries(until: Date)
    /// The shop has staff, and nobody is signed in to do this.
    case signInNeeded(StaffAction)
    /// The person signed in may not do this alone, and no manager approved it.
    case needsManager(StaffAction)
    /// The database could not be read or written.
    case storage
}
