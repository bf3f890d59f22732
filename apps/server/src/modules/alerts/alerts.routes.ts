import type { AppContext } from '../../platform/context.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { Api } from '../../platform/module.ts';
import {
  alertIdBody,
  createAlertBody,
  notificationListBody,
  notificationReadBody,
  pushEndpointBody,
  pushSubscribeBody,
} from './alerts.schema.ts';
import type { AlertsService } from './alerts.service.ts';
import type { NotificationService } from './notification.service.ts';
import type { PushSubscriptionService } from './push-subscription.service.ts';

/** The signed-in user's calls: alerts, the Web Push subscription of this browser, the user's own notices. */
export function registerAlertsRoutes(
  app: Api,
  ctx: AppContext,
  s: { alerts: AlertsService; notifications: NotificationService; push: PushSubscriptionService },
): void {
  const user = { preHandler: ctx.guards.user };

  app.post('/xb/v1/alerts/create', { ...user, schema: { tags: ['alerts'], body: createAlertBody } }, (request) =>
    s.alerts.create(request.user!.id, request.locale, request.body),
  );
  app.post('/xb/v1/alerts/list', { ...user, schema: { tags: ['alerts'] } }, async (request) => ({
    alerts: await s.alerts.list(request.user!.id),
  }));
  app.post('/xb/v1/alerts/delete', { ...user, schema: { tags: ['alerts'], body: alertIdBody } }, async (request) => {
    await s.alerts.remove(request.user!.id, request.body.id);
    return null;
  });

  // the key the browser subscribes with is public by nature: the service worker may ask before sign-in
  app.post('/xb/v1/alerts/push/key', { schema: { tags: ['alerts'] } }, () => ({ publicKey: s.push.publicKey }));
  app.post(
    '/xb/v1/alerts/push/subscribe',
    { ...user, schema: { tags: ['alerts'], body: pushSubscribeBody } },
    async (request) => {
      const { endpoint, keys } = request.body;
      // the server POSTs to this URL: outside development only to a TLS push service
      if (ctx.config.env === 'production' && !endpoint.startsWith('https://'))
        throw badRequest('BAD_SUBSCRIPTION', 'alerts.badSubscription', undefined, 'endpoint');
      await s.push.subscribe(request.user!.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return null;
    },
  );
  app.post(
    '/xb/v1/alerts/push/unsubscribe',
    { ...user, schema: { tags: ['alerts'], body: pushEndpointBody } },
    async (request) => {
      await s.push.unsubscribe(request.user!.id, request.body.endpoint);
      return null;
    },
  );

  app.post(
    '/xb/v1/notifications/list',
    { ...user, schema: { tags: ['alerts'], body: notificationListBody } },
    (request) => s.notifications.list(request.user!.id, request.body.page, request.body.size),
  );
  app.post(
    '/xb/v1/notifications/read',
    { ...user, schema: { tags: ['alerts'], body: notificationReadBody } },
    async (request) => {
      await s.notifications.markRead(request.user!.id, request.body.id);
      return null;
    },
  );
}
