import type { MailCopy } from '../templates.ts';

// Traditional Chinese, Taiwan and Hong Kong vocabulary.
export const zhHant: MailCopy = {
  htmlLang: 'zh-Hant',
  greeting: '親愛的{firstName}您好：',
  greetingDefault: '親愛的顧客您好：',
  signOff: '順頌時祺',
  signature: '{brand}顧客服務部',
  fallbackLink: '若按鈕無法使用，請將以下連結複製至瀏覽器開啟：',
  automatic: '此郵件由系統自動發送，請勿直接回覆。',
  templates: {
    activation: {
      subject: '請啟用您的{brand}帳戶',
      heading: '歡迎蒞臨{brand}',
      body: ['感謝您建立{brand}帳戶。', '請點選下方按鈕確認您的電子郵件地址，以啟用您的帳戶。'],
      action: '啟用帳戶',
      after: ['若您並未申請建立此帳戶，請忽略此郵件。'],
    },
    'account-exists': {
      subject: '您的{brand}帳戶',
      heading: '此帳戶已存在',
      body: ['我們收到以此電子郵件地址建立帳戶的申請，但此地址已與一個{brand}帳戶連結。', '您可使用現有密碼登入。'],
      action: '登入',
      secondary: { text: '若您忘記密碼，可設定新密碼：', label: '重設密碼' },
      after: ['若您並未提出此申請，無須進行任何操作。'],
    },
    'account-none': {
      subject: '關於您的{brand}帳戶查詢',
      heading: '此地址未連結任何帳戶',
      body: ['我們收到關於此電子郵件地址的{brand}帳戶查詢。目前此地址尚未連結任何帳戶。', '如您願意，只需片刻即可建立帳戶。'],
      action: '建立帳戶',
      after: ['若您並未提出此查詢，請忽略此郵件。'],
    },
    welcome: {
      subject: '歡迎蒞臨{brand}',
      heading: '您的帳戶已啟用',
      body: ['我們非常榮幸歡迎您加入{brand}。', '您的帳戶現已啟用。您可隨時登入，查詢訂單、管理個人資料與偏好設定，以及查看願望清單。'],
      action: '登入',
    },
    'password-reset': {
      subject: '重設您的{brand}帳戶密碼',
      heading: '重設密碼',
      body: ['我們收到重設您{brand}帳戶密碼的申請。', '請點選下方按鈕設定新密碼。此連結有效期限為60分鐘，且僅能使用一次。'],
      action: '設定新密碼',
      after: ['若您並未提出此申請，請忽略此郵件，您的密碼將維持不變。'],
    },
    'account-migration': {
      subject: '您的 {brand} 帳戶已準備就緒',
      heading: '歡迎蒞臨我們的新網站',
      body: [
        '您已申請將原網站的帳戶遷移至 {brand} 新網站。您的帳戶已準備就緒，您先前儲存的資料與地址均已保留。',
        '如需登入，請點選下方按鈕設定密碼。此連結有效期為 7 天，且僅可使用一次。',
      ],
      action: '設定密碼',
      after: ['如果您並未提出此申請，請忽略本郵件：未經此連結設定密碼，任何人皆無法登入您的帳戶。'],
    },
    'password-changed': {
      subject: '您的{brand}帳戶密碼已變更',
      heading: '您的密碼已變更',
      body: ['特此確認，您{brand}帳戶的密碼剛剛已變更。', '若為您本人所變更，無須任何操作。若非本人操作，請立即重設密碼並聯絡我們的顧客服務部。'],
      action: '重設密碼',
    },
    'newsletter-confirm': {
      subject: '請確認訂閱{brand}電子報',
      heading: '確認訂閱',
      body: ['感謝您對{brand}的關注。', '請點選下方按鈕確認您的電子郵件地址，以完成電子報訂閱。'],
      action: '確認訂閱',
      after: ['若您並未申請訂閱，請忽略此郵件，我們不會為您登記訂閱。'],
    },
    'newsletter-welcome': {
      subject: '歡迎訂閱{brand}電子報',
      heading: '感謝您的訂閱',
      body: ['您已成功訂閱{brand}電子報。', '您將搶先獲悉我們的新系列、專屬活動以及品牌的最新消息。'],
      secondary: { text: '您可隨時取消訂閱：', label: '取消訂閱' },
    },
    'contact-ack': {
      subject: '{brand}已收到您的訊息（編號：{reference}）',
      heading: '感謝您的來信',
      body: ['感謝您聯絡{brand}。我們已收到您關於「{subject}」的訊息。', '我們的顧問將盡快回覆您。', '您的查詢編號：{reference}。日後聯絡時，請提供此編號。'],
    },
    'store-reservation-ack': {
      subject: '您在{brand}精品店的商品預留 – 編號 {reference}',
      heading: '感謝您的預留申請',
      body: [
        '我們已收到您在{storeName}預留「{productName}」（{size}）的申請。',
        '精品店通常會在24小時內與您確認，隨後為您保留該商品最多三天。',
        '您的編號：{reference}。到店時請出示此編號。',
      ],
      action: '查看精品店',
    },
    'store-appointment-ack': {
      subject: '您的{brand}到店預約申請 – 編號 {reference}',
      heading: '感謝您的預約申請',
      body: [
        '我們已收到您於{when}在{storeName}的到店預約申請。',
        '精品店顧問通常會在24小時內與您確認預約。',
        '您的編號：{reference}。我們期待您的光臨。',
      ],
      action: '查看精品店',
    },
    'order-confirmation': {
      subject: "您的 {brand} 訂單 {reference} 已確認",
      heading: "感謝您的訂購",
      body: [
        "我們已收到您的訂單 {reference} 及付款。訂單內容：",
        "{items}",
        "總計：{total}。{delivery}",
        "出貨後我們將第一時間通知您。",
      ],
      action: "查看我的訂單",
    },
    'order-cancelled': {
      subject: "您的 {brand} 訂單 {reference} 已取消",
      heading: "您的訂單已取消",
      body: [
        "依您的要求，訂單 {reference} 已取消。",
        "{total} 的款項已釋放，視您的銀行而定，將於數日內自明細中消失。",
        "期待再次為您服務。",
      ],
      action: "查看我的訂單",
    },
    'return-request': {
      subject: "您的 {brand} 退貨申請 – 編號 {reference}",
      heading: "我們已收到您的退貨申請",
      body: [
        "您對訂單 {orderNumber} 的申請 {reference} 已登記：{items}。",
        "{handover}",
        "{outcome}",
      ],
      action: "查看我的申請",
    },
    'return-lapsed': {
      subject: "您的 {brand} 退貨申請 {reference} 已關閉",
      heading: "您的退貨申請已關閉",
      body: [
        "我們尚未收到訂單 {orderNumber} 退貨申請 {reference} 中的商品，因此該申請已關閉：{items}。",
        "{outcome}",
        "{next}",
      ],
      after: ["如您已寄出包裹，請憑編號 {reference} 聯絡客戶服務，我們將向承運商查詢。"],
      action: "查看我的訂單",
    },
  },
};
