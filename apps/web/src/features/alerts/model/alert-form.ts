import type { AlertKind, MoveWindow, NewAlert } from '../api/alerts.ts';

/** What the form holds; turned into the call's body with only the fields its kind uses. */
export interface AlertDraft {
  symbol: string;
  kind: AlertKind;
  price: string;
  percent: string;
  window: MoveWindow;
  email: boolean;
  push: boolean;
}

export function alertBody(d: AlertDraft): NewAlert {
  const common = { symbol: d.symbol, kind: d.kind, email: d.email, push: d.push };
  return d.kind === 'move'
    ? { ...common, percent: d.percent.trim(), window: d.window }
    : { ...common, price: d.price.trim() };
}
