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

        // MARK: The terminal
        "an interactive terminal is needed (stdin and stdout must be a tty)": "需要一个交互式终端（标准输入和输出必须是 tty）",
        "curses cannot drive this terminal (TERM={0})": "curses 无法驱动这个终端（TERM={0}）",
        "TERM={0} cannot move the cursor, so no screen can be drawn": "TERM={0} 无法移动光标，因此画不出任何界面",

        // MARK: Theme files
        "no such theme file": "没有这个主题文件",
        "no theme named \"{0}\" ({1})": "没有名为“{0}”的主题（{1}）",
        "cannot read the file ({0})": "无法读取文件（{0}）",
        "unknown key; a theme has name, description and the tables [truecolor], [colors-256], [colors-8], [mono]": "未知的键；主题只有 name、description 以及 [truecolor]、[colors-256]、[colors-8]、[mono] 四个表",
        "unknown colour role; the roles are {0}": "未知的颜色角色；可用的角色有 {0}",
        "a monochrome look has attributes only, no colours": "单色外观只有属性，没有颜色",
        "unknown field; a look has fg, bg and attributes": "未知的字段；外观只有 fg、bg 和 attributes",
        "{0} is not a colour here; use {1}": "{0} 在这里不是颜色；请用 {1}",
        "expected a colour ({0}), found {1}": "这里应为颜色（{0}），实际是{1}",
        "\"{0}\" is not a colour here; use {1}": "“{0}”在这里不是颜色；请用 {1}",
        "expected a list such as [\"bold\", \"underline\"], found {0}": "这里应为列表，例如 [\"bold\", \"underline\"]，实际是{0}",
        "{0} is not an attribute; use bold, underline, reverse or dim": "{0} 不是属性；请用 bold、underline、reverse 或 dim",
        "expected a string, found {0}": "这里应为字符串，实际是{0}",
        "expected {0}, found {1}": "这里应为{0}，实际是{1}",
        "a table such as [{0}]": "表，例如 [{0}]",
        "an inline table such as { fg = 214, bg = \"default\" }": "内联表，例如 { fg = 214, bg = \"default\" }",
        "a table": "一个表",
        "a list": "一个列表",
        "a string": "一个字符串",
        "an integer": "一个整数",
        "a number": "一个数字",
        "a boolean": "一个布尔值",
        "a date or time": "一个日期或时间",
    ]
}
