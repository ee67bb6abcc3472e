extension Catalogue {
    static let zhHansAuction: [String: String] = [
        :
    ]
}
