import Localization
import TOMLKit

extension TOMLValueConvertible {
    /// What kind of value this is, in words for an error that names it ("found a string"): one
    /// wording for every TOML file the counter reads (themes, the shop's settings).
    public var kindInWords: String {
        switch type {
        case .table: tr("a table")
        case .array: tr("a list")
        case .string: tr("a string")
        case .int: tr("an integer")
        case .double: tr("a number")
        case .bool: tr("a boolean")
        case .date, .time, .dateTime: tr("a date or time")
        }
    }
}
