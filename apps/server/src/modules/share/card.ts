import { LOCALE_TAGS, type Locale } from '@tidemark/contract';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import { t } from '../../platform/i18n/messages.ts';
import { formatPrice } from '../alerts/alert-rules.ts';

/** What a card says about one item; `amounts` only when the user opted in (percent only by default). */
export interface CardFacts {
  /** e.g. "Cycle contract" */
  kindKey: string;
  /** e.g. "BTCUSDT · Up · 60 s" */
  subtitle: string;
  /** 'won' | 'lost' | 'refunded' | 'closed' … as a message key suffix */
  outcomeKey: string;
  /** the return in percent of what was put in, signed, two decimals */
  percent: string;
  /** label key + decimal price, already formatted by the caller when needed */
  lines: Array<{ labelKey: string; value: string }>;
  /** shown only with the opt-in */
  amounts: Array<{ labelKey: string; value: string }>;
}

export interface Invite {
  code: string;
  link: string;
  /** data: URL of the QR code PNG */
  qr: string;
}

/** A satori element: the same shape as React's, without React. */
export interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Array<Node | string> | Node | string; src?: string };
}

const el = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

/**
 * The return as a signed percentage with two decimals, from exact decimal strings: (result / base) × 100, rounded
 * half up at the second decimal.
 */
export function percentOf(result: string, base: string, scale: number): string {
  const r = parseUnits(result, scale);
  const b = parseUnits(base, scale);
  if (b === 0n) return '0.00';
  const negative = r < 0n;
  const magnitude = ((negative ? -r : r) * 10_000n * 2n + b) / (2n * b);
  return `${negative ? '-' : r > 0n ? '+' : ''}${formatUnits(magnitude, 2, { fixed: true })}`;
}

/**
 * The card (1080 × 1350, a phone's portrait share size) and the exact texts it draws: what the tests read to see
 * that no amount appears without the opt-in.
 */
export function buildCard(
  facts: CardFacts,
  locale: Locale,
  invite: Invite,
  withAmounts: boolean,
): { root: Node; texts: string[] } {
  const tag = LOCALE_TAGS[locale];
  const up = !facts.percent.startsWith('-');
  const texts: string[] = [];
  const txt = (s: string) => {
    texts.push(s);
    return s;
  };
  const row = (label: string, value: string) =>
    el('div', { display: 'flex', justifyContent: 'space-between', fontSize: 34, color: '#c9d1e0' }, [
      el('span', {}, txt(label)),
      el('span', { color: '#ffffff' }, txt(value)),
    ]);
  const percentText = `${formatPrice(facts.percent.replace(/^[+-]/, ''), tag)} %`;
  const rows = [
    ...facts.lines.map((l) => row(t(locale, l.labelKey), l.value)),
    ...(withAmounts ? facts.amounts.map((a) => row(t(locale, a.labelKey), a.value)) : []),
  ];
  const root = el(
    'div',
    {
      // satori sizes the content box: the padding comes on top (72 × 2 of the 1080 × 1350 card)
      width: 936,
      height: 1206,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 72,
      backgroundColor: '#0b1426',
      color: '#ffffff',
      fontFamily: 'Noto Sans',
    },
    [
      el('div', { display: 'flex', flexDirection: 'column', gap: 12 }, [
        el('div', { fontSize: 44, fontWeight: 700, color: '#4f8cff' }, txt('Tidemark')),
        el('div', { fontSize: 40, fontWeight: 700 }, txt(t(locale, facts.kindKey))),
        el('div', { fontSize: 34, color: '#c9d1e0' }, txt(facts.subtitle)),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', gap: 8 }, [
        el('div', { fontSize: 38, color: '#c9d1e0' }, txt(t(locale, `share.outcome.${facts.outcomeKey}`))),
        el(
          'div',
          { fontSize: 150, fontWeight: 700, color: up ? '#2ebd85' : '#f6465d' },
          txt(`${facts.percent.startsWith('-') ? '−' : facts.percent.startsWith('+') ? '+' : ''}${percentText}`),
        ),
      ]),
      el('div', { display: 'flex', flexDirection: 'column', gap: 16 }, rows),
      el('div', { display: 'flex', alignItems: 'center', gap: 36, paddingTop: 24, borderTop: '2px solid #23314d' }, [
        { type: 'img', props: { src: invite.qr, style: { width: 220, height: 220, borderRadius: 12 } } },
        el('div', { display: 'flex', flexDirection: 'column', gap: 10, flex: 1 }, [
          el('div', { fontSize: 32, color: '#c9d1e0' }, txt(t(locale, 'share.joinMe'))),
          el('div', { fontSize: 30, color: '#c9d1e0' }, txt(t(locale, 'share.inviteCode'))),
          el('div', { fontSize: 52, fontWeight: 700, letterSpacing: 4 }, txt(invite.code)),
        ]),
      ]),
    ],
  );
  return { root, texts };
}
