import Testing

extension ThrowawayPostgres {
    /// Stops a PostgreSQL test case where the server cannot run here, recording a known issue
    /// that names why: a case only cancelled would be listed as passed beside its SQLite twin.
    public static func skipWhereUnavailable() throws {
        guard let reason = unavailableReason else { return }
        withKnownIssue(Comment(rawValue: "not run on PostgreSQL: " + reason)) { Issue.record(Comment(rawValue: reason)) }
        try Test.cancel(Comment(rawValue: reason))
    }
}
