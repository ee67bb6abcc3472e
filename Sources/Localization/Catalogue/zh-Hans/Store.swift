extension Catalogue {
    static let zhHansStore: [String: String] = [
        :
    ]
}
