import Foundation
import PostgresClient
import Testing

@Suite struct PostgresRowCodingTests {
    struct Jar: Codable, Equatable {
        var id: String
        var grams: Int
        var organic: Bool
        var label: Data?
        var bestBefore: Date?
        var packedAt: Date

        enum CodingKeys: String, CodingKey {
            case id, grams, organic, label
            case bestBefore = "best_before_ms"
            case packedAt = "packed_ms"
        }
    }

    static let encoder = PostgresRowEncoder(date: { Int64(($0.timeIntervalSince1970 * 1000).rounded()) })
    static let decoder = PostgresRowDecoder(date: { Date(timeIntervalSince1970: TimeInterval($0) / 1000) })

    @Test func aRecordIsWrittenUpdatedWithNullsAndReadBack() throws {
        let db = try PostgresConnection(url: try SuiteDatabase.freshSchema())
        try db.execute("""
            CREATE TABLE jars (id TEXT PRIMARY KEY, grams INTEGER NOT NULL, organic BOOLEAN NOT NULL, label BYTEA,
                               best_before_ms BIGINT, packed_ms BIGINT NOT NULL)
            """)
        var jar = Jar(id: "jar_1", grams: 250, organic: true, label: Data([0, 1, 254]), bestBefore: Date(timeIntervalSince1970: 1_800_000_000.5),
                      packedAt: Date(timeIntervalSince1970: 1_795_341_600))
        let insert = try Self.encoder.encode(jar).insert(into: "jars")
        try db.execute(insert.sql, insert.parameters)
        #expect(try Self.decoder.decode(Jar.self, from: db.query("SELECT * FROM jars")[0]) == jar)

        jar.label = nil
        jar.bestBefore = nil
        jar.grams = 500
        let update = try Self.encoder.encode(jar).update("jars", key: "id")
        try db.execute(update.sql, update.parameters)
        #expect(try Self.decoder.decode(Jar.self, from: db.query("SELECT * FROM jars")[0]) == jar, "NULLs written, not skipped")

        let some = try Self.encoder.encode(Jar(id: "jar_1", grams: 1, organic: false, label: nil, bestBefore: nil, packedAt: jar.packedAt))
            .update("jars", key: "id", columns: ["organic"])
        try db.execute(some.sql, some.parameters)
        let row = try db.query("SELECT * FROM jars")[0]
        #expect(try row.int("grams") == 500, "only the columns named change")
        #expect(try !row.bool("organic"))
    }
}
