import QRCode from 'qrcode';
import { LOCALE_TAGS, type Locale } from '@tidemark/contract';
import { badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { AccountService } from '../account/account.service.ts';
import { formatPrice } from '../alerts/alert-rules.ts';
import type { CycleContractLookup } from '../cycle/contract-lookup.ts';
import type { EarnOrderLookup } from '../earn/order-lookup.ts';
import type { FuturesPositionLookup } from '../futures/position-lookup.ts';
import { buildCard, percentOf, type CardFacts, type Invite } from './card.ts';
import { earnFacts } from './earn-card.ts';
import { rasterise, renderSvg } from './render.ts';

export type ShareKind = 'cycle' | 'futures' | 'earn';

export interface ShareDeps {
  account: AccountService;
  cycleContracts: CycleContractLookup;
  futuresPositions: FuturesPositionLookup;
  earnOrders: EarnOrderLookup;
  publicUrl: string;
}

/**
 * PnL share cards, rendered on the server: the user's own item only (someone else's is "not found"), the return in
 * percent, amounts only when the user asks for them, and the user's invite code with a QR code of the invite link.
 */
export class ShareService {
  private readonly d: ShareDeps;
  constructor(deps: ShareDeps) {
    this.d = deps;
  }

  /** The card's SVG and the texts it draws (what the tests read), before rasterising. */
  async svg(userId: number, kind: ShareKind, id: number, locale: Locale, amounts: boolean) {
    const facts = await this.factsOf(userId, kind, id, locale);
    const { root, texts } = buildCard(facts, locale, await this.invite(userId), amounts);
    return { svg: await renderSvg(root, texts, locale), texts };
  }

  async png(userId: number, kind: ShareKind, id: number, locale: Locale, amounts: boolean): Promise<Buffer> {
    return rasterise((await this.svg(userId, kind, id, locale, amounts)).svg);
  }

  private async invite(userId: number): Promise<Invite> {
    const user = await this.d.account.row(userId);
    if (!user) throw notFound();
    const link = `${this.d.publicUrl}/register?code=${encodeURIComponent(user.inviteCode)}`;
    const qr = await QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
    return { code: user.inviteCode, link, qr };
  }

  private async factsOf(userId: number, kind: ShareKind, id: number, locale: Locale): Promise<CardFacts> {
    const tag = LOCALE_TAGS[locale];
    if (kind === 'cycle') {
      const c = await this.d.cycleContracts.ofUser(userId, id);
      if (!c) throw notFound('share.notFound');
      if (c.status === 'open' || c.pnl === null) throw badRequest('NOT_SETTLED', 'share.notSettled');
      return {
        kindKey: 'share.kind.cycle',
        subtitle: `${c.instrument} · ${t(locale, `share.direction.${c.direction}`)} · ${c.period} s`,
        outcomeKey: c.status,
        percent: percentOf(c.pnl, c.total, 18),
        lines: [
          { labelKey: 'share.entryPrice', value: c.buyPrice ? formatPrice(c.buyPrice, tag) : '—' },
          { labelKey: 'share.closePrice', value: c.closePrice ? formatPrice(c.closePrice, tag) : '—' },
        ],
        amounts: [
          { labelKey: 'share.stake', value: `${formatPrice(c.total, tag)} ${c.currency}` },
          {
            labelKey: 'share.pnl',
            value: `${c.pnl.startsWith('-') ? '−' : '+'}${formatPrice(c.pnl.replace(/^-/, ''), tag)} ${c.currency}`,
          },
        ],
      };
    }
    if (kind === 'futures') {
      const p = await this.d.futuresPositions.closedOfUser(userId, id);
      if (!p) throw notFound('share.notFound');
      const pnl = p.realizedPnl;
      return {
        kindKey: 'share.kind.futures',
        subtitle: `${p.symbol} · ${t(locale, `share.side.${p.direction}`)} · ${p.leverage}×`,
        outcomeKey: p.closeReason === 'liquidation' ? 'liquidated' : 'closed',
        // the return on the margin (ROE): the position history's yield, a fraction
        percent: percentOf(p.yield ?? '0', '1', 18),
        lines: [
          { labelKey: 'share.entryPrice', value: formatPrice(p.openPrice, tag) },
          { labelKey: 'share.closePrice', value: p.closedPrice ? formatPrice(p.closedPrice, tag) : '—' },
        ],
        amounts: [
          { labelKey: 'share.quantity', value: formatPrice(p.closedQuantity, tag) },
          {
            labelKey: 'share.pnl',
            value: `${pnl.startsWith('-') ? '−' : '+'}${formatPrice(pnl.replace(/^-/, ''), tag)} USDT`,
          },
        ],
      };
    }
    if (kind === 'earn') {
      const o = await this.d.earnOrders.ofUser(userId, id);
      if (!o) throw notFound('share.notFound');
      return earnFacts(o, locale);
    }
    throw notFound('share.notFound');
  }
}
