import type { StopOrder } from '@tidemark/contract/spot-stops';
import type { FeedHub } from './feed-hub.ts';
import type { SpotStopService } from './stop-orders.service.ts';

/**
 * The `stops` channel of `/ws` (the caller's own): its snapshot is the user's waiting stops; each update is the
 * stops that changed (upserts by id) — placed, cancelled, fired, or cancelled because an OCO leg traded or the
 * fired order found no liquidity.
 *
 * A stop changes state only (1) through its owner's place / cancel (told by the stop service) or (2) in the
 * commit of a trade in its market (decision 0024), or a cancel-all of the owner's orders. So after every
 * published trade batch and every `orders#<user>` update, the waiting stops of each subscribed user are
 * compared with what was last sent — in memory, from the sequencers — and only the ones that left the waiting
 * set are read from the database and sent. Published after the commit, like every other channel.
 */
export class StopFeed {
  /** Subscribed users → the ids of their waiting stops as last sent. */
  private readonly sent = new Map<number, Set<number>>();
  private readonly due = new Set<number>();
  private scheduled = false;
  private readonly hub: FeedHub;
  private readonly stops: SpotStopService;
  private readonly onError: (err: unknown) => void;

  constructor(deps: { hub: FeedHub; stops: SpotStopService; onError: (err: unknown) => void }) {
    this.hub = deps.hub;
    this.stops = deps.stops;
    this.onError = deps.onError;
    this.hub.route((name) =>
      name === 'stops'
        ? {
            user: true,
            snapshot: (userId) => async () => {
              const open = await this.stops.open(userId!);
              this.sent.set(userId!, new Set(open.map((s) => s.id)));
              return open;
            },
          }
        : null,
    );
    this.hub.tap((key) => this.heard(key));
    this.stops.onChanged = (userId, stop) => this.changed(userId, stop);
  }

  private key = (userId: number) => `stops#${userId}`;

  private heard(key: string): void {
    if (key.startsWith('trades:')) {
      for (const userId of this.sent.keys()) this.due.add(userId);
    } else if (key.startsWith('orders#')) {
      const userId = Number(key.slice('orders#'.length));
      if (this.sent.has(userId)) this.due.add(userId);
    } else return;
    if (this.due.size && !this.scheduled) {
      this.scheduled = true;
      // after the publishing of this commit has finished: one comparison per user for all its updates
      setImmediate(() => void this.compare().catch(this.onError));
    }
  }

  private async compare(): Promise<void> {
    this.scheduled = false;
    const users = [...this.due];
    this.due.clear();
    for (const userId of users) {
      const before = this.sent.get(userId);
      if (!before) continue;
      if (!this.hub.hasSubscribers(this.key(userId))) {
        this.sent.delete(userId);
        continue;
      }
      const now = this.stops.waitingIds(userId);
      const left = [...before].filter((id) => !now.has(id));
      if (!left.length) continue;
      this.sent.set(userId, now);
      this.hub.publish(this.key(userId), await this.stops.byIds(userId, left));
    }
  }

  private changed(userId: number, stop: StopOrder): void {
    const sent = this.sent.get(userId);
    if (!sent) return;
    if (!this.hub.hasSubscribers(this.key(userId))) {
      this.sent.delete(userId);
      return;
    }
    if (stop.status === 'waiting') sent.add(stop.id);
    else sent.delete(stop.id);
    this.hub.publish(this.key(userId), [stop]);
  }
}
