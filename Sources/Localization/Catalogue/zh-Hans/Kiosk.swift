/// The kiosk shell (attract banner, "Are you still there?", the operator's PIN and menu, the
/// receipt printer), the accessible mode's lines, and what the `checkout` command says itself.
extension Catalogue {
    static let zhHansKiosk: [String: String] = [
        // MARK: Kiosk: attract loop and idle countdown
        "Press any key to start": "按任意键开始",
        "DEMO": "演示",
        "Are you still there?": "您还在吗？",
        "Press any key to keep shopping.": "按任意键继续购物。",
        "Starting over in {0} s.": "{0} 秒后重新开始。",
        "I'm here": "我还在",

        // MARK: Kiosk: operator PIN and menu
        "Operator": "操作员",
        "Operator PIN: {0}": "操作员 PIN：{0}",
        "Enter: confirm · Esc: cancel": "Enter：确认 · Esc：取消",
        "Wrong PIN.": "PIN 错误。",
        "Operator menu locked after {0} wrong PINs; try again later.": "PIN 连续错误 {0} 次，操作员菜单已锁定，请稍后再试。",
        "Operator menu": "操作员菜单",
        "Exit the counter": "退出收银台",
        "Change theme": "更换主题",
        "Print last receipt": "打印上一张收据",
        "Back to the counter": "返回收银台",
        "Theme: {0}": "主题：{0}",
        "No receipt yet since the counter started.": "收银台启动以来还没有收据。",
        "Order {0} printed to {1}.": "订单 {0} 已打印到 {1}。",
        "Printer unavailable ({0}).": "打印机不可用（{0}）。",

        // MARK: Kiosk: notices (second row)
        "Theme: {0} (F2: next theme)": "主题：{0}（F2：下一个主题）",
        "Receipt for order {0} printed.": "订单 {0} 的收据已打印。",
        "Your order number is {0}. The receipt printer is unavailable.": "您的订单号是 {0}。收据打印机不可用。",

        // MARK: Kiosk: theme names (the themes that ship with the counter)
        "honey": "蜂蜜",
        "midnight": "午夜",
        "mono": "单色",
        "high-contrast": "高对比度",

        // MARK: Kiosk: receipt printer
        "no printer configured": "未配置打印机",
        "cannot write to {0}": "无法写入 {0}",
        "Checkout Counter · Honey Store": "收银台 · 蜂蜜商店",
        "** COPY **": "** 副本 **",
        "Order {0}": "订单 {0}",
        "Total {0}": "合计 {0}",
        "Paid with {0} **** {1}": "支付方式：{0} **** {1}",
        "Thank you!": "谢谢惠顾！",

        // MARK: Kiosk: operator PIN file
        "the PIN needs 4 to 12 digits": "PIN 需要 4 到 12 位数字",
        "the PIN is digits only (the operator types it on the kiosk's keys)": "PIN 只能是数字（操作员在自助终端的键盘上输入）",
        "cannot write the PIN file: {0}": "无法写入 PIN 文件：{0}",

        // MARK: Accessible mode: main menu
        "Checkout Counter, accessible mode. Answer each question with a number or the text asked for, then Enter.":
            "收银台，无障碍模式。请用数字或所问的内容回答每个问题，然后按 Enter。",
        "Goodbye.": "再见。",
        "Signed in as {0}.": "已登录：{0}。",
        "Shopping as a guest.": "以访客身份购物。",
        "Main menu. {0} {1}": "主菜单。{0}{1}",
        "Browse the honey jars": "浏览蜂蜜",
        "Your cart": "您的购物车",
        "Check out": "结账",
        "Sign in or create an account": "登录或创建账户",
        "Sign out": "退出登录",
        "Back to the main menu": "返回主菜单",
        "Your choice, 1 to {0}:": "请选择（1 到 {0}）：",
        "Please answer with a number from {0} to {1}.": "请输入 {0} 到 {1} 之间的数字。",

        // MARK: Accessible mode: shelves and cart
        "The shelves could not be loaded: {0}": "无法加载商品：{0}",
        "The honey jars, {0} of them.": "共有 {0} 种蜂蜜。",
        "{0}, {1}": "{0}，{1}",
        "{0}, {1}, sold out": "{0}，{1}，已售罄",
        "{0}, {1}, {2} on the shelf": "{0}，{1}，库存 {2} 瓶",
        "How many jars of {0}? (0 to cancel)": "{0}要几瓶？（输入 0 取消）",
        "Added. {0}": "已加入。{0}",
        "Not added: {0}": "未能加入：{0}",
        "Your cart is empty.": "购物车是空的。",
        "Your cart: {0} jar, {1}.": "购物车：{0} 瓶，{1}。",
        "Your cart: {0} jars, {1}.": "购物车：{0} 瓶，{1}。",
        "Your cart:": "购物车：",
        "{0} × {1}, {2}": "{0} × {1}，{2}",
        "Total {0}.": "合计 {0}。",
        "Empty the cart": "清空购物车",
        "Emptied. {0}": "已清空。{0}",

        // MARK: Accessible mode: account
        "Signed out. Your cart and saved cards stay with your account.": "已退出登录。您的购物车和已保存的卡仍保留在账户中。",
        "Create an account": "创建账户",
        "Email address:": "邮箱地址：",
        "Password:": "密码：",
        "Welcome, {0}. {1}": "欢迎，{0}。{1}",
        "That did not work. {0} Back to the main menu.": "操作未成功。{0}返回主菜单。",

        // MARK: Accessible mode: checking out
        "Your cart is empty: browse the honey jars first.": "购物车是空的：请先浏览蜂蜜。",
        "Checking out: {0}": "正在结账。{0}",
        "Saved card {0} ending {1}, expires {2}": "已保存的卡 {0}，尾号 {1}，有效期至 {2}",
        "A new card": "新银行卡",
        "Save this card for next time": "保存此卡，下次使用",
        "Do not save it": "不保存",
        "Card number (digits, spaces allowed):": "卡号（数字，可含空格）：",
        "Expiry, month and year as MM/YY:": "有效期，月/年，格式 MM/YY：",
        "Security code (CVC):": "安全码（CVC）：",
        "Name on the card:": "持卡人姓名：",
        "The card was not accepted. {0}": "此卡未被接受。{0}",
        "Enter the card again": "重新输入银行卡",
        "Paying. Please wait.": "正在支付，请稍候。",
        "Your bank asks you to confirm (3-D Secure): {0} to {1} with {2} ending {3}.":
            "您的银行要求确认（3-D Secure）：使用尾号 {3} 的 {2} 向{1}支付 {0}。",
        "The code your bank sent (empty to cancel):": "银行发送的验证码（留空则取消）：",
        "Payment approved. Thank you!": "支付成功，谢谢！",
        "Receipt: order {0}.": "收据：订单 {0}。",
        "Total {0}, paid with {1} ending {2}.": "合计 {0}，已使用尾号 {2} 的 {1} 支付。",
        "The payment did not go through. {0} Nothing was charged; your cart is as it was.":
            "支付未成功。{0}未扣款，购物车保持不变。",

        // MARK: Command line: kiosk and counter
        "no operator PIN is set ({0}); the kiosk can only be stopped by the system. Set one with: checkout kiosk --set-operator-pin":
            "未设置操作员 PIN（{0}），自助终端只能由系统停止。设置方法：checkout kiosk --set-operator-pin",
        "Operator PIN (digits), then Enter:": "请输入操作员 PIN（数字），然后按 Enter：",
        "no PIN on standard input": "标准输入中没有 PIN",
        "Operator PIN stored (hashed) in {0}.": "操作员 PIN 已以哈希形式保存到 {0}。",
        "Theme not used: {0}": "未使用主题：{0}",
        "theme not used: {0}": "未使用主题：{0}",
        "{0}.": "{0}。",
        "Run it in a terminal such as xterm (TERM=xterm-256color),\nor use `checkout --accessible` for the store as plain numbered prompts.":
            "请在 xterm 等终端中运行（TERM=xterm-256color），\n或使用 `checkout --accessible`，以纯文本编号提示购物。",
        "the store could not open its database: {0}": "商店无法打开数据库：{0}",

        // MARK: Command line: checkout themes
        "No theme files found; the built-in {0} theme is used.": "未找到主题文件，使用内置的 {0} 主题。",
        "--tier is truecolor, colors-256, colors-8 or mono": "--tier 只能是 truecolor、colors-256、colors-8 或 mono",
        "broken: {0}": "已损坏：{0}",
        "* the default. Use one with: checkout --theme NAME (or a path); F2 changes it while the counter runs.":
            "* 为默认主题。使用方法：checkout --theme 名称（或路径）；收银台运行时按 F2 切换。",
        "White and bright yellow on black, strong attributes": "黑底白字配亮黄，文字效果醒目",
        "Warm amber and gold on a dark background (the default)": "深色背景上的暖琥珀色与金色（默认）",
        "Pale blue and cyan on deep navy": "深藏青底上的浅蓝与青色",
        "No colours anywhere: attributes only, on the terminal's own colours": "完全不用颜色：只用文字效果，沿用终端自身的颜色",
        "Heather honey": "石楠蜂蜜",
        "{0} on the shelf": "库存 {0} 瓶",
        "Saved card": "已保存的卡",
        "Payment approved": "支付成功",
        "Card declined": "银行卡被拒",
    ]
}
