import { asciiText, idField } from '@tidemark/contract';
import { and, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { csvField } from '../../platform/http/csv.ts';
import type { Api } from '../../platform/module.ts';
import { auditLog } from './operator.schema.ts';

/** The last millisecond of the year 9999: later times are typing errors. */
const MAX_TIME = 253_402_300_799_999;

const filterSchema = z
  .object({
    operatorId: idField.optional(),
    action: asciiText({ max: 80 }).min(1).optional(),
    targetType: asciiText({ max: 40 }).min(1).optional(),
    targetId: asciiText({ max: 80 }).min(1).optional(),
    /** Epoch milliseconds, inclusive. */
    from: z.number().int().min(0).max(MAX_TIME).optional(),
    to: z.number().int().min(0).max(MAX_TIME).optional(),
    /** Older than this entry (the next page). */
    beforeId: idField.optional(),
    limit: z.number().int().min(1).max(500).default(100),
  })
  .strict();
type Filter = z.infer<typeof filterSchema>;

/** The export's filter arrives in the query string (a download is a GET): numbers come as text. */
const exportQuery = z
  .object({
    operatorId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    action: asciiText({ max: 80 }).min(1).optional(),
    targetType: asciiText({ max: 40 }).min(1).optional(),
    targetId: asciiText({ max: 80 }).min(1).optional(),
    from: z.coerce.number().int().min(0).max(MAX_TIME).optional(),
    to: z.coerce.number().int().min(0).max(MAX_TIME).optional(),
  })
  .strict();

/** The most rows one CSV export holds; a wider range is exported in several time windows. */
export const AUDIT_EXPORT_MAX = 50_000;

function where(f: Filter): SQL | undefined {
  return and(
    f.operatorId !== undefined ? eq(auditLog.operatorId, f.operatorId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
    f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
    f.from !== undefined ? gte(auditLog.createdAt, new Date(f.from)) : undefined,
    f.to !== undefined ? lte(auditLog.createdAt, new Date(f.to)) : undefined,
    f.beforeId !== undefined ? lt(auditLog.id, f.beforeId) : undefined,
  );
}

// every CSV the back office exports defuses formulas the same way (platform/http/csv.ts)
export { csvField };

/** The audit log for super admins: filtered pages, and the same filter as a CSV download. */
export function registerAuditRoutes(app: Api, ctx: AppContext): void {
  const superAdmin = { preHandler: ctx.guards.operator('super_admin') };

  app.post(
    '/admin/audit/list',
    { ...superAdmin, schema: { tags: ['admin'], body: filterSchema.default({ limit: 100 }) } },
    async (request) => ({
      entries: await ctx.db
        .select()
        .from(auditLog)
        .where(where(request.body))
        .orderBy(desc(auditLog.id))
        .limit(request.body.limit),
    }),
  );

  app.get(
    '/admin/audit/export',
    { ...superAdmin, config: { envelope: false }, schema: { tags: ['admin'], querystring: exportQuery } },
    async (request, reply) => {
      const rows = await ctx.db
        .select()
        .from(auditLog)
        .where(where({ ...request.query, limit: AUDIT_EXPORT_MAX }))
        .orderBy(desc(auditLog.id))
        .limit(AUDIT_EXPORT_MAX);
      const lines = ['id,time,operator_id,action,target_type,target_id,ip,detail'];
      for (const r of rows) {
        lines.push(
          [r.id, r.createdAt.toISOString(), r.operatorId, r.action, r.targetType, r.targetId, r.ip, r.detail]
            .map(csvField)
            .join(','),
        );
      }
      reply.skipEnvelope = true;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .header('cache-control', 'private, no-store')
        .send(`${lines.join('\n')}\n`);
    },
  );
}
