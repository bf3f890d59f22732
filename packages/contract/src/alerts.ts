/**
 * Price alerts on the wire (POST /api/xb/v1/alerts/…): what the server answers and the app shows. Types only,
 * so the app's alert screen pulls no validation library.
 */
export type AlertKind = 'above' | 'below' | 'move';
/** The windows a move alert may watch. */
export type MoveWindow = '5m' | '1h' | '24h';

export interface PriceAlert {
  id: number;
  symbol: string;
  kind: AlertKind;
  price: string | null;
  percent: string | null;
  window: MoveWindow | null;
  email: boolean;
  push: boolean;
  status: 'active' | 'fired';
  createdAt: number;
  firedAt: number | null;
  firedPrice: string | null;
  /** The localized sentence the notice carried ("BTCUSDT rose to 64,210.5 … at 12:03 UTC"), once fired. */
  firedText: string | null;
}

/** A notice addressed to one user (a fired alert, …), as the notifications list answers it. */
export interface NotificationView {
  id: number;
  kind: string;
  title: string;
  body: string;
  refId: number | null;
  createdAt: number;
  read: boolean;
}
