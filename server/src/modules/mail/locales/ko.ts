import type { MailCopy } from '../templates.ts';

export const ko: MailCopy = {
  htmlLang: 'ko',
  greeting: '{firstName} 고객님, 안녕하십니까.',
  greetingDefault: '고객님, 안녕하십니까.',
  signOff: '감사합니다.',
  signature: '{brand} 고객 서비스팀 드림',
  fallbackLink: '버튼이 작동하지 않는 경우, 아래 링크를 복사하여 브라우저에 붙여 넣어 주십시오.',
  automatic: '본 메일은 발신 전용 주소에서 자동으로 발송되었습니다. 회신하지 말아 주시기 바랍니다.',
  templates: {
    activation: {
      subject: '{brand} 계정을 활성화해 주십시오',
      heading: '{brand}에 오신 것을 환영합니다',
      body: ['{brand} 계정을 만들어 주셔서 감사합니다.', '계정을 활성화하시려면 아래 버튼을 선택하여 이메일 주소를 확인해 주십시오.'],
      action: '계정 활성화',
      after: ['계정 생성을 요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다.'],
    },
    'account-exists': {
      subject: '{brand} 계정 안내',
      heading: '이미 등록된 계정이 있습니다',
      body: ['이 이메일 주소로 계정 생성이 요청되었으나, 해당 주소는 이미 {brand} 계정에 등록되어 있습니다.', '기존 비밀번호로 로그인하실 수 있습니다.'],
      action: '로그인',
      secondary: { text: '비밀번호를 잊으셨다면 새 비밀번호를 설정하실 수 있습니다.', label: '비밀번호 재설정' },
      after: ['요청하지 않으셨다면 별도의 조치는 필요하지 않습니다.'],
    },
    'account-none': {
      subject: '{brand} 계정 문의 안내',
      heading: '이 주소로 등록된 계정이 없습니다',
      body: [
        '이 이메일 주소에 대한 {brand} 계정 문의가 접수되었습니다. 현재 이 주소로 등록된 계정은 없습니다.',
        '원하시면 몇 분 안에 계정을 만드실 수 있습니다.',
      ],
      action: '계정 만들기',
      after: ['요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다.'],
    },
    welcome: {
      subject: '{brand}에 오신 것을 환영합니다',
      heading: '계정이 활성화되었습니다',
      body: [
        '{brand}에서 고객님을 모시게 되어 기쁩니다.',
        '계정이 활성화되었습니다. 언제든지 로그인하시어 주문 내역을 확인하시고, 개인 정보와 환경 설정을 관리하시며, 위시리스트를 이용하실 수 있습니다.',
      ],
      action: '로그인',
    },
    'password-reset': {
      subject: '{brand} 비밀번호 재설정 안내',
      heading: '비밀번호 재설정',
      body: [
        '{brand} 계정의 비밀번호 재설정 요청을 받았습니다.',
        '아래 버튼을 선택하여 새 비밀번호를 설정해 주십시오. 이 링크는 60분 동안 유효하며 한 번만 사용하실 수 있습니다.',
      ],
      action: '새 비밀번호 설정',
      after: ['요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다. 비밀번호는 변경되지 않습니다.'],
    },
    'account-migration': {
      subject: '{brand} 새 사이트 계정 안내',
      heading: '새로운 사이트에 오신 것을 환영합니다',
      body: [
        '이전 사이트에서 이용하시던 계정을 {brand} 새 사이트로 옮겨 달라는 요청을 받았습니다. 계정이 준비되었으며, 저장하셨던 정보와 주소도 함께 옮겨졌습니다.',
        '로그인하시려면 아래 버튼을 선택하여 비밀번호를 설정해 주십시오. 이 링크는 7일 동안 유효하며 한 번만 사용하실 수 있습니다.',
      ],
      action: '비밀번호 설정하기',
      after: ['본인이 요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다. 이 링크를 통해 비밀번호를 설정하지 않으면 누구도 계정에 로그인할 수 없습니다.'],
    },
    'password-changed': {
      subject: '{brand} 비밀번호가 변경되었습니다',
      heading: '비밀번호가 변경되었습니다',
      body: [
        '{brand} 계정의 비밀번호가 방금 변경되었음을 알려 드립니다.',
        '직접 변경하셨다면 별도의 조치는 필요하지 않습니다. 변경하지 않으셨다면 즉시 비밀번호를 재설정하시고 고객 서비스팀으로 연락해 주십시오.',
      ],
      action: '비밀번호 재설정',
    },
    'newsletter-confirm': {
      subject: '{brand} 뉴스레터 구독을 확인해 주십시오',
      heading: '구독 확인',
      body: ['{brand}에 관심을 가져 주셔서 감사합니다.', '뉴스레터 구독을 완료하시려면 아래 버튼을 선택하여 이메일 주소를 확인해 주십시오.'],
      action: '구독 확인',
      after: ['구독을 요청하지 않으셨다면 이 이메일을 무시하셔도 됩니다. 구독은 등록되지 않습니다.'],
    },
    'newsletter-welcome': {
      subject: '{brand} 뉴스레터 구독을 환영합니다',
      heading: '구독해 주셔서 감사합니다',
      body: ['{brand} 뉴스레터 구독이 완료되었습니다.', '새로운 컬렉션과 특별한 이벤트, 메종의 소식을 가장 먼저 전해 드리겠습니다.'],
      secondary: { text: '언제든지 구독을 해지하실 수 있습니다.', label: '구독 해지' },
    },
    'contact-ack': {
      subject: '{brand} 문의 접수 안내 (접수 번호: {reference})',
      heading: '문의해 주셔서 감사합니다',
      body: [
        '{brand}에 문의해 주셔서 감사합니다. ‘{subject}’에 관한 문의를 접수하였습니다.',
        '담당 어드바이저가 가능한 한 빨리 답변 드리겠습니다.',
        '접수 번호: {reference}. 추가 문의 시 이 번호를 함께 알려 주십시오.',
      ],
    },
    'store-reservation-ack': {
      subject: '{brand} 부티크 제품 예약 – 접수 번호 {reference}',
      heading: '제품 예약을 요청해 주셔서 감사합니다',
      body: [
        '{storeName}에서 ‘{productName}’({size}) 예약 요청을 접수하였습니다.',
        '부티크에서 보통 24시간 이내에 예약을 확인해 드리며, 이후 최대 3일간 제품을 보관해 드립니다.',
        '접수 번호: {reference}. 부티크 방문 시 알려 주시기 바랍니다.',
      ],
      action: '부티크 보기',
    },
    'store-appointment-ack': {
      subject: '{brand} 방문 예약 요청 – 접수 번호 {reference}',
      heading: '방문 예약을 요청해 주셔서 감사합니다',
      body: [
        '{storeName} {when} 방문 예약 요청을 접수하였습니다.',
        '부티크의 어드바이저가 보통 24시간 이내에 예약을 확인해 드립니다.',
        '접수 번호: {reference}. 방문해 주시기를 기다리겠습니다.',
      ],
      action: '부티크 보기',
    },
    'order-confirmation': {
      subject: "{brand} 주문 {reference}이(가) 확인되었습니다",
      heading: "주문해 주셔서 감사합니다",
      body: [
        "주문 {reference}과(와) 결제가 확인되었습니다. 주문 내역:",
        "{items}",
        "합계: {total}. {delivery}",
        "발송되는 대로 알려 드리겠습니다.",
      ],
      action: "주문 보기",
    },
    'order-cancelled': {
      subject: "{brand} 주문 {reference}이(가) 취소되었습니다",
      heading: "주문이 취소되었습니다",
      body: [
        "요청하신 대로 주문 {reference}이(가) 취소되었습니다.",
        "{total} 결제가 해제되었습니다. 은행에 따라 며칠 내에 명세서에서 사라집니다.",
        "곧 다시 뵙기를 바랍니다.",
      ],
      action: "주문 보기",
    },
    'return-request': {
      subject: "{brand} 반품 요청 접수 – 접수 번호 {reference}",
      heading: "반품 요청이 접수되었습니다",
      body: [
        "주문 {orderNumber}에 대한 요청 {reference}이(가) 접수되었습니다: {items}.",
        "{handover}",
        "{outcome}",
      ],
      action: "요청 내용 보기",
    },
    'return-lapsed': {
      subject: "{brand} 반품 요청 {reference}이(가) 종료되었습니다",
      heading: "반품 요청이 종료되었습니다",
      body: [
        "주문 {orderNumber}의 반품 요청 {reference} 상품이 도착하지 않아 요청이 종료되었습니다: {items}.",
        "{outcome}",
        "{next}",
      ],
      after: ["이미 소포를 보내셨다면 참조 번호 {reference}와 함께 고객 서비스로 연락해 주십시오. 택배사를 통해 확인해 드리겠습니다."],
      action: "주문 보기",
    },
  },
};
