import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const operatorMessages: LocalizedMessages = {
  en_us: {
    'operator.lastSuperAdmin': 'The exchange needs at least one active super admin: make another one first',
    'operator.badCredentials': 'Wrong e-mail, password or authenticator code',
    'operator.setupLinkInvalid':
      'This setup link is no longer valid: it was used, expired, or an operator already exists',
    'operator.setupLocalOnly': 'Open the setup link on the machine that runs the server',
    'operator.setupBadCode': 'The authenticator code is wrong: scan the QR code again and enter the current code',
  },
  zh_hk: {
    'operator.lastSuperAdmin': '交易所至少需要一位啟用中的超級管理員：請先設定另一位',
    'operator.badCredentials': '電郵、密碼或驗證器代碼錯誤',
    'operator.setupLinkInvalid': '此設定連結已失效：已被使用、已過期，或已有營運人員',
    'operator.setupLocalOnly': '請在運行伺服器的機器上開啟設定連結',
    'operator.setupBadCode': '驗證器代碼錯誤：請重新掃描二維碼並輸入當前代碼',
  },
  zh_cn: {
    'operator.lastSuperAdmin': '交易所至少需要一位启用中的超级管理员：请先设置另一位',
    'operator.badCredentials': '邮箱、密码或验证器代码错误',
    'operator.setupLinkInvalid': '此设置链接已失效：已被使用、已过期，或已有运营人员',
    'operator.setupLocalOnly': '请在运行服务器的机器上打开设置链接',
    'operator.setupBadCode': '验证器代码错误：请重新扫描二维码并输入当前代码',
  },
  de: {
    'operator.lastSuperAdmin':
      'Die Börse braucht mindestens einen aktiven Super-Admin: ernennen Sie zuerst einen anderen',
    'operator.badCredentials': 'E-Mail, Passwort oder Authenticator-Code ist falsch',
    'operator.setupLinkInvalid':
      'Dieser Einrichtungslink ist nicht mehr gültig: benutzt, abgelaufen, oder es gibt bereits einen Betreiber',
    'operator.setupLocalOnly': 'Öffnen Sie den Einrichtungslink auf dem Rechner, auf dem der Server läuft',
    'operator.setupBadCode':
      'Der Authenticator-Code ist falsch: Scannen Sie den QR-Code erneut und geben Sie den aktuellen Code ein',
  },
  fr: {
    'operator.lastSuperAdmin': 'La plateforme a besoin d’au moins un super admin actif : nommez-en d’abord un autre',
    'operator.badCredentials': 'E-mail, mot de passe ou code d’authentification incorrect',
    'operator.setupLinkInvalid':
      'Ce lien d’installation n’est plus valable : déjà utilisé, expiré, ou un opérateur existe déjà',
    'operator.setupLocalOnly': 'Ouvrez le lien d’installation sur la machine qui fait tourner le serveur',
    'operator.setupBadCode':
      'Le code d’authentification est faux : scannez de nouveau le QR code et saisissez le code actuel',
  },
  jp: {
    'operator.lastSuperAdmin': '有効なスーパー管理者が少なくとも1人必要です。先に別の人を任命してください',
    'operator.badCredentials': 'メールアドレス、パスワード、または認証コードが正しくありません',
    'operator.setupLinkInvalid':
      'このセットアップリンクは無効です（使用済み、期限切れ、またはオペレーターが既に存在します）',
    'operator.setupLocalOnly': 'サーバーを実行しているマシンでセットアップリンクを開いてください',
    'operator.setupBadCode': '認証コードが正しくありません。QRコードを再度読み取り、現在のコードを入力してください',
  },
  kr: {
    'operator.lastSuperAdmin': '활성 최고 관리자가 최소 한 명 필요합니다. 먼저 다른 사람을 지정하세요',
    'operator.badCredentials': '이메일, 비밀번호 또는 인증 코드가 올바르지 않습니다',
    'operator.setupLinkInvalid': '이 설정 링크는 더 이상 유효하지 않습니다: 사용됨, 만료됨 또는 운영자가 이미 있습니다',
    'operator.setupLocalOnly': '서버가 실행 중인 컴퓨터에서 설정 링크를 여세요',
    'operator.setupBadCode': '인증 코드가 올바르지 않습니다. QR 코드를 다시 스캔하고 현재 코드를 입력하세요',
  },
  tr: {
    'operator.lastSuperAdmin': 'Borsanın en az bir etkin süper yöneticisi olmalı: önce başka birini atayın',
    'operator.badCredentials': 'E-posta, şifre veya doğrulama kodu hatalı',
    'operator.setupLinkInvalid':
      'Bu kurulum bağlantısı artık geçerli değil: kullanıldı, süresi doldu veya zaten bir operatör var',
    'operator.setupLocalOnly': 'Kurulum bağlantısını sunucunun çalıştığı makinede açın',
    'operator.setupBadCode': 'Doğrulama kodu hatalı: QR kodunu yeniden tarayın ve güncel kodu girin',
  },
};
