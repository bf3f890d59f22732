/**
 * Where index prices come from. A source answers one quote per instrument (a decimal string at
 * PRICE_SCALE) with the venue prices it was made from, so every stored tick can be re-checked.
 */
export interface IndexQuote {
  symbol: string;
  price: string;
  sources: Record<string, string>;
}

export interface PriceSource {
  /** 'simulated' prices are labelled demo everywhere they appear. */
  readonly kind: 'simulated' | 'live';
  /** Quotes for the instruments at time `ts` (epoch ms). Missing instruments are simply absent. */
  quote(symbols: readonly string[], ts: number): Promise<IndexQuote[]>;
}

/** Runs `fn` every `ms`; injectable so tests step ticks by hand. Returns a stop function. */
export interface Scheduler {
  every(ms: number, fn: () => Promise<void>): () => void;
}

export const intervalScheduler: Scheduler = {
  every(ms, fn) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return; // never overlap ticks
      running = true;
      fn().finally(() => {
        running = false;
      });
    }, ms);
    timer.unref();
    return () => clearInterval(timer);
  },
};
