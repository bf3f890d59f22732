import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

export const marketMessages: LocalizedMessages = {
  en_us: {
    'market.halted': '{symbol} is halted: no orders or cancels for now',
    'market.cancelOnly': '{symbol} is cancel-only: you can cancel orders but not place new ones',
    'market.priceUnavailable': 'The price of {instrument} is not available right now; please try again shortly',
    'market.unknownInstrument': 'Unknown instrument',
    'market.badRange': 'The end of the range must not be before its start',
    'market.badInterval': 'Unknown candle interval',
    'market.badPrice': 'A price must be a positive decimal number with at most 8 decimals',
    'market.unitsFixed':
      'Tick size and quantity step cannot be changed from the console: resting orders and past trades are held in ticks and lots of the current units, so a change is a migration of the books, not a switch',
    'market.badParameter':
      'A fee must be a rate from 0 to 0.01 with at most 8 decimals, and a minimum a positive amount with at most 6 decimals',
  },
  zh_hk: {
    'market.halted': '{symbol} 已暫停交易：暫時無法下單或撤單',
    'market.cancelOnly': '{symbol} 僅可撤單：可以撤銷委託，但不能下新單',
    'market.priceUnavailable': '{instrument} 的價格暫時無法取得，請稍後再試',
    'market.unknownInstrument': '未知的交易品種',
    'market.badRange': '結束時間不能早於開始時間',
    'market.badInterval': '未知的K線週期',
    'market.badPrice': '價格必須是正數，最多 8 位小數',
    'market.unitsFixed':
      '價格最小變動單位和數量步長不能在後台修改：掛單和歷史成交都以現行單位的 tick 和 lot 保存，修改需要遷移訂單簿，而不是一個開關',
    'market.badParameter': '費率必須在 0 到 0.01 之間，最多 8 位小數；最低金額必須是正數，最多 6 位小數',
  },
  zh_cn: {
    'market.halted': '{symbol} 已暂停交易：暂时无法下单或撤单',
    'market.cancelOnly': '{symbol} 仅可撤单：可以撤销委托，但不能下新单',
    'market.priceUnavailable': '{instrument} 的价格暂时无法获取，请稍后再试',
    'market.unknownInstrument': '未知的交易品种',
    'market.badRange': '结束时间不能早于开始时间',
    'market.badInterval': '未知的K线周期',
    'market.badPrice': '价格必须是正数，最多 8 位小数',
    'market.unitsFixed':
      '价格最小变动单位和数量步长不能在后台修改：挂单和历史成交都以现行单位的 tick 和 lot 保存，修改需要迁移订单簿，而不是一个开关',
    'market.badParameter': '费率必须在 0 到 0.01 之间，最多 8 位小数；最低金额必须是正数，最多 6 位小数',
  },
  de: {
    'market.halted': '{symbol} ist ausgesetzt: derzeit keine Aufträge und keine Stornierungen',
    'market.cancelOnly': '{symbol} ist nur stornierbar: Sie können Aufträge stornieren, aber keine neuen erteilen',
    'market.priceUnavailable':
      'Der Preis von {instrument} ist gerade nicht verfügbar; bitte versuchen Sie es gleich noch einmal',
    'market.unknownInstrument': 'Unbekanntes Instrument',
    'market.badRange': 'Das Ende des Zeitraums darf nicht vor seinem Beginn liegen',
    'market.badInterval': 'Unbekanntes Kerzenintervall',
    'market.badPrice': 'Ein Preis muss eine positive Dezimalzahl mit höchstens 8 Nachkommastellen sein',
    'market.unitsFixed':
      'Tickgröße und Mengenschritt lassen sich in der Konsole nicht ändern: offene Aufträge und vergangene Trades sind in Ticks und Lots der jetzigen Einheiten gespeichert; eine Änderung ist eine Migration der Orderbücher, kein Schalter',
    'market.badParameter':
      'Eine Gebühr muss ein Satz von 0 bis 0,01 mit höchstens 8 Nachkommastellen sein, ein Minimum ein positiver Betrag mit höchstens 6 Nachkommastellen',
  },
  fr: {
    'market.halted': '{symbol} est suspendu : ni ordres ni annulations pour le moment',
    'market.cancelOnly':
      '{symbol} est en annulation seule : vous pouvez annuler vos ordres mais pas en passer de nouveaux',
    'market.priceUnavailable':
      'Le prix de {instrument} est indisponible pour le moment ; veuillez réessayer dans un instant',
    'market.unknownInstrument': 'Instrument inconnu',
    'market.badRange': 'La fin de la période ne peut pas précéder son début',
    'market.badInterval': 'Intervalle de bougies inconnu',
    'market.badPrice': 'Un prix doit être un nombre décimal positif avec au plus 8 décimales',
    'market.unitsFixed':
      'Le pas de prix et le pas de quantité ne se changent pas depuis la console : les ordres en carnet et les transactions passées sont stockés en ticks et lots des unités actuelles ; un changement est une migration des carnets, pas un interrupteur',
    'market.badParameter':
      'Un frais doit être un taux de 0 à 0,01 avec au plus 8 décimales, et un minimum un montant positif avec au plus 6 décimales',
  },
  jp: {
    'market.halted': '{symbol} は取引停止中です：注文も取消もできません',
    'market.cancelOnly': '{symbol} は取消のみ可能です：注文の取消はできますが、新規注文はできません',
    'market.priceUnavailable': '現在 {instrument} の価格を取得できません。しばらくしてから再度お試しください',
    'market.unknownInstrument': '不明な銘柄です',
    'market.badRange': '終了日時は開始日時より前にできません',
    'market.badInterval': '不明なローソク足の間隔です',
    'market.badPrice': '価格は小数点以下 8 桁までの正の数で入力してください',
    'market.unitsFixed':
      'ティックサイズと数量ステップはコンソールから変更できません。板上の注文と過去の約定は現在の単位のティックとロットで保存されているため、変更は板の移行が必要です',
    'market.badParameter':
      '手数料は 0 から 0.01 までの小数点以下 8 桁以内の率、最低金額は小数点以下 6 桁以内の正の数で入力してください',
  },
  kr: {
    'market.halted': '{symbol} 거래가 중지되었습니다: 지금은 주문과 취소를 할 수 없습니다',
    'market.cancelOnly': '{symbol}은(는) 취소만 가능합니다: 주문 취소는 되지만 새 주문은 할 수 없습니다',
    'market.priceUnavailable': '현재 {instrument} 가격을 확인할 수 없습니다. 잠시 후 다시 시도해 주세요',
    'market.unknownInstrument': '알 수 없는 종목입니다',
    'market.badRange': '종료 시점은 시작 시점보다 앞설 수 없습니다',
    'market.badInterval': '알 수 없는 캔들 간격입니다',
    'market.badPrice': '가격은 소수점 이하 8자리까지의 양수여야 합니다',
    'market.unitsFixed':
      '호가 단위와 수량 단위는 콘솔에서 변경할 수 없습니다. 대기 주문과 과거 체결이 현재 단위의 틱과 랏으로 저장되어 있어 변경하려면 호가창 이전이 필요합니다',
    'market.badParameter':
      '수수료는 0에서 0.01 사이의 소수점 이하 8자리 이내 비율이어야 하며, 최소 금액은 소수점 이하 6자리 이내의 양수여야 합니다',
  },
  tr: {
    'market.halted': '{symbol} durduruldu: şu anda emir veya iptal yapılamaz',
    'market.cancelOnly': '{symbol} yalnızca iptal modunda: emirlerinizi iptal edebilir, yeni emir veremezsiniz',
    'market.priceUnavailable': '{instrument} fiyatı şu anda alınamıyor; lütfen biraz sonra tekrar deneyin',
    'market.unknownInstrument': 'Bilinmeyen enstrüman',
    'market.badRange': 'Aralığın sonu başlangıcından önce olamaz',
    'market.badInterval': 'Bilinmeyen mum aralığı',
    'market.badPrice': 'Fiyat, en fazla 8 ondalık basamaklı pozitif bir sayı olmalıdır',
    'market.unitsFixed':
      'Fiyat adımı ve miktar adımı konsoldan değiştirilemez: bekleyen emirler ve geçmiş işlemler mevcut birimlerin tick ve lot değerleriyle saklanır; değişiklik bir anahtar değil, defterlerin taşınmasıdır',
    'market.badParameter':
      'Ücret, en fazla 8 ondalık basamaklı 0 ile 0,01 arasında bir oran; asgari tutar ise en fazla 6 ondalık basamaklı pozitif bir tutar olmalıdır',
  },
};
