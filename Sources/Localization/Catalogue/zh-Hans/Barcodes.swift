// Generated from Localization/po/zh_Hans.po by `swift run po-catalogue import`.
// Translators edit the PO file; a test fails when this file and the PO file disagree.

extension Catalogue {
    static let zhHansBarcodes: [CatalogueEntry] = [
        .section("Barcode scans"),
        .text("Scanned: {0}, {1}.",
              "已扫描：{0}，{1}。"),
        .text("Scanned: {0} at the label's price, {1}.",
              "已扫描：{0}，按标签价 {1}。"),
        .text("Barcode {0} is not in the catalogue.",
              "条码 {0} 不在商品目录中。"),
        .text("{0} is not a valid barcode.",
              "{0} 不是有效的条码。"),
        .text("Barcode {0}: {1}",
              "条码 {0}：{1}"),
        .text("This product is in the cart at another price: remove that line first, or pay it.",
              "此商品已以另一价格在购物车中：请先删除该行，或先结账。"),
        .text("A label with a price is one item's: give the product its article's code, {0}.",
              "带价格的标签只代表单件商品：请为商品添加其货号条码 {0}。"),
        .text("Barcode {0} is already another product's.",
              "条码 {0} 已属于另一件商品。"),
    ]
}
