import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const marketMessages: LocalizedMessages = {
  en_us: {
    'market.priceUnavailable': 'The price of {instrument} is not available right now; please try again shortly',
    'market.unknownInstrument': 'Unknown instrument',
    'market.badRange': 'The end of the range must not be before its start',
    'market.badPrice': 'A price must be a positive decimal number with at most 8 decimals',
  },
  zh_hk: {
    'market.priceUnavailable': '{instrument} 的價格暫時無法取得，請稍後再試',
    'market.unknownInstrument': '未知的交易品種',
    'market.badRange': '結束時間不能早於開始時間',
    'market.badPrice': '價格必須是正數，最多 8 位小數',
  },
  zh_cn: {
    'market.priceUnavailable': '{instrument} 的价格暂时无法获取，请稍后再试',
    'market.unknownInstrument': '未知的交易品种',
    'market.badRange': '结束时间不能早于开始时间',
    'market.badPrice': '价格必须是正数，最多 8 位小数',
  },
  de: {
    'market.priceUnavailable':
      'Der Preis von {instrument} ist gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal',
    'market.unknownInstrument': 'Unbekanntes Instrument',
    'market.badRange': 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
    'market.badPrice': 'Ein Preis muss eine positive Dezimalzahl mit höchstens 8 Nachkommastellen sein',
  },
  fr: {
    'market.priceUnavailable':
      'Le prix de {instrument} est indisponible pour le moment ; veuillez réessayer dans un instant',
    'market.unknownInstrument': 'Instrument inconnu',
    'market.badRange': 'La fin de la période ne peut pas précéder son début',
    'market.badPrice': 'Un prix doit être un nombre décimal positif avec au plus 8 décimales',
  },
  jp: {
    'market.priceUnavailable': '現在 {instrument} の価格を取得できません。しばらくしてから再度お試しください',
    'market.unknownInstrument': '不明な銘柄です',
    'market.badRange': '終了日時は開始日時より前にできません',
    'market.badPrice': '価格は小数点以下 8 桁までの正の数で入力してください',
  },
  kr: {
    'market.priceUnavailable': '현재 {instrument} 가격을 확인할 수 없습니다. 잠시 후 다시 시도해 주세요',
    'market.unknownInstrument': '알 수 없는 종목입니다',
    'market.badRange': '종료 시점은 시작 시점보다 앞설 수 없습니다',
    'market.badPrice': '가격은 소수점 이하 8자리까지의 양수여야 합니다',
  },
  tr: {
    'market.priceUnavailable': '{instrument} fiyatı şu anda alınamıyor; lütfen biraz sonra tekrar deneyin',
    'market.unknownInstrument': 'Bilinmeyen enstrüman',
    'market.badRange': 'Aralığın sonu başlangıcından önce olamaz',
    'market.badPrice': 'Fiyat, en fazla 8 ondalık basamaklı pozitif bir sayı olmalıdır',
  },
};
