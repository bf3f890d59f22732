import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const responsibleMessages: LocalizedMessages = {
  en_us: {
    'responsible.quizRequired':
      'Before your first futures or cycle order, please take the short risk quiz (Me → Responsible trading)',
    'responsible.excluded':
      'Your cooling-off runs until {until}: new futures positions and cycle contracts are paused. Closing positions and withdrawals still work',
    'responsible.leverageCapped': 'Accounts younger than {days} days can use at most {cap}× leverage (until {until})',
    'responsible.cannotShorten': 'A cooling-off can be extended but not shortened; yours runs until {until}',
    'responsible.periodInvalid': 'Choose 24 hours, 7 days, 30 days, 3 months or 6 months',
    'responsible.answerInvalid': 'Choose one of the answers',
    'responsible.userNotFound': 'User not found',
    'field.period': 'Period',
    'field.leverage': 'Leverage',
  },
  zh_hk: {
    'responsible.quizRequired': '首次下合約或週期合約訂單前，請先完成簡短的風險測驗（我的 → 理性交易）',
    'responsible.excluded': '你的冷靜期至 {until}：暫停開立新的合約倉位和週期合約。平倉和提幣仍可使用',
    'responsible.leverageCapped': '註冊未滿 {days} 天的帳戶最高只能使用 {cap} 倍槓桿（至 {until}）',
    'responsible.cannotShorten': '冷靜期只能延長不能縮短；你的冷靜期至 {until}',
    'responsible.periodInvalid': '請選擇 24 小時、7 天、30 天、3 個月或 6 個月',
    'responsible.answerInvalid': '請選擇其中一個答案',
    'responsible.userNotFound': '找不到用戶',
    'field.period': '期限',
    'field.leverage': '槓桿',
  },
  zh_cn: {
    'responsible.quizRequired': '首次下合约或周期合约订单前，请先完成简短的风险测验（我的 → 理性交易）',
    'responsible.excluded': '你的冷静期至 {until}：暂停开立新的合约仓位和周期合约。平仓和提币仍可使用',
    'responsible.leverageCapped': '注册未满 {days} 天的账户最高只能使用 {cap} 倍杠杆（至 {until}）',
    'responsible.cannotShorten': '冷静期只能延长不能缩短；你的冷静期至 {until}',
    'responsible.periodInvalid': '请选择 24 小时、7 天、30 天、3 个月或 6 个月',
    'responsible.answerInvalid': '请选择其中一个答案',
    'responsible.userNotFound': '找不到用户',
    'field.period': '期限',
    'field.leverage': '杠杆',
  },
  de: {
    'responsible.quizRequired':
      'Bitte machen Sie vor Ihrer ersten Futures- oder Zyklus-Order das kurze Risiko-Quiz (Ich → Verantwortungsvoll handeln)',
    'responsible.excluded':
      'Ihre Bedenkzeit läuft bis {until}: neue Futures-Positionen und Zyklus-Kontrakte sind pausiert. Positionen schließen und Auszahlungen funktionieren weiterhin',
    'responsible.leverageCapped':
      'Konten, die jünger als {days} Tage sind, können höchstens {cap}× Hebel nutzen (bis {until})',
    'responsible.cannotShorten': 'Eine Bedenkzeit kann verlängert, aber nicht verkürzt werden; Ihre läuft bis {until}',
    'responsible.periodInvalid': 'Wählen Sie 24 Stunden, 7 Tage, 30 Tage, 3 Monate oder 6 Monate',
    'responsible.answerInvalid': 'Wählen Sie eine der Antworten',
    'responsible.userNotFound': 'Nutzer nicht gefunden',
    'field.period': 'Zeitraum',
    'field.leverage': 'Hebel',
  },
  fr: {
    'responsible.quizRequired':
      'Avant votre premier ordre futures ou cycle, répondez au court questionnaire sur les risques (Moi → Trading responsable)',
    'responsible.excluded':
      'Votre pause court jusqu’au {until} : les nouvelles positions futures et les contrats cycle sont suspendus. La clôture des positions et les retraits restent possibles',
    'responsible.leverageCapped':
      'Les comptes de moins de {days} jours peuvent utiliser au plus un effet de levier de {cap}× (jusqu’au {until})',
    'responsible.cannotShorten': 'Une pause peut être prolongée mais pas raccourcie ; la vôtre court jusqu’au {until}',
    'responsible.periodInvalid': 'Choisissez 24 heures, 7 jours, 30 jours, 3 mois ou 6 mois',
    'responsible.answerInvalid': 'Choisissez une des réponses',
    'responsible.userNotFound': 'Utilisateur introuvable',
    'field.period': 'Durée',
    'field.leverage': 'Effet de levier',
  },
  jp: {
    'responsible.quizRequired':
      '初めての先物またはサイクル注文の前に、短いリスク確認クイズに回答してください（マイページ → 責任ある取引）',
    'responsible.excluded':
      'クーリングオフ期間は {until} までです。新しい先物ポジションとサイクル契約は停止中です。ポジションの決済と出金は引き続き利用できます',
    'responsible.leverageCapped': '登録から {days} 日未満のアカウントのレバレッジは最大 {cap} 倍です（{until} まで）',
    'responsible.cannotShorten': 'クーリングオフは延長できますが短縮はできません。現在の期間は {until} までです',
    'responsible.periodInvalid': '24時間、7日、30日、3か月、6か月から選んでください',
    'responsible.answerInvalid': 'いずれかの回答を選んでください',
    'responsible.userNotFound': 'ユーザーが見つかりません',
    'field.period': '期間',
    'field.leverage': 'レバレッジ',
  },
  kr: {
    'responsible.quizRequired': '첫 선물 또는 사이클 주문 전에 짧은 위험 퀴즈를 풀어 주세요(내 정보 → 책임 있는 거래)',
    'responsible.excluded':
      '냉각 기간이 {until}까지입니다. 새 선물 포지션과 사이클 계약이 중지됩니다. 포지션 청산과 출금은 계속 가능합니다',
    'responsible.leverageCapped': '가입 {days}일 미만 계정은 최대 {cap}배 레버리지만 사용할 수 있습니다({until}까지)',
    'responsible.cannotShorten': '냉각 기간은 연장만 가능하고 단축할 수 없습니다. 현재 {until}까지입니다',
    'responsible.periodInvalid': '24시간, 7일, 30일, 3개월, 6개월 중에서 선택하세요',
    'responsible.answerInvalid': '답 중 하나를 선택하세요',
    'responsible.userNotFound': '사용자를 찾을 수 없습니다',
    'field.period': '기간',
    'field.leverage': '레버리지',
  },
  tr: {
    'responsible.quizRequired':
      'İlk vadeli veya döngü emrinizden önce lütfen kısa risk testini yapın (Ben → Sorumlu işlem)',
    'responsible.excluded':
      'Ara verme süreniz {until} tarihine kadar: yeni vadeli pozisyonlar ve döngü sözleşmeleri durduruldu. Pozisyon kapatma ve para çekme çalışmaya devam eder',
    'responsible.leverageCapped':
      '{days} günden yeni hesaplar en fazla {cap}× kaldıraç kullanabilir ({until} tarihine kadar)',
    'responsible.cannotShorten': 'Ara verme süresi uzatılabilir ama kısaltılamaz; sizinki {until} tarihine kadar',
    'responsible.periodInvalid': '24 saat, 7 gün, 30 gün, 3 ay veya 6 ay seçin',
    'responsible.answerInvalid': 'Cevaplardan birini seçin',
    'responsible.userNotFound': 'Kullanıcı bulunamadı',
    'field.period': 'Süre',
    'field.leverage': 'Kaldıraç',
  },
};
