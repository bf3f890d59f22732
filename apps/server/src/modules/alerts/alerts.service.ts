import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { LOCALE_TAGS, normalizeLocale, type Locale } from '@tidemark/contract';
import type { MoveWindow, PriceAlert } from '@tidemark/contract/alerts';
import { formatUnits, parseUnits } from '@tidemark/contract/money';
import type { Logger } from 'pino';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.ts';
import { t } from '../../platform/i18n/messages.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { AccountService } from '../account/account.service.ts';
import { instrumentOf, PRICE_SCALE } from '../market/instruments.ts';
import type { PriceService } from '../market/price.service.ts';
import { firstCrossing, formatPrice, moveBeyond, type Tick } from './alert-rules.ts';
import { priceAlerts, type AlertKind, type DeliveryState, type PriceAlertRow } from './alerts.schema.ts';
import type { NotificationService } from './notification.service.ts';
import type { PushSubscriptionService } from './push-subscription.service.ts';

/** How many alerts (waiting and fired) a user keeps at most: a fired one is deleted to make room. */
export const MAX_ALERTS_PER_USER = 50;
/** The windows a move alert may watch, in seconds. */
export const MOVE_WINDOWS: Record<MoveWindow, number> = { '5m': 300, '1h': 3600, '24h': 86_400 };
export type { MoveWindow };
/** Ticks read per symbol and run: a server back after a long stop catches up over several runs. */
const TICKS_PER_RUN = 2000;
/** Fired alerts whose e-mail or push is sent per run. */
const DELIVERIES_PER_RUN = 50;

export interface NewAlert {
  symbol: string;
  kind: AlertKind;
  price?: string | undefined;
  percent?: string | undefined;
  window?: MoveWindow | undefined;
  email: boolean;
  push: boolean;
}

export type AlertView = PriceAlert;

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  log: Logger;
  prices: PriceService;
  account: AccountService;
  mailer: Mailer;
  notifications: NotificationService;
  push: PushSubscriptionService;
}

/** A stored price (numeric, 18 decimals) at PRICE_SCALE without trailing zeros. */
const scaled = (price: string): string => formatUnits(parseUnits(price, PRICE_SCALE, 'floor'), PRICE_SCALE);
const windowName = (seconds: number): MoveWindow =>
  (Object.entries(MOVE_WINDOWS).find(([, s]) => s === seconds)?.[0] as MoveWindow | undefined) ?? '24h';
/** "2026-11-26 12:03" — the notice says UTC next to it: the server does not know the reader's time zone. */
const utcMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace('T', ' ');

/**
 * Price alerts on the recorded INDEX ticks (index_ticks: what every spot market, futures contract and cycle contract
 * of the symbol is priced from). Each alert fires once: the switch from active to fired is one conditional update,
 * written with its in-app notice in one transaction; e-mail and push are sent after, from a persisted 'pending'
 * state, so a restart neither fires an alert again nor loses a delivery.
 */
export class AlertsService {
  private readonly d: AlertsDeps;
  private running: Promise<void> = Promise.resolve();

  constructor(deps: AlertsDeps) {
    this.d = deps;
  }

  async create(userId: number, locale: Locale, input: NewAlert): Promise<AlertView> {
    const { db, clock, prices } = this.d;
    if (!instrumentOf(input.symbol)) throw badRequest('UNKNOWN_SYMBOL', 'alerts.unknownSymbol', undefined, 'symbol');
    const [held] = await db.select({ n: count() }).from(priceAlerts).where(eq(priceAlerts.userId, userId));
    if ((held?.n ?? 0) >= MAX_ALERTS_PER_USER)
      throw new AppError(409, 'ALERT_LIMIT', 'alerts.limitReached', { max: MAX_ALERTS_PER_USER });
    // the level must lie ahead of the price now: an alert "above" a price already passed would fire at once
    const now = prices.latest(input.symbol);
    if (input.kind !== 'move') {
      const target = parseUnits(input.price!, PRICE_SCALE);
      const current = parseUnits(now.price, PRICE_SCALE);
      const shown = formatPrice(now.price, LOCALE_TAGS[locale]);
      if (input.kind === 'above' && current >= target)
        throw badRequest('ALREADY_ABOVE', 'alerts.alreadyAbove', { price: shown }, 'price');
      if (input.kind === 'below' && current <= target)
        throw badRequest('ALREADY_BELOW', 'alerts.alreadyBelow', { price: shown }, 'price');
    }
    const [row] = await db
      .insert(priceAlerts)
      .values({
        userId,
        symbol: input.symbol,
        kind: input.kind,
        targetPrice: input.kind === 'move' ? null : input.price!,
        movePercent: input.kind === 'move' ? input.percent! : null,
        windowSeconds: input.kind === 'move' ? MOVE_WINDOWS[input.window!] : null,
        locale,
        notifyEmail: input.email,
        notifyPush: input.push,
        status: 'active',
        createdAt: new Date(clock.now()),
        // the tick the level was checked against above is already looked at
        checkedUntil: new Date(now.ts),
        emailState: 'off',
        pushState: 'off',
      })
      .returning();
    return view(row!);
  }

  async list(userId: number): Promise<AlertView[]> {
    const rows = await this.d.db
      .select()
      .from(priceAlerts)
      .where(eq(priceAlerts.userId, userId))
      .orderBy(desc(priceAlerts.id))
      .limit(MAX_ALERTS_PER_USER);
    return rows.map(view);
  }

  /** Deletes one of the caller's alerts; someone else's is "not found", as one that never existed. */
  async remove(userId: number, id: number): Promise<void> {
    const gone = await this.d.db
      .delete(priceAlerts)
      .where(and(eq(priceAlerts.id, id), eq(priceAlerts.userId, userId)))
      .returning({ id: priceAlerts.id });
    if (!gone.length) throw notFound('alerts.notFound');
  }

  /** Resolves once the pass under way (if any) is over: the module waits for it before the database closes. */
  settled(): Promise<void> {
    return this.running;
  }

  /** One evaluation and delivery pass; passes run one at a time (the loop and a test may both ask). */
  run(): Promise<void> {
    const next = this.running.then(async () => {
      await this.evaluate();
      await this.deliver();
    });
    this.running = next.catch((err: unknown) => this.d.log.warn({ err }, 'price alert pass failed'));
    return next;
  }

  private async evaluate(): Promise<void> {
    const symbols = await this.d.db
      .selectDistinct({ symbol: priceAlerts.symbol })
      .from(priceAlerts)
      .where(eq(priceAlerts.status, 'active'));
    for (const { symbol } of symbols) await this.evaluateSymbol(symbol);
  }

  /**
   * Crossing alerts look at every stored tick after their cursor (checked_until), so a level touched for one second
   * while the server was down still fires after the restart. A move alert compares the latest tick with the lowest
   * and highest ticks of its window (from its creation on).
   */
  private async evaluateSymbol(symbol: string): Promise<void> {
    const { db } = this.d;
    const alerts = await db
      .select()
      .from(priceAlerts)
      .where(and(eq(priceAlerts.symbol, symbol), eq(priceAlerts.status, 'active')));
    if (!alerts.length) return;
    const from = Math.min(...alerts.map((a) => a.checkedUntil.getTime()));
    // ticks strictly after the earliest cursor, up to the latest one stored (ms resolution: +1 excludes the cursor)
    const ticks: Tick[] = await this.d.prices.ticks(symbol, from + 1, this.d.clock.now(), TICKS_PER_RUN);
    if (!ticks.length) return;
    const last = ticks[ticks.length - 1]!;
    const looked: number[] = [];
    for (const alert of alerts) {
      if (alert.checkedUntil.getTime() >= last.ts) continue;
      let hit: { tick: Tick; direction: 'up' | 'down' | null } | null = null;
      if (alert.kind === 'move') {
        const direction = await this.moveOf(alert, last);
        if (direction) hit = { tick: last, direction };
      } else {
        const after = ticks.filter((tk) => tk.ts > alert.checkedUntil.getTime());
        const tick = firstCrossing(after, alert.kind, alert.targetPrice!);
        if (tick) hit = { tick, direction: null };
      }
      if (hit) await this.fire(alert, hit.tick, hit.direction);
      else looked.push(alert.id);
    }
    if (looked.length)
      await db
        .update(priceAlerts)
        .set({ checkedUntil: new Date(last.ts) })
        .where(and(inArray(priceAlerts.id, looked), eq(priceAlerts.status, 'active')));
  }

  private async moveOf(alert: PriceAlertRow, latest: Tick): Promise<'up' | 'down' | null> {
    const since = Math.max(alert.createdAt.getTime(), latest.ts - alert.windowSeconds! * 1000);
    const range = await this.d.prices.extremes(alert.symbol, since, latest.ts);
    if (!range) return null;
    return moveBeyond(latest.price, range.low, range.high, alert.movePercent!);
  }

  /** Active → fired exactly once (the condition on status), with its notice in the same transaction. */
  private async fire(alert: PriceAlertRow, tick: Tick, direction: 'up' | 'down' | null): Promise<void> {
    await this.d.db.transaction(async (tx) => {
      const [fired] = await tx
        .update(priceAlerts)
        .set({
          status: 'fired',
          firedAt: new Date(tick.ts),
          firedPrice: tick.price,
          firedDirection: direction,
          checkedUntil: new Date(tick.ts),
          emailState: alert.notifyEmail ? 'pending' : 'off',
          pushState: alert.notifyPush ? 'pending' : 'off',
        })
        .where(and(eq(priceAlerts.id, alert.id), eq(priceAlerts.status, 'active')))
        .returning();
      if (!fired) return;
      const { title, body } = firedMessage(fired);
      await this.d.notifications.add(tx, {
        userId: fired.userId,
        kind: 'price_alert',
        title,
        body,
        refId: fired.id,
        at: tick.ts,
      });
    });
  }

  /** Sends the e-mails and pushes of fired alerts still pending (after a restart too). */
  private async deliver(): Promise<void> {
    const { db } = this.d;
    const due = await db
      .select()
      .from(priceAlerts)
      .where(or(eq(priceAlerts.emailState, 'pending'), eq(priceAlerts.pushState, 'pending')))
      .orderBy(asc(priceAlerts.id))
      .limit(DELIVERIES_PER_RUN);
    for (const alert of due) {
      const { title, body } = firedMessage(alert);
      if (alert.emailState === 'pending') {
        const state = await this.sendMail(alert, title, body);
        await db.update(priceAlerts).set({ emailState: state }).where(eq(priceAlerts.id, alert.id));
      }
      if (alert.pushState === 'pending') {
        const state = await this.d.push.sendToUser(alert.userId, {
          title,
          body,
          tag: `price-alert-${alert.id}`,
          url: '/mine/alerts',
        });
        await db.update(priceAlerts).set({ pushState: state }).where(eq(priceAlerts.id, alert.id));
      }
    }
  }

  private async sendMail(alert: PriceAlertRow, title: string, body: string): Promise<DeliveryState> {
    const user = await this.d.account.row(alert.userId);
    if (!user?.email) return 'failed';
    const locale = normalizeLocale(alert.locale);
    try {
      await this.d.mailer.send({
        to: user.email,
        subject: title,
        text: `${body}\n\n${t(locale, 'alerts.mailFooter')}`,
        locale,
      });
      return 'sent';
    } catch (err) {
      this.d.log.warn({ err, alert: alert.id }, 'price alert e-mail failed');
      return 'failed';
    }
  }
}

/** The notice text of a fired alert, in the language it was created in. */
export function firedMessage(alert: PriceAlertRow): { title: string; body: string } {
  const locale = normalizeLocale(alert.locale);
  const tag = LOCALE_TAGS[locale];
  const params = {
    symbol: alert.symbol,
    price: formatPrice(scaled(alert.firedPrice!), tag),
    time: utcMinute(alert.firedAt!.getTime()),
    target: alert.targetPrice ? formatPrice(scaled(alert.targetPrice), tag) : '',
    percent: alert.movePercent ? formatPrice(trimPercent(alert.movePercent), tag) : '',
    window: alert.windowSeconds ? t(locale, `alerts.window.${windowName(alert.windowSeconds)}`) : '',
  };
  const key =
    alert.kind === 'above'
      ? 'alerts.firedAbove'
      : alert.kind === 'below'
        ? 'alerts.firedBelow'
        : alert.firedDirection === 'down'
          ? 'alerts.firedMoveDown'
          : 'alerts.firedMoveUp';
  return { title: t(locale, 'alerts.firedTitle', params), body: t(locale, key, params) };
}

const trimPercent = (p: string) => formatUnits(parseUnits(p, 2), 2);

function view(row: PriceAlertRow): AlertView {
  return {
    id: row.id,
    symbol: row.symbol,
    kind: row.kind,
    price: row.targetPrice ? scaled(row.targetPrice) : null,
    percent: row.movePercent ? trimPercent(row.movePercent) : null,
    window: row.windowSeconds ? windowName(row.windowSeconds) : null,
    email: row.notifyEmail,
    push: row.notifyPush,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    firedAt: row.firedAt?.getTime() ?? null,
    firedPrice: row.firedPrice ? scaled(row.firedPrice) : null,
    firedText: row.status === 'fired' ? firedMessage(row).body : null,
  };
}
