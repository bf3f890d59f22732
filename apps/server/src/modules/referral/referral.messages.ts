import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const referralMessages: LocalizedMessages = {
  en_us: {
    'credit.reasonEmpty': 'Please give the reason, the user will see it',
    'credit.userNotFound': 'User not found',
    'field.score': 'Credit score',
  },
  zh_hk: {
    'credit.reasonEmpty': '請填寫原因，用戶將會看到',
    'credit.userNotFound': '找不到用戶',
    'field.score': '信用分',
  },
  zh_cn: {
    'credit.reasonEmpty': '请填写原因，用户将会看到',
    'credit.userNotFound': '找不到用户',
    'field.score': '信用分',
  },
  de: {
    'credit.reasonEmpty': 'Bitte geben Sie den Grund an, der Nutzer sieht ihn',
    'credit.userNotFound': 'Nutzer nicht gefunden',
    'field.score': 'Kreditpunktzahl',
  },
  fr: {
    'credit.reasonEmpty': 'Veuillez indiquer le motif, l’utilisateur le verra',
    'credit.userNotFound': 'Utilisateur introuvable',
    'field.score': 'Score de crédit',
  },
  jp: {
    'credit.reasonEmpty': '理由を入力してください（ユーザーに表示されます）',
    'credit.userNotFound': 'ユーザーが見つかりません',
    'field.score': '信用スコア',
  },
  kr: {
    'credit.reasonEmpty': '사유를 입력하세요. 사용자에게 표시됩니다',
    'credit.userNotFound': '사용자를 찾을 수 없습니다',
    'field.score': '신용 점수',
  },
  tr: {
    'credit.reasonEmpty': 'Lütfen nedeni yazın, kullanıcı bunu görecek',
    'credit.userNotFound': 'Kullanıcı bulunamadı',
    'field.score': 'Kredi puanı',
  },
};
