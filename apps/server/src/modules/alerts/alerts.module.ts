import { service } from '../../platform/context.ts';
import { registerMessages } from '../../platform/i18n/messages.ts';
import type { Module } from '../../platform/module.ts';
import { alertsMessages } from './alerts.messages.ts';
import { registerAlertsRoutes } from './alerts.routes.ts';
import { AlertsService } from './alerts.service.ts';
import { NotificationService } from './notification.service.ts';
import { PushSubscriptionService } from './push-subscription.service.ts';
import { loadVapidKeys, WebPushSender } from './web-push.ts';

declare module '../../platform/context.ts' {
  /** What this module publishes to the others. */
  interface ServiceRegistry {
    alerts: AlertsService;
    /** notices addressed to one user (any module may write one in its own transaction) */
    notifications: NotificationService;
    pushSubscriptions: PushSubscriptionService;
  }
}

registerMessages(alertsMessages);

const timers = new WeakMap<object, NodeJS.Timeout>();

/** Milliseconds between two alert passes (ALERTS_EVERY_MS, default 1000; 0 turns the loop off — tests step it). */
function everyMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ALERTS_EVERY_MS ?? '1000';
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0) throw new Error(`ALERTS_EVERY_MS must be a whole number of ms, got ${raw}`);
  return ms;
}

/**
 * Price alerts (docs/decisions/0027-alerts-and-share-cards.md): a user's alerts on the index prices, fired once each
 * into the user's notices, by e-mail and by Web Push; the user's notice list; the browsers' push subscriptions.
 */
export const alertsModule: Module = {
  name: 'alerts',
  async register(app, ctx) {
    everyMs(); // a bad value stops the start-up before the server listens
    const keys = await loadVapidKeys(ctx.db);
    const subject =
      process.env.VAPID_SUBJECT ??
      (ctx.config.publicUrl.startsWith('https://') ? ctx.config.publicUrl : 'mailto:operator@tidemark.invalid');
    const notifications = new NotificationService(ctx);
    const push = new PushSubscriptionService({
      db: ctx.db,
      clock: ctx.clock,
      sender: new WebPushSender({ keys, subject }),
    });
    const alerts = new AlertsService({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.log,
      prices: service(ctx, 'prices'),
      account: service(ctx, 'account'),
      mailer: ctx.mailer,
      notifications,
      push,
    });
    ctx.services.alerts = alerts;
    ctx.services.notifications = notifications;
    ctx.services.pushSubscriptions = push;
    registerAlertsRoutes(app, ctx, { alerts, notifications, push });
  },
  start(ctx) {
    const ms = everyMs();
    if (!ms) return;
    const alerts = service(ctx, 'alerts');
    // run() queues passes one after another; skipping while one runs keeps the queue from growing
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      alerts
        .run()
        .catch(() => {})
        .finally(() => {
          busy = false;
        });
    }, ms);
    timer.unref();
    timers.set(ctx, timer);
  },
  async stop(ctx) {
    const timer = timers.get(ctx);
    if (timer) clearInterval(timer);
    timers.delete(ctx);
    await ctx.services.alerts?.settled();
  },
};
