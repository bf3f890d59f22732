/**
 * Which waiting stops the market's last trade price has crossed (pure, no I/O, no clock).
 *
 * A buy stop fires when the last price rises to its stop price or above (`last >= stop`); a sell stop when
 * it falls to it or below (`last <= stop`). Placement refuses a stop that is already crossed, so the
 * direction a stop waits for is always the one away from the price at placement. Each stop leaves the book
 * the moment it is returned: it can fire at most once. Stops crossed by the same price come back in id
 * (placement) order, so a replay of the same trades fires them in the same order.
 */

export type StopSide = 'buy' | 'sell';

export interface StopEntry {
  id: number;
  side: StopSide;
  /** Stop price in ticks of the market. */
  stopPrice: number;
}

/** Whether `last` has reached the stop price in the direction the stop waits for. */
export function isCrossed(stop: Pick<StopEntry, 'side' | 'stopPrice'>, last: number): boolean {
  return stop.side === 'buy' ? last >= stop.stopPrice : last <= stop.stopPrice;
}

export class StopBook {
  /** Buy stops, nearest (lowest stop price) first, then by id. */
  private readonly rising: StopEntry[] = [];
  /** Sell stops, nearest (highest stop price) first, then by id. */
  private readonly falling: StopEntry[] = [];
  private readonly ids = new Set<number>();

  get size(): number {
    return this.ids.size;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  add(stop: StopEntry): void {
    if (this.ids.has(stop.id)) throw new Error(`stop ${stop.id} is already waiting`);
    const list = stop.side === 'buy' ? this.rising : this.falling;
    const before = (a: StopEntry) =>
      stop.side === 'buy'
        ? stop.stopPrice < a.stopPrice || (stop.stopPrice === a.stopPrice && stop.id < a.id)
        : stop.stopPrice > a.stopPrice || (stop.stopPrice === a.stopPrice && stop.id < a.id);
    const at = list.findIndex(before);
    list.splice(at === -1 ? list.length : at, 0, { ...stop });
    this.ids.add(stop.id);
  }

  /** Takes a stop out without firing it (cancelled); false if it was not waiting. */
  remove(id: number): boolean {
    if (!this.ids.delete(id)) return false;
    for (const list of [this.rising, this.falling]) {
      const at = list.findIndex((s) => s.id === id);
      if (at !== -1) list.splice(at, 1);
    }
    return true;
  }

  /** Removes and returns every stop `last` has crossed, in id order. */
  crossed(last: number): StopEntry[] {
    const out: StopEntry[] = [];
    while (this.rising.length && isCrossed(this.rising[0]!, last)) out.push(this.rising.shift()!);
    while (this.falling.length && isCrossed(this.falling[0]!, last)) out.push(this.falling.shift()!);
    for (const s of out) this.ids.delete(s.id);
    return out.sort((a, b) => a.id - b.id);
  }
}
