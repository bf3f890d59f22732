import {
  CancelStopRequest,
  OpenStopsRequest,
  PlaceStopRequest,
  StopHistoryRequest,
} from '@tidemark/contract/spot-stops';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { SpotStopService } from './stop-orders.service.ts';

/** The app's stop-order calls (`/api/xb/v1/spot/stop…`), for the signed-in user. */
export function registerStopOrderRoutes(app: Api, ctx: AppContext, stops: SpotStopService): void {
  const user = ctx.guards.user;
  app.post(
    '/xb/v1/spot/stop/place',
    { preHandler: user, schema: { tags: ['spot'], body: PlaceStopRequest } },
    async (request) => stops.place(request.user!.id, request.body),
  );
  app.post(
    '/xb/v1/spot/stop/cancel',
    { preHandler: user, schema: { tags: ['spot'], body: CancelStopRequest } },
    async (request) => stops.cancel(request.user!.id, request.body.id),
  );
  app.post(
    '/xb/v1/spot/stops/open',
    { preHandler: user, schema: { tags: ['spot'], body: OpenStopsRequest } },
    async (request) => stops.open(request.user!.id, request.body.symbol),
  );
  app.post(
    '/xb/v1/spot/stops/history',
    { preHandler: user, schema: { tags: ['spot'], body: StopHistoryRequest } },
    async (request) => stops.history(request.user!.id, request.body),
  );
}
