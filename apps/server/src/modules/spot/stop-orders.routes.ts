import {
  CancelStopRequest,
  OpenStopsRequest,
  PlaceStopRequest,
  StopHistoryRequest,
} from '@tidemark/contract/spot-stops';
import type { AppContext } from '../../platform/context.ts';
import type { Api } from '../../platform/module.ts';
import type { SpotStopService } from './stop-orders.service.ts';
import { userCalls } from '../../platform/http/user-calls.ts';

/** The app's stop-order calls (`/api/xb/v1/spot/stop…`), for the signed-in user. */
export function registerStopOrderRoutes(app: Api, ctx: AppContext, stops: SpotStopService): void {
  const call = userCalls(app, ctx.guards.user, ['spot']);
  call('/xb/v1/spot/stop/place', PlaceStopRequest, (userId, body) => stops.place(userId, body));
  call('/xb/v1/spot/stop/cancel', CancelStopRequest, (userId, body) => stops.cancel(userId, body.id));
  call('/xb/v1/spot/stops/open', OpenStopsRequest, (userId, body) => stops.open(userId, body.symbol));
  call('/xb/v1/spot/stops/history', StopHistoryRequest, (userId, body) => stops.history(userId, body));
}
