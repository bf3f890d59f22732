import type { LocalizedMessages } from '../../platform/i18n/messages.ts';

/** The refusals of a take-profit / stop-loss given with an order (order-brackets.ts). */
export const orderBracketMessages: LocalizedMessages = {
  en_us: {
    'futures.bracketTakeProfitAbove':
      'For a long, the take-profit must be above {price} (the price this order opens at)',
    'futures.bracketTakeProfitBelow':
      'For a short, the take-profit must be below {price} (the price this order opens at)',
    'futures.bracketStopLossBelow': 'For a long, the stop-loss must be below {price} (the price this order opens at)',
    'futures.bracketStopLossAbove': 'For a short, the stop-loss must be above {price} (the price this order opens at)',
    'futures.bracketReduceOnly':
      'A reduce-only order cannot carry a take-profit or stop-loss: set them on the position',
  },
  zh_hk: {
    'futures.bracketTakeProfitAbove': '做多時，止盈價必須高於 {price}（此訂單的開倉價）',
    'futures.bracketTakeProfitBelow': '做空時，止盈價必須低於 {price}（此訂單的開倉價）',
    'futures.bracketStopLossBelow': '做多時，止損價必須低於 {price}（此訂單的開倉價）',
    'futures.bracketStopLossAbove': '做空時，止損價必須高於 {price}（此訂單的開倉價）',
    'futures.bracketReduceOnly': '只減倉訂單不能附帶止盈止損：請在倉位上設定',
  },
  zh_cn: {
    'futures.bracketTakeProfitAbove': '做多时，止盈价必须高于 {price}（此订单的开仓价）',
    'futures.bracketTakeProfitBelow': '做空时，止盈价必须低于 {price}（此订单的开仓价）',
    'futures.bracketStopLossBelow': '做多时，止损价必须低于 {price}（此订单的开仓价）',
    'futures.bracketStopLossAbove': '做空时，止损价必须高于 {price}（此订单的开仓价）',
    'futures.bracketReduceOnly': '只减仓订单不能附带止盈止损：请在仓位上设置',
  },
  de: {
    'futures.bracketTakeProfitAbove':
      'Bei Long muss der Take-Profit über {price} liegen (dem Preis, zu dem diese Order eröffnet)',
    'futures.bracketTakeProfitBelow':
      'Bei Short muss der Take-Profit unter {price} liegen (dem Preis, zu dem diese Order eröffnet)',
    'futures.bracketStopLossBelow':
      'Bei Long muss der Stop-Loss unter {price} liegen (dem Preis, zu dem diese Order eröffnet)',
    'futures.bracketStopLossAbove':
      'Bei Short muss der Stop-Loss über {price} liegen (dem Preis, zu dem diese Order eröffnet)',
    'futures.bracketReduceOnly':
      'Eine Reduce-only-Order kann keinen Take-Profit oder Stop-Loss tragen: Legen Sie diese an der Position fest',
  },
  fr: {
    'futures.bracketTakeProfitAbove':
      'Pour un long, la prise de bénéfices doit être au-dessus de {price} (le prix d’ouverture de cet ordre)',
    'futures.bracketTakeProfitBelow':
      'Pour un short, la prise de bénéfices doit être en dessous de {price} (le prix d’ouverture de cet ordre)',
    'futures.bracketStopLossBelow':
      'Pour un long, le stop-loss doit être en dessous de {price} (le prix d’ouverture de cet ordre)',
    'futures.bracketStopLossAbove':
      'Pour un short, le stop-loss doit être au-dessus de {price} (le prix d’ouverture de cet ordre)',
    'futures.bracketReduceOnly':
      'Un ordre « réduction seule » ne peut pas porter de prise de bénéfices ni de stop-loss : réglez-les sur la position',
  },
  jp: {
    'futures.bracketTakeProfitAbove': 'ロングでは、利確価格は {price}（この注文の建値）より高くしてください',
    'futures.bracketTakeProfitBelow': 'ショートでは、利確価格は {price}（この注文の建値）より低くしてください',
    'futures.bracketStopLossBelow': 'ロングでは、損切り価格は {price}（この注文の建値）より低くしてください',
    'futures.bracketStopLossAbove': 'ショートでは、損切り価格は {price}（この注文の建値）より高くしてください',
    'futures.bracketReduceOnly': '決済専用注文には利確・損切りを付けられません。ポジションで設定してください',
  },
  kr: {
    'futures.bracketTakeProfitAbove': '롱에서는 익절가가 {price}(이 주문의 진입 가격)보다 높아야 합니다',
    'futures.bracketTakeProfitBelow': '숏에서는 익절가가 {price}(이 주문의 진입 가격)보다 낮아야 합니다',
    'futures.bracketStopLossBelow': '롱에서는 손절가가 {price}(이 주문의 진입 가격)보다 낮아야 합니다',
    'futures.bracketStopLossAbove': '숏에서는 손절가가 {price}(이 주문의 진입 가격)보다 높아야 합니다',
    'futures.bracketReduceOnly': '포지션 축소 전용 주문에는 익절/손절을 붙일 수 없습니다. 포지션에서 설정하세요',
  },
  tr: {
    'futures.bracketTakeProfitAbove': 'Long için kâr al fiyatı {price} üzerinde olmalıdır (bu emrin açılış fiyatı)',
    'futures.bracketTakeProfitBelow': 'Short için kâr al fiyatı {price} altında olmalıdır (bu emrin açılış fiyatı)',
    'futures.bracketStopLossBelow': 'Long için zarar durdur fiyatı {price} altında olmalıdır (bu emrin açılış fiyatı)',
    'futures.bracketStopLossAbove':
      'Short için zarar durdur fiyatı {price} üzerinde olmalıdır (bu emrin açılış fiyatı)',
    'futures.bracketReduceOnly':
      'Yalnızca azaltan bir emir kâr al veya zarar durdur taşıyamaz: bunları pozisyonda ayarlayın',
  },
};
