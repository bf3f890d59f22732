import type { Db } from '../../platform/db/database.ts';
import { auditLog } from './operator.schema.ts';

export interface AuditEntry {
  operatorId: number | null;
  action: string;
  targetType?: string;
  targetId?: string | number;
  detail?: Record<string, unknown>;
  ip?: string;
}

/**
 * The append-only audit log. Record inside the same transaction as the action it describes, so an
 * action without its audit entry cannot be committed.
 */
export class AuditService {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }
  async record(entry: AuditEntry, db: Db = this.db): Promise<void> {
    await db.insert(auditLog).values({
      operatorId: entry.operatorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId === undefined ? null : String(entry.targetId),
      detail: entry.detail ?? {},
      ip: entry.ip ?? null,
    });
  }
}
