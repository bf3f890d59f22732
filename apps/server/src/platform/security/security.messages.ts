import type { LocalizedMessages } from '../i18n/messages.ts';

/**
 * Messages of account protection (docs/decisions/0012): sign-in delays and codes, locks with their
 * until-when, the withdrawal cool-down and freeze, the new-device e-mail and the anti-phishing code.
 * `{until}` is a UTC time ("2026-11-25 10:30 UTC").
 */
export const securityMessages: LocalizedMessages = {
  en_us: {
    'security.loginDelayed':
      'Too many failed sign-ins to this account from your network. Try again in {seconds} seconds',
    'security.loginDelayedSource': 'Too many failed sign-ins from your network. Try again in {seconds} seconds',
    'security.loginCodeRequired':
      'For your security this sign-in also needs a verification code. Tap "Send code" and enter the code we send to your {channel}',
    'security.channel.email': 'e-mail',
    'security.channel.sms': 'phone',
    'security.fundPasswordLocked': 'Your fund password is locked after too many wrong tries until {until}',
    'security.totpLocked': 'Authenticator codes are locked after too many wrong tries until {until}',
    'security.totpReused': 'This authenticator code has already been used. Please wait for the next code',
    'security.codeLocked': 'Too many wrong verification codes. Code entry for this address is locked until {until}',
    'security.addressNew':
      'This withdrawal address is new. Add it to your address book first: for your safety it can be used {hours} hours after that',
    'security.addressCooling':
      'This withdrawal address is new. For your safety it can be used from {until} ({hours} hours after it was added to your address book)',
    'security.withdrawFrozenByOperator': 'Withdrawals are paused on this account. Please contact support',
    'security.withdrawFrozen': 'Withdrawals are paused until {until} because your {change} was changed recently',
    'security.change.password': 'login password',
    'security.change.fund_password': 'fund password',
    'security.change.totp': 'two-factor authentication',
    'security.change.email': 'e-mail address',
    'security.change.phone': 'phone number',
    'security.newDeviceSubject': '[Tidemark] New sign-in to your account',
    'security.newDeviceText':
      'Your Tidemark account was just signed in from a new device.\nDevice: {device}\nNetwork address: {ip}\nTime: {time}\nIf this was you, no action is needed. If not, change your password at once, turn on two-factor authentication and contact support.',
    'security.antiPhishingLine': 'Anti-phishing code: {code}',
    'security.antiPhishingRule': 'The anti-phishing code must be 4-20 letters or digits',
  },
  zh_hk: {
    'security.loginDelayed': '此帳戶從您的網絡登入失敗次數過多，請於 {seconds} 秒後再試',
    'security.loginDelayedSource': '您的網絡登入失敗次數過多，請於 {seconds} 秒後再試',
    'security.loginCodeRequired':
      '為保障安全，此次登入還需要驗證碼。請點擊「發送驗證碼」，並輸入發送到您{channel}的驗證碼',
    'security.channel.email': '電郵',
    'security.channel.sms': '手機',
    'security.fundPasswordLocked': '資金密碼錯誤次數過多，已鎖定至 {until}',
    'security.totpLocked': '驗證器代碼錯誤次數過多，已鎖定至 {until}',
    'security.totpReused': '此驗證器代碼已使用過，請等待下一個代碼',
    'security.codeLocked': '驗證碼錯誤次數過多，此地址的驗證碼輸入已鎖定至 {until}',
    'security.addressNew': '此提幣地址為新地址。請先加入地址簿：為保障安全，加入 {hours} 小時後方可使用',
    'security.addressCooling': '此提幣地址為新地址。為保障安全，可於 {until} 起使用（加入地址簿 {hours} 小時後）',
    'security.withdrawFrozenByOperator': '此帳戶的提幣已暫停，請聯繫客服',
    'security.withdrawFrozen': '由於您最近更改了{change}，提幣已暫停至 {until}',
    'security.change.password': '登入密碼',
    'security.change.fund_password': '資金密碼',
    'security.change.totp': '雙重驗證',
    'security.change.email': '電郵地址',
    'security.change.phone': '手機號碼',
    'security.newDeviceSubject': '【Tidemark】您的帳戶有新的登入',
    'security.newDeviceText':
      '您的 Tidemark 帳戶剛剛在新裝置上登入。\n裝置：{device}\n網絡地址：{ip}\n時間：{time}\n如是本人操作，無需處理。如非本人，請立即更改密碼、開啟雙重驗證並聯絡客服。',
    'security.antiPhishingLine': '防釣魚碼：{code}',
    'security.antiPhishingRule': '防釣魚碼須為 4-20 位字母或數字',
  },
  zh_cn: {
    'security.loginDelayed': '该账户从您的网络登录失败次数过多，请于 {seconds} 秒后再试',
    'security.loginDelayedSource': '您的网络登录失败次数过多，请于 {seconds} 秒后再试',
    'security.loginCodeRequired':
      '为保障安全，本次登录还需要验证码。请点击“发送验证码”，并输入发送到您{channel}的验证码',
    'security.channel.email': '邮箱',
    'security.channel.sms': '手机',
    'security.fundPasswordLocked': '资金密码错误次数过多，已锁定至 {until}',
    'security.totpLocked': '验证器代码错误次数过多，已锁定至 {until}',
    'security.totpReused': '该验证器代码已使用过，请等待下一个代码',
    'security.codeLocked': '验证码错误次数过多，该地址的验证码输入已锁定至 {until}',
    'security.addressNew': '该提币地址为新地址。请先加入地址簿：为保障安全，加入 {hours} 小时后方可使用',
    'security.addressCooling': '该提币地址为新地址。为保障安全，可于 {until} 起使用（加入地址簿 {hours} 小时后）',
    'security.withdrawFrozenByOperator': '此账户的提币已暂停，请联系客服',
    'security.withdrawFrozen': '由于您最近修改了{change}，提币已暂停至 {until}',
    'security.change.password': '登录密码',
    'security.change.fund_password': '资金密码',
    'security.change.totp': '双重验证',
    'security.change.email': '邮箱地址',
    'security.change.phone': '手机号码',
    'security.newDeviceSubject': '【Tidemark】您的账户有新的登录',
    'security.newDeviceText':
      '您的 Tidemark 账户刚刚在新设备上登录。\n设备：{device}\n网络地址：{ip}\n时间：{time}\n如是本人操作，无需处理。如非本人，请立即修改密码、开启双重验证并联系客服。',
    'security.antiPhishingLine': '防钓鱼码：{code}',
    'security.antiPhishingRule': '防钓鱼码须为 4-20 位字母或数字',
  },
  de: {
    'security.loginDelayed':
      'Zu viele fehlgeschlagene Anmeldungen bei diesem Konto aus Ihrem Netzwerk. Versuchen Sie es in {seconds} Sekunden erneut',
    'security.loginDelayedSource':
      'Zu viele fehlgeschlagene Anmeldungen aus Ihrem Netzwerk. Versuchen Sie es in {seconds} Sekunden erneut',
    'security.loginCodeRequired':
      'Zu Ihrer Sicherheit braucht diese Anmeldung zusätzlich einen Bestätigungscode. Tippen Sie auf „Code senden“ und geben Sie den Code ein, den wir an Ihre {channel} senden',
    'security.channel.email': 'E-Mail-Adresse',
    'security.channel.sms': 'Telefonnummer',
    'security.fundPasswordLocked': 'Ihr Fondspasswort ist nach zu vielen Fehlversuchen gesperrt bis {until}',
    'security.totpLocked': 'Authenticator-Codes sind nach zu vielen Fehlversuchen gesperrt bis {until}',
    'security.totpReused': 'Dieser Authenticator-Code wurde bereits verwendet. Bitte warten Sie auf den nächsten Code',
    'security.codeLocked':
      'Zu viele falsche Bestätigungscodes. Die Code-Eingabe für diese Adresse ist gesperrt bis {until}',
    'security.addressNew':
      'Diese Auszahlungsadresse ist neu. Fügen Sie sie zuerst Ihrem Adressbuch hinzu: zu Ihrer Sicherheit ist sie {hours} Stunden danach nutzbar',
    'security.addressCooling':
      'Diese Auszahlungsadresse ist neu. Zu Ihrer Sicherheit ist sie ab {until} nutzbar ({hours} Stunden nach dem Eintrag ins Adressbuch)',
    'security.withdrawFrozenByOperator':
      'Auszahlungen sind für dieses Konto pausiert. Bitte wenden Sie sich an den Support',
    'security.withdrawFrozen': 'Auszahlungen sind bis {until} pausiert, weil Ihr(e) {change} kürzlich geändert wurde',
    'security.change.password': 'Login-Passwort',
    'security.change.fund_password': 'Fondspasswort',
    'security.change.totp': 'Zwei-Faktor-Authentifizierung',
    'security.change.email': 'E-Mail-Adresse',
    'security.change.phone': 'Telefonnummer',
    'security.newDeviceSubject': '[Tidemark] Neue Anmeldung bei Ihrem Konto',
    'security.newDeviceText':
      'Ihr Tidemark-Konto wurde soeben auf einem neuen Gerät angemeldet.\nGerät: {device}\nNetzwerkadresse: {ip}\nZeit: {time}\nWaren Sie das, ist nichts zu tun. Falls nicht, ändern Sie sofort Ihr Passwort, aktivieren Sie die Zwei-Faktor-Authentifizierung und kontaktieren Sie den Support.',
    'security.antiPhishingLine': 'Anti-Phishing-Code: {code}',
    'security.antiPhishingRule': 'Der Anti-Phishing-Code muss aus 4-20 Buchstaben oder Ziffern bestehen',
  },
  fr: {
    'security.loginDelayed':
      'Trop de connexions échouées à ce compte depuis votre réseau. Réessayez dans {seconds} secondes',
    'security.loginDelayedSource': 'Trop de connexions échouées depuis votre réseau. Réessayez dans {seconds} secondes',
    'security.loginCodeRequired':
      'Pour votre sécurité, cette connexion demande aussi un code de vérification. Touchez « Envoyer le code » et saisissez le code envoyé à votre {channel}',
    'security.channel.email': 'adresse e-mail',
    'security.channel.sms': 'téléphone',
    'security.fundPasswordLocked': 'Votre mot de passe de fonds est bloqué après trop d’erreurs jusqu’au {until}',
    'security.totpLocked': 'Les codes d’authentification sont bloqués après trop d’erreurs jusqu’au {until}',
    'security.totpReused': 'Ce code d’authentification a déjà été utilisé. Attendez le code suivant',
    'security.codeLocked':
      'Trop de codes de vérification erronés. La saisie de code pour cette adresse est bloquée jusqu’au {until}',
    'security.addressNew':
      'Cette adresse de retrait est nouvelle. Ajoutez-la d’abord à votre carnet d’adresses : pour votre sécurité, elle sera utilisable {hours} heures plus tard',
    'security.addressCooling':
      'Cette adresse de retrait est nouvelle. Pour votre sécurité, elle est utilisable à partir du {until} ({hours} heures après son ajout au carnet d’adresses)',
    'security.withdrawFrozenByOperator': 'Les retraits sont suspendus sur ce compte. Veuillez contacter le support',
    'security.withdrawFrozen':
      'Les retraits sont suspendus jusqu’au {until} car votre {change} a été modifié récemment',
    'security.change.password': 'mot de passe de connexion',
    'security.change.fund_password': 'mot de passe de fonds',
    'security.change.totp': 'authentification à deux facteurs',
    'security.change.email': 'adresse e-mail',
    'security.change.phone': 'numéro de téléphone',
    'security.newDeviceSubject': '[Tidemark] Nouvelle connexion à votre compte',
    'security.newDeviceText':
      'Votre compte Tidemark vient d’être connecté depuis un nouvel appareil.\nAppareil : {device}\nAdresse réseau : {ip}\nHeure : {time}\nSi c’était vous, rien à faire. Sinon, changez immédiatement votre mot de passe, activez l’authentification à deux facteurs et contactez le support.',
    'security.antiPhishingLine': 'Code anti-hameçonnage : {code}',
    'security.antiPhishingRule': 'Le code anti-hameçonnage doit compter 4 à 20 lettres ou chiffres',
  },
  jp: {
    'security.loginDelayed':
      'お使いのネットワークからこのアカウントへのログイン失敗が多すぎます。{seconds} 秒後にもう一度お試しください',
    'security.loginDelayedSource':
      'お使いのネットワークからのログイン失敗が多すぎます。{seconds} 秒後にもう一度お試しください',
    'security.loginCodeRequired':
      '安全のため、このログインには確認コードも必要です。「コードを送信」をタップし、{channel}に届いたコードを入力してください',
    'security.channel.email': 'メールアドレス',
    'security.channel.sms': '電話番号',
    'security.fundPasswordLocked': '資金パスワードは誤りが多すぎたため {until} までロックされています',
    'security.totpLocked': '認証コードは誤りが多すぎたため {until} までロックされています',
    'security.totpReused': 'この認証コードは使用済みです。次のコードをお待ちください',
    'security.codeLocked': '確認コードの誤りが多すぎます。このアドレスのコード入力は {until} までロックされています',
    'security.addressNew':
      'この出金アドレスは新しいアドレスです。まずアドレス帳に追加してください。安全のため、追加から {hours} 時間後に使用できます',
    'security.addressCooling':
      'この出金アドレスは新しいアドレスです。安全のため {until} から使用できます（アドレス帳への追加から {hours} 時間後）',
    'security.withdrawFrozenByOperator': 'このアカウントの出金は停止されています。サポートにお問い合わせください',
    'security.withdrawFrozen': '最近{change}が変更されたため、出金は {until} まで停止されています',
    'security.change.password': 'ログインパスワード',
    'security.change.fund_password': '資金パスワード',
    'security.change.totp': '二段階認証',
    'security.change.email': 'メールアドレス',
    'security.change.phone': '電話番号',
    'security.newDeviceSubject': '【Tidemark】アカウントへの新しいログイン',
    'security.newDeviceText':
      'お客様の Tidemark アカウントに新しい端末からログインがありました。\n端末：{device}\nネットワークアドレス：{ip}\n日時：{time}\nご本人の場合は対応不要です。心当たりがない場合は、直ちにパスワードを変更し、二段階認証を有効にしてサポートへご連絡ください。',
    'security.antiPhishingLine': 'フィッシング対策コード：{code}',
    'security.antiPhishingRule': 'フィッシング対策コードは 4〜20 文字の英数字にしてください',
  },
  kr: {
    'security.loginDelayed':
      '회원님의 네트워크에서 이 계정으로의 로그인 실패가 너무 많습니다. {seconds}초 후에 다시 시도하세요',
    'security.loginDelayedSource':
      '회원님의 네트워크에서 로그인 실패가 너무 많습니다. {seconds}초 후에 다시 시도하세요',
    'security.loginCodeRequired':
      '보안을 위해 이번 로그인에는 인증 코드도 필요합니다. "코드 보내기"를 누르고 {channel}(으)로 보낸 코드를 입력하세요',
    'security.channel.email': '이메일',
    'security.channel.sms': '휴대폰',
    'security.fundPasswordLocked': '자금 비밀번호 오류가 너무 많아 {until}까지 잠겼습니다',
    'security.totpLocked': '인증 코드 오류가 너무 많아 {until}까지 잠겼습니다',
    'security.totpReused': '이미 사용된 인증 코드입니다. 다음 코드를 기다려 주세요',
    'security.codeLocked': '잘못된 인증 코드가 너무 많습니다. 이 주소의 코드 입력이 {until}까지 잠겼습니다',
    'security.addressNew':
      '새 출금 주소입니다. 먼저 주소록에 추가하세요. 안전을 위해 추가 후 {hours}시간이 지나면 사용할 수 있습니다',
    'security.addressCooling':
      '새 출금 주소입니다. 안전을 위해 {until}부터 사용할 수 있습니다 (주소록에 추가한 후 {hours}시간)',
    'security.withdrawFrozenByOperator': '이 계정의 출금이 중지되었습니다. 고객센터에 문의하세요',
    'security.withdrawFrozen': '최근 {change}이(가) 변경되어 {until}까지 출금이 중지됩니다',
    'security.change.password': '로그인 비밀번호',
    'security.change.fund_password': '자금 비밀번호',
    'security.change.totp': '2단계 인증',
    'security.change.email': '이메일 주소',
    'security.change.phone': '휴대폰 번호',
    'security.newDeviceSubject': '[Tidemark] 계정에 새로운 로그인',
    'security.newDeviceText':
      'Tidemark 계정이 방금 새 기기에서 로그인되었습니다.\n기기: {device}\n네트워크 주소: {ip}\n시간: {time}\n본인이라면 조치할 필요가 없습니다. 본인이 아니라면 즉시 비밀번호를 변경하고 2단계 인증을 켠 뒤 고객센터에 문의하세요.',
    'security.antiPhishingLine': '피싱 방지 코드: {code}',
    'security.antiPhishingRule': '피싱 방지 코드는 4-20자의 영문자 또는 숫자여야 합니다',
  },
  tr: {
    'security.loginDelayed':
      'Ağınızdan bu hesaba çok fazla başarısız giriş denemesi yapıldı. {seconds} saniye sonra tekrar deneyin',
    'security.loginDelayedSource':
      'Ağınızdan çok fazla başarısız giriş denemesi yapıldı. {seconds} saniye sonra tekrar deneyin',
    'security.loginCodeRequired':
      'Güvenliğiniz için bu giriş ayrıca bir doğrulama kodu gerektiriyor. "Kod gönder"e dokunun ve {channel} adresinize gönderilen kodu girin',
    'security.channel.email': 'e-posta',
    'security.channel.sms': 'telefon',
    'security.fundPasswordLocked': 'Fon şifreniz çok fazla hatalı deneme nedeniyle {until} tarihine kadar kilitlendi',
    'security.totpLocked': 'Doğrulayıcı kodları çok fazla hatalı deneme nedeniyle {until} tarihine kadar kilitlendi',
    'security.totpReused': 'Bu doğrulayıcı kodu zaten kullanıldı. Lütfen bir sonraki kodu bekleyin',
    'security.codeLocked':
      'Çok fazla hatalı doğrulama kodu. Bu adres için kod girişi {until} tarihine kadar kilitlendi',
    'security.addressNew':
      'Bu çekim adresi yeni. Önce adres defterinize ekleyin: güvenliğiniz için eklendikten {hours} saat sonra kullanılabilir',
    'security.addressCooling':
      'Bu çekim adresi yeni. Güvenliğiniz için {until} tarihinden itibaren kullanılabilir (adres defterine eklendikten {hours} saat sonra)',
    'security.withdrawFrozenByOperator': 'Bu hesapta çekimler durduruldu. Lütfen destekle iletişime geçin',
    'security.withdrawFrozen': '{change} yakın zamanda değiştirildiği için çekimler {until} tarihine kadar durduruldu',
    'security.change.password': 'Giriş şifreniz',
    'security.change.fund_password': 'Fon şifreniz',
    'security.change.totp': 'İki adımlı doğrulamanız',
    'security.change.email': 'E-posta adresiniz',
    'security.change.phone': 'Telefon numaranız',
    'security.newDeviceSubject': '[Tidemark] Hesabınıza yeni giriş',
    'security.newDeviceText':
      'Tidemark hesabınıza az önce yeni bir cihazdan giriş yapıldı.\nCihaz: {device}\nAğ adresi: {ip}\nZaman: {time}\nBu sizseniz bir şey yapmanıza gerek yok. Değilseniz hemen şifrenizi değiştirin, iki adımlı doğrulamayı açın ve destekle iletişime geçin.',
    'security.antiPhishingLine': 'Oltalama karşıtı kod: {code}',
    'security.antiPhishingRule': 'Oltalama karşıtı kod 4-20 harf veya rakam olmalıdır',
  },
};
