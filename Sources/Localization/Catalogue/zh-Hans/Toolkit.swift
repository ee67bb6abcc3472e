/// The toolkit's own texts: the footer's common hints, the help overlay, empty lists, dialogs,
/// and the too-small screen.
extension Catalogue {
    static let zhHansToolkit: [String: String] = [
        "Select": "选择",
        "Back": "返回",
        "Keys": "按键",
        "Quit": "退出",
        "Next field": "下一栏",
        "Esc or ? closes": "按 Esc 或 ? 关闭",
        "Nothing here": "这里还没有内容",
        "OK": "确定",
        "Terminal too small": "终端窗口太小",
        "{0}x{1}, need {2}x{3}": "当前 {0}x{1}，至少需要 {2}x{3}",
        "Enlarge the window": "请把窗口放大",
    ]
}
