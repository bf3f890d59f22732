import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const operatorMessages: LocalizedMessages = {
  en_us: { 'operator.badCredentials': 'Wrong e-mail, password or authenticator code' },
  zh_hk: { 'operator.badCredentials': '電郵、密碼或驗證器代碼錯誤' },
  zh_cn: { 'operator.badCredentials': '邮箱、密码或验证器代码错误' },
  de: { 'operator.badCredentials': 'E-Mail, Passwort oder Authenticator-Code ist falsch' },
  fr: { 'operator.badCredentials': 'E-mail, mot de passe ou code d’authentification incorrect' },
  jp: { 'operator.badCredentials': 'メールアドレス、パスワード、または認証コードが正しくありません' },
  kr: { 'operator.badCredentials': '이메일, 비밀번호 또는 인증 코드가 올바르지 않습니다' },
  tr: { 'operator.badCredentials': 'E-posta, şifre veya doğrulama kodu hatalı' },
};
