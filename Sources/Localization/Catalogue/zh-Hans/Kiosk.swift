extension Catalogue {
    static let zhHansKiosk: [String: String] = [
        :
    ]
}
