// Generated from Localization/po/zh_Hans.po by `swift run po-catalogue import`.
// Translators edit the PO file; a test fails when this file and the PO file disagree.

extension Catalogue {
    static let simplifiedChineseEntries: [(part: String, entries: [CatalogueEntry])] = [
        ("common", zhHansCommon),
        ("toolkit", zhHansToolkit),
        ("store", zhHansStore),
        ("payments", zhHansPayments),
        ("auction", zhHansAuction),
        ("kiosk", zhHansKiosk),
        ("storage", zhHansStorage),
        ("backOffice", zhHansBackOffice),
        ("till", zhHansTill),
        ("stockroom", zhHansStockroom),
        ("staff", zhHansStaff),
        ("barcodes", zhHansBarcodes),
        ("discounts", zhHansDiscounts),
    ]
}
