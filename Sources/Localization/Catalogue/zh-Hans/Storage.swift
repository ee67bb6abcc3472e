/// What the `checkout` command says about its database and vault key: why it cannot open them
/// and what to do, the key's one-time notices, and `checkout vault rotate`.
extension Catalogue {
    static let zhHansStorage: [String: String] = [
        // MARK: Cannot open (said before the counter starts; exit status 3)
        "the database {0} is held by another process and stayed locked for {1} seconds.": "数据库 {0} 被另一个进程占用，已锁定 {1} 秒仍未释放。",
        "Close the program that holds it (a sqlite3 shell, a backup, a stuck counter) and start again.": "请关闭占用它的程序（sqlite3 命令行、备份、卡住的柜台），然后重新启动。",
        "the database {0} cannot be written (the file or its directory is read-only).": "数据库 {0} 无法写入（文件或其所在目录为只读）。",
        "Give this user write access to the file and its directory, or choose another file with --db.": "请授予此用户对该文件及其目录的写权限，或用 --db 选择另一个文件。",
        "the directory for the database {0} cannot be created.": "无法创建数据库 {0} 所在的目录。",
        "Create it, or choose another file with --db.": "请先创建该目录，或用 --db 选择另一个文件。",
        "the file {0} is not a counter database, or it is damaged.": "文件 {0} 不是柜台数据库，或已损坏。",
        "Restore it from a backup, or choose another file with --db. The file is left as it is.": "请从备份恢复，或用 --db 选择另一个文件。该文件保持原样，未被改动。",
        "the disk that holds the database {0} is full.": "存放数据库 {0} 的磁盘已满。",
        "Free some space and start again.": "请释放一些空间后重新启动。",
        "the database {0} has sealed cards, but its vault key is not at {1}.": "数据库 {0} 中有加密保存的卡，但其保险库密钥不在 {1}。",
        "Give the key with --vault-key FILE, CHECKOUT_VAULT_KEY_FILE or the systemd credential vault-key, or put it back there. No new key is made: the saved cards would be lost with the old one.": "请用 --vault-key FILE、环境变量 CHECKOUT_VAULT_KEY_FILE 或 systemd 凭据 vault-key 提供密钥，或把它放回原处。不会生成新密钥：否则已保存的卡将随旧密钥一起丢失。",
        "the vault key {0} is not the key of the database {1}.": "保险库密钥 {0} 不是数据库 {1} 的密钥。",
        "Give the key this database was sealed with, with --vault-key FILE.": "请用 --vault-key FILE 提供加密此数据库时所用的密钥。",
        "the vault key file {0} is damaged (a key is 64 bytes).": "保险库密钥文件 {0} 已损坏（密钥应为 64 字节）。",
        "Restore it from a backup, or give the right one with --vault-key FILE.": "请从备份恢复，或用 --vault-key FILE 提供正确的密钥。",
        "the vault key for the database {0} cannot be written at {1}.": "无法在 {1} 写入数据库 {0} 的保险库密钥。",
        "Make that directory writable, or give another place with --vault-key FILE.": "请让该目录可写，或用 --vault-key FILE 指定另一个位置。",
        "the database {0} could not be opened: {1}": "无法打开数据库 {0}：{1}",

        // MARK: Vault key notices (said once)
        "the vault key was moved from {0} to {1}, away from the data. Back it up: without it, saved cards cannot be charged.": "保险库密钥已从 {0} 移到 {1}，与数据分开存放。请备份它：没有它，已保存的卡将无法扣款。",
        "a vault key rotation that had stopped half-way was finished; the key is {0}.": "中途停止的保险库密钥轮换已完成；密钥为 {0}。",

        // MARK: checkout vault rotate
        "a throwaway database has no vault key to rotate": "临时数据库没有可轮换的保险库密钥",
        "the vault key rotation stopped: {0}. Nothing is lost: the next start finishes it, or keeps the old key.": "保险库密钥轮换已中止：{0}。没有数据丢失：下次启动时会完成轮换，或继续使用旧密钥。",
        "Re-sealed {0} saved cards and {1} unsettled charges under a new vault key: {2}": "已用新的保险库密钥重新加密 {0} 张已保存的卡和 {1} 笔未结算的扣款：{2}",
        "{0} saved cards kept without their number keep their old fingerprint: saving the same card again adds it anew.": "{0} 张未保存卡号的卡保留旧指纹：再次保存同一张卡会作为新卡添加。",
    ]
}
