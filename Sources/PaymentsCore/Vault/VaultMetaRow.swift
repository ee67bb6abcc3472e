import GRDB

/// The one row of `vault_meta`: an HMAC of a fixed label under the vault key the file is sealed
/// with, so a wrong key is told apart from the right one before anything is unsealed with it.
struct VaultMetaRow: Codable, CoreRecord {
    static let databaseTableName = "vault_meta"
    /// The table holds one row, by a CHECK.
    static let onlyRow: Int64 = 1

    var id: Int64 = onlyRow
    var keyCheck: String
}
