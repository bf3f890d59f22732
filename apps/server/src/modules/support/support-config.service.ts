import { eq } from 'drizzle-orm';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import { supportConfig } from './support.schema.ts';

export type SupportMode = 'builtin' | 'external';
export interface SupportConfigView {
  mode: SupportMode;
  externalUrl: string | null;
  updatedAt: number | null;
}

export interface SupportConfigServiceDeps {
  db: Db;
  clock: Clock;
}

/** Which customer service the app offers: the built-in chat (default) or an external chat widget. */
export class SupportConfigService {
  private readonly deps: SupportConfigServiceDeps;
  constructor(deps: SupportConfigServiceDeps) {
    this.deps = deps;
  }

  async get(): Promise<SupportConfigView> {
    const [row] = await this.deps.db.select().from(supportConfig).where(eq(supportConfig.id, 1));
    if (!row) return { mode: 'builtin', externalUrl: null, updatedAt: null };
    return { mode: row.mode as SupportMode, externalUrl: row.externalUrl, updatedAt: row.updatedAt.getTime() };
  }

  async save(
    input: { mode: SupportMode; externalUrl?: string | null | undefined },
    operatorId: number,
    db: Db = this.deps.db,
  ): Promise<SupportConfigView> {
    let externalUrl: string | null = null;
    if (input.mode === 'external') {
      externalUrl = input.externalUrl?.trim() ?? '';
      let ok = false;
      try {
        ok = new URL(externalUrl).protocol === 'https:' && !/[\s<>"'`]/.test(externalUrl);
      } catch {
        ok = false;
      }
      if (!ok) throw badRequest('VALIDATION', 'support.externalUrlRequired', undefined, 'externalUrl');
    }
    const now = new Date(this.deps.clock.now());
    const values = { mode: input.mode, externalUrl, updatedAt: now, updatedBy: operatorId };
    await db
      .insert(supportConfig)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: supportConfig.id, set: values });
    return { mode: input.mode, externalUrl, updatedAt: now.getTime() };
  }
}
