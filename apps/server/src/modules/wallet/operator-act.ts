import type { Db } from '../../platform/db/database.ts';
import type { AuditService } from '../operator/audit.service.ts';

/** Who acted in the back office, and from where. */
export interface OperatorAct {
  operatorId: number;
  ip?: string | undefined;
}

/**
 * Writes an operator's act on one target to the audit log (operatorId null: the system's own act, e.g. a chain
 * watcher's); inside `tx` when the act is part of a transaction, so that the entry exists exactly when the act does.
 */
export function auditAct(
  audit: AuditService,
  op: { operatorId: number | null; ip?: string | undefined },
  action: string,
  [targetType, targetId]: [string, string | number],
  detail: Record<string, unknown>,
  tx?: Db,
): Promise<void> {
  return audit.record({ operatorId: op.operatorId, action, targetType, targetId, detail, ip: op.ip }, tx);
}
