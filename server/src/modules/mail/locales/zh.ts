import type { MailCopy } from '../templates.ts';

// Simplified Chinese (mainland China).
export const zh: MailCopy = {
  htmlLang: 'zh-Hans',
  greeting: '尊敬的{firstName}：',
  greetingDefault: '尊敬的顾客：',
  signOff: '顺颂时祺',
  signature: '{brand}客户服务部',
  fallbackLink: '如果按钮无法使用，请将以下链接复制到浏览器中打开：',
  automatic: '此邮件由系统自动发送，请勿直接回复。',
  templates: {
    activation: {
      subject: '请激活您的{brand}账户',
      heading: '欢迎来到{brand}',
      body: ['感谢您创建{brand}账户。', '请点击下方按钮确认您的电子邮件地址，以激活您的账户。'],
      action: '激活账户',
      after: ['如果您并未申请创建此账户，请忽略此邮件。'],
    },
    'account-exists': {
      subject: '您的{brand}账户',
      heading: '该账户已存在',
      body: ['我们收到了使用此电子邮件地址创建账户的申请，但该地址已与一个{brand}账户关联。', '您可使用现有密码登录。'],
      action: '登录',
      secondary: { text: '如果您忘记了密码，可以设置新密码：', label: '重置密码' },
      after: ['如果您并未提出此申请，无需进行任何操作。'],
    },
    'account-none': {
      subject: '关于您的{brand}账户查询',
      heading: '此地址未关联任何账户',
      body: ['我们收到了关于此电子邮件地址的{brand}账户查询。目前该地址尚未关联任何账户。', '如您愿意，只需片刻即可创建账户。'],
      action: '创建账户',
      after: ['如果您并未提出此查询，请忽略此邮件。'],
    },
    welcome: {
      subject: '欢迎来到{brand}',
      heading: '您的账户已激活',
      body: ['我们非常荣幸地欢迎您加入{brand}。', '您的账户现已激活。您可随时登录，查看订单、管理个人信息与偏好设置，以及查看心愿单。'],
      action: '登录',
    },
    'password-reset': {
      subject: '重置您的{brand}账户密码',
      heading: '重置密码',
      body: ['我们收到了重置您{brand}账户密码的申请。', '请点击下方按钮设置新密码。此链接的有效期为60分钟，且仅可使用一次。'],
      action: '设置新密码',
      after: ['如果您并未提出此申请，请忽略此邮件，您的密码将保持不变。'],
    },
    'account-migration': {
      subject: '您的 {brand} 账户已准备就绪',
      heading: '欢迎莅临我们的新网站',
      body: [
        '您已申请将原网站的账户迁移至 {brand} 新网站。您的账户已准备就绪，您此前保存的资料和地址均已保留。',
        '如需登录，请点击下方按钮设置密码。此链接有效期为 7 天，且仅可使用一次。',
      ],
      action: '设置密码',
      after: ['如果您并未提出此申请，请忽略本邮件：未经此链接设置密码，任何人都无法登录您的账户。'],
    },
    'password-changed': {
      subject: '您的{brand}账户密码已更改',
      heading: '您的密码已更改',
      body: ['特此确认，您{brand}账户的密码刚刚已被更改。', '如果是您本人进行的更改，无需任何操作。如非本人操作，请立即重置密码并联系我们的客户服务部。'],
      action: '重置密码',
    },
    'newsletter-confirm': {
      subject: '请确认订阅{brand}新闻邮件',
      heading: '确认订阅',
      body: ['感谢您对{brand}的关注。', '请点击下方按钮确认您的电子邮件地址，以完成新闻邮件的订阅。'],
      action: '确认订阅',
      after: ['如果您并未申请订阅，请忽略此邮件，我们不会为您登记订阅。'],
    },
    'newsletter-welcome': {
      subject: '欢迎订阅{brand}新闻邮件',
      heading: '感谢您的订阅',
      body: ['您已成功订阅{brand}新闻邮件。', '您将率先获悉我们的新系列、专属活动以及品牌的最新资讯。'],
      secondary: { text: '您可随时取消订阅：', label: '取消订阅' },
    },
    'contact-ack': {
      subject: '{brand}已收到您的留言（编号：{reference}）',
      heading: '感谢您的留言',
      body: ['感谢您联系{brand}。我们已收到您关于“{subject}”的留言。', '我们的顾问将尽快回复您。', '您的查询编号：{reference}。日后联系时，请提供此编号。'],
    },
    'store-reservation-ack': {
      subject: '您在{brand}精品店的商品预留 – 编号 {reference}',
      heading: '感谢您的预留申请',
      body: [
        '我们已收到您在{storeName}预留“{productName}”（{size}）的申请。',
        '精品店通常会在24小时内与您确认，随后为您保留该商品最多三天。',
        '您的编号：{reference}。到店时请出示此编号。',
      ],
      action: '查看精品店',
    },
    'store-appointment-ack': {
      subject: '您的{brand}到店预约申请 – 编号 {reference}',
      heading: '感谢您的预约申请',
      body: [
        '我们已收到您于{when}在{storeName}的到店预约申请。',
        '精品店顾问通常会在24小时内与您确认预约。',
        '您的编号：{reference}。我们期待您的光临。',
      ],
      action: '查看精品店',
    },
    'order-confirmation': {
      subject: "您的 {brand} 订单 {reference} 已确认",
      heading: "感谢您的订购",
      body: [
        "我们已收到您的订单 {reference} 及付款。订单内容：",
        "{items}",
        "总计：{total}。{delivery}",
        "发货后我们将第一时间通知您。",
      ],
      action: "查看我的订单",
    },
    'order-cancelled': {
      subject: "您的 {brand} 订单 {reference} 已取消",
      heading: "您的订单已取消",
      body: [
        "根据您的要求，订单 {reference} 已取消。",
        "{total} 的付款已释放，视您的银行而定，将在数日内从账单中消失。",
        "期待再次为您服务。",
      ],
      action: "查看我的订单",
    },
    'return-request': {
      subject: "您的 {brand} 退货申请 – 编号 {reference}",
      heading: "我们已收到您的退货申请",
      body: [
        "您对订单 {orderNumber} 的申请 {reference} 已登记：{items}。",
        "{handover}",
        "{outcome}",
      ],
      action: "查看我的申请",
    },
    'return-lapsed': {
      subject: "您的 {brand} 退货申请 {reference} 已关闭",
      heading: "您的退货申请已关闭",
      body: [
        "我们尚未收到订单 {orderNumber} 退货申请 {reference} 中的商品，因此该申请已关闭：{items}。",
        "{outcome}",
        "{next}",
      ],
      after: ["如您已寄出包裹，请凭编号 {reference} 联系客户服务，我们将向承运商查询。"],
      action: "查看我的订单",
    },
  },
};
