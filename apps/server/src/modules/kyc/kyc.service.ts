import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import {
  KYC_LIMITS,
  type KycAdvancedSubmit,
  type KycBasicSubmit,
  type KycLevel,
  type KycLimits,
  type KycUserState,
} from '@tidemark/contract/kyc';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { AuditService } from '../operator/audit.service.ts';
import type { AccountPort, UploadsPort } from './account-port.ts';
import { sanitizePhoto } from './photo-sanitizer.ts';
import { kycApplications, kycPhotos, type KycApplicationRow } from './kyc.schema.ts';

/** What other modules may ask (published as `ctx.services.kyc`); the wallet reads limits here. */
export interface KycReader {
  levelOf(userId: number): Promise<KycLevel>;
  limitsOf(userId: number): Promise<KycLimits>;
  /** The country of the approved basic verification, or null. */
  countryOf(userId: number): Promise<string | null>;
  /** Level and state of many users at once (team lists). */
  summariesOf(userIds: number[]): Promise<Map<number, KycSummary>>;
}

export interface KycSummary {
  level: KycLevel;
  state: KycUserState;
}

export interface Paging {
  page: number;
  size: number;
}

type PhotoSlot = 'frontPhoto' | 'backPhoto' | 'handPhoto';
const PHOTO_SLOTS: PhotoSlot[] = ['frontPhoto', 'backPhoto', 'handPhoto'];

export const USER_PHOTO_PATH = '/api/xb/v1/kyc/photo/';
export const ADMIN_PHOTO_PATH = '/api/admin/kyc/photo/';

/** Told of an approved verification inside its transaction; may return work for after the commit. */
export type ApprovedListener = (
  tx: Db,
  approved: { userId: number; level: 'basic' | 'advanced' },
) => Promise<(() => void) | void>;

export interface KycServiceDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  accounts: () => AccountPort;
  uploads: () => UploadsPort;
  audit: AuditService;
  maxPhotoBytes: number;
}

export class KycService implements KycReader {
  private readonly approvedListeners: ApprovedListener[] = [];

  private readonly deps: KycServiceDeps;
  constructor(deps: KycServiceDeps) {
    this.deps = deps;
  }

  // ---- read side -------------------------------------------------------------------------------

  async levelOf(userId: number): Promise<KycLevel> {
    const rows = await this.deps.db
      .select({ level: kycApplications.level })
      .from(kycApplications)
      .where(and(eq(kycApplications.userId, userId), eq(kycApplications.state, 'approved')));
    return levelFrom(rows.map((r) => r.level));
  }

  async limitsOf(userId: number): Promise<KycLimits> {
    return { ...KYC_LIMITS[await this.levelOf(userId)] };
  }

  async countryOf(userId: number): Promise<string | null> {
    const [row] = await this.deps.db
      .select({ country: kycApplications.country })
      .from(kycApplications)
      .where(
        and(
          eq(kycApplications.userId, userId),
          eq(kycApplications.level, 'basic'),
          eq(kycApplications.state, 'approved'),
        ),
      );
    return row?.country ?? null;
  }

  async summariesOf(userIds: number[]): Promise<Map<number, KycSummary>> {
    const result = new Map<number, KycSummary>();
    if (userIds.length === 0) return result;
    const rows = await this.deps.db
      .select()
      .from(kycApplications)
      .where(inArray(kycApplications.userId, userIds))
      .orderBy(asc(kycApplications.id));
    for (const id of userIds) result.set(id, summarize(rows.filter((r) => r.userId === id)));
    return result;
  }

  /** The user's own view: level, state, what may be submitted next, and the latest application per level. */
  async status(userId: number) {
    const user = await this.deps.accounts().getUser(userId);
    const rows = await this.applicationsOf(userId);
    const summary = summarize(rows);
    const latest = (level: 'basic' | 'advanced') => rows.filter((r) => r.level === level).at(-1) ?? null;
    const basic = latest('basic');
    const advanced = latest('advanced');
    const emailBound = Boolean(user?.email);
    const phoneBound = Boolean(user?.phone);
    const bound = emailBound && phoneBound;
    const open = (row: KycApplicationRow | null) => !row || row.state === 'rejected';
    return {
      level: summary.level,
      state: summary.state,
      emailBound,
      phoneBound,
      canSubmitBasic: bound && open(basic),
      canSubmitAdvanced: bound && basic?.state === 'approved' && open(advanced),
      basic: basic ? userView(basic) : null,
      advanced: advanced ? userView(advanced) : null,
      limits: KYC_LIMITS[summary.level],
    };
  }

  // ---- user submissions ------------------------------------------------------------------------

  async submitBasic(userId: number, input: KycBasicSubmit) {
    await this.requireBound(userId);
    const idNumber = input.idNumber.toUpperCase().replace(/[\s-]/g, '');
    return this.deps.db.transaction(async (tx) => {
      await this.requireOpen(userId, 'basic', tx);
      const [other] = await tx
        .select({ id: kycApplications.id })
        .from(kycApplications)
        .where(
          and(
            eq(kycApplications.level, 'basic'),
            inArray(kycApplications.state, ['pending', 'approved']),
            eq(kycApplications.country, input.country),
            eq(kycApplications.documentType, input.documentType),
            eq(kycApplications.idNumber, idNumber),
          ),
        );
      if (other) throw documentInUse();
      const row = await insertApplication(tx, {
        userId,
        level: 'basic',
        realName: input.realName,
        idNumber,
        country: input.country,
        documentType: input.documentType,
        createdAt: new Date(this.deps.clock.now()),
      });
      return userView(row);
    });
  }

  async submitAdvanced(userId: number, input: KycAdvancedSubmit) {
    await this.requireBound(userId);
    if ((await this.levelOf(userId)) === 'none') throw badRequest('KYC_BASIC_REQUIRED', 'kyc.basicRequired');
    await this.requireOpen(userId, 'advanced', this.deps.db);

    // Every photo is checked and cleaned before anything is written; a refused photo changes nothing.
    const cleaned: Array<{ slot: PhotoSlot; sourceFileId: string; content: Buffer }> = [];
    for (const slot of PHOTO_SLOTS) {
      const sourceFileId = input[slot];
      const owner = await this.deps.uploads().ownerOf(sourceFileId);
      if (owner === null) throw badRequest('KYC_PHOTO_MISSING', 'kyc.photoMissing', undefined, slot);
      if (owner !== userId) throw new AppError(403, 'KYC_PHOTO_NOT_YOURS', 'kyc.photoNotYours', undefined, slot);
      const file = await this.deps.uploads().read(sourceFileId);
      if (!file) throw badRequest('KYC_PHOTO_MISSING', 'kyc.photoMissing', undefined, slot);
      const photo = await sanitizePhoto(file.content, this.deps.maxPhotoBytes);
      if (!photo.ok && photo.reason === 'size') {
        throw badRequest(
          'KYC_PHOTO_TOO_LARGE',
          'kyc.photoSize',
          { max: Math.floor(this.deps.maxPhotoBytes / 1048576) },
          slot,
        );
      }
      if (!photo.ok) throw badRequest('KYC_PHOTO_TYPE', 'kyc.photoType', undefined, slot);
      cleaned.push({ slot, sourceFileId, content: photo.content });
    }
    // Files first, rows second: a failed transaction leaves only unreferenced private files.
    const now = new Date(this.deps.clock.now());
    const names = {} as Record<PhotoSlot, string>;
    const photoRows: Array<typeof kycPhotos.$inferInsert> = [];
    for (const c of cleaned) {
      const name = await this.deps.storage.save(c.content, 'jpg');
      names[c.slot] = name;
      photoRows.push({
        name,
        userId,
        sourceFileId: c.sourceFileId,
        contentType: 'image/jpeg',
        bytes: c.content.length,
        createdAt: now,
      });
    }
    return this.deps.db.transaction(async (tx) => {
      await this.requireOpen(userId, 'advanced', tx);
      await tx.insert(kycPhotos).values(photoRows);
      const row = await insertApplication(tx, {
        userId,
        level: 'advanced',
        frontPhoto: names.frontPhoto,
        backPhoto: names.backPhoto,
        handPhoto: names.handPhoto,
        createdAt: now,
      });
      return userView(row);
    });
  }

  // ---- photos ----------------------------------------------------------------------------------

  /**
   * A cleaned identity photo by its own id, or by the id of the upload it was made from. The
   * caller decides who may see it: `ownerId` is returned for that check.
   */
  async photo(fileId: string): Promise<{ ownerId: number; content: Buffer; contentType: string } | null> {
    const [row] = await this.deps.db
      .select()
      .from(kycPhotos)
      .where(or(eq(kycPhotos.name, fileId), eq(kycPhotos.sourceFileId, fileId)))
      .orderBy(desc(kycPhotos.createdAt))
      .limit(1);
    if (!row) return null;
    const content = await this.deps.storage.read(row.name);
    if (!content) return null;
    return { ownerId: row.userId, content, contentType: row.contentType };
  }

  // ---- operator review -------------------------------------------------------------------------

  async queue(
    filter: { state: 'pending' | 'approved' | 'rejected'; level?: 'basic' | 'advanced' | undefined } & Paging,
  ) {
    const where = and(
      eq(kycApplications.state, filter.state),
      filter.level ? eq(kycApplications.level, filter.level) : undefined,
    );
    const [total] = await this.deps.db.select({ n: count() }).from(kycApplications).where(where);
    const rows = await this.deps.db
      .select()
      .from(kycApplications)
      .where(where)
      // the oldest waiting application first; reviewed ones most recent first
      .orderBy(filter.state === 'pending' ? asc(kycApplications.id) : desc(kycApplications.id))
      .limit(filter.size)
      .offset((filter.page - 1) * filter.size);
    const items = [];
    for (const r of rows) {
      const user = await this.deps.accounts().getUser(r.userId);
      items.push({
        id: r.id,
        userId: r.userId,
        email: user?.email ?? null,
        phone: user?.phone ? `+${user.phoneCountry ?? ''} ${user.phone}` : null,
        level: r.level,
        state: r.state,
        country: r.country,
        documentType: r.documentType,
        submittedAt: r.createdAt.getTime(),
        reviewedAt: r.reviewedAt?.getTime() ?? null,
      });
    }
    return { total: Number(total?.n ?? 0), page: filter.page, size: filter.size, items };
  }

  async view(operatorId: number, id: number, ip: string) {
    const [row] = await this.deps.db.select().from(kycApplications).where(eq(kycApplications.id, id));
    if (!row) throw notFound('kyc.applicationNotFound');
    const user = await this.deps.accounts().getUser(row.userId);
    const history = await this.applicationsOf(row.userId);
    // Identity data is personal data: every look at it is on record.
    await this.deps.audit.record({ operatorId, action: 'kyc.view', targetType: 'kyc_application', targetId: id, ip });
    return {
      ...operatorView(row),
      user: user
        ? { id: user.id, email: user.email, phone: user.phone ? `+${user.phoneCountry ?? ''} ${user.phone}` : null }
        : { id: row.userId, email: null, phone: null },
      history: history.map((h) => ({
        id: h.id,
        level: h.level,
        state: h.state,
        rejectReason: h.rejectReason,
        submittedAt: h.createdAt.getTime(),
        reviewedAt: h.reviewedAt?.getTime() ?? null,
      })),
    };
  }

  /**
   * Runs inside the approval's transaction (a reward commits with the approval or not at all); what the
   * listener returns runs after the commit.
   */
  onApproved(listener: ApprovedListener): void {
    this.approvedListeners.push(listener);
  }

  async approve(operatorId: number, id: number, ip: string) {
    return this.review(operatorId, id, ip, { state: 'approved', rejectReason: null });
  }

  async reject(operatorId: number, id: number, reason: string, ip: string) {
    return this.review(operatorId, id, ip, { state: 'rejected', rejectReason: reason });
  }

  async recordPhotoView(operatorId: number, fileId: string, ip: string): Promise<void> {
    await this.deps.audit.record({
      operatorId,
      action: 'kyc.photo_view',
      targetType: 'kyc_photo',
      targetId: fileId,
      ip,
    });
  }

  // ---- internals -------------------------------------------------------------------------------

  private async review(
    operatorId: number,
    id: number,
    ip: string,
    decision: { state: 'approved' | 'rejected'; rejectReason: string | null },
  ) {
    const afterCommit: Array<() => void> = [];
    const view = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(kycApplications)
        .set({
          state: decision.state,
          rejectReason: decision.rejectReason,
          reviewedBy: operatorId,
          reviewedAt: new Date(this.deps.clock.now()),
        })
        .where(and(eq(kycApplications.id, id), eq(kycApplications.state, 'pending')))
        .returning();
      if (!row) {
        const [exists] = await tx
          .select({ id: kycApplications.id })
          .from(kycApplications)
          .where(eq(kycApplications.id, id));
        if (!exists) throw notFound('kyc.applicationNotFound');
        throw conflict('KYC_NOT_PENDING', 'kyc.notPending');
      }
      await this.deps.audit.record(
        {
          operatorId,
          action: decision.state === 'approved' ? 'kyc.approve' : 'kyc.reject',
          targetType: 'kyc_application',
          targetId: id,
          detail: {
            userId: row.userId,
            level: row.level,
            ...(decision.rejectReason ? { reason: decision.rejectReason } : {}),
          },
          ip,
        },
        tx,
      );
      if (decision.state === 'approved') {
        for (const listener of this.approvedListeners) {
          const after = await listener(tx, { userId: row.userId, level: row.level });
          if (after) afterCommit.push(after);
        }
      }
      return operatorView(row);
    });
    for (const after of afterCommit) after();
    return view;
  }

  private async applicationsOf(userId: number): Promise<KycApplicationRow[]> {
    return this.deps.db
      .select()
      .from(kycApplications)
      .where(eq(kycApplications.userId, userId))
      .orderBy(asc(kycApplications.id));
  }

  private async requireBound(userId: number): Promise<void> {
    const user = await this.deps.accounts().getUser(userId);
    if (!user?.email || !user.phone) throw badRequest('KYC_BIND_REQUIRED', 'kyc.bindRequired');
  }

  /** A level is open to a (re)submission when it has no application yet or the latest was rejected. */
  private async requireOpen(userId: number, level: 'basic' | 'advanced', db: Db): Promise<void> {
    const [latest] = await db
      .select({ state: kycApplications.state })
      .from(kycApplications)
      .where(and(eq(kycApplications.userId, userId), eq(kycApplications.level, level)))
      .orderBy(desc(kycApplications.id))
      .limit(1);
    if (latest?.state === 'pending') throw conflict('KYC_PENDING', 'kyc.pending');
    if (latest?.state === 'approved') throw conflict('KYC_ALREADY_APPROVED', 'kyc.alreadyApproved');
  }
}

async function insertApplication(db: Db, values: typeof kycApplications.$inferInsert): Promise<KycApplicationRow> {
  try {
    const [row] = await db.insert(kycApplications).values(values).returning();
    return row!;
  } catch (err) {
    // two submissions racing: the database's unique indexes decide, the loser gets the same answer
    const constraint = uniqueViolation(err);
    if (constraint === 'kyc_applications_document_uniq') throw documentInUse();
    if (constraint !== null) throw conflict('KYC_PENDING', 'kyc.pending');
    throw err;
  }
}

function uniqueViolation(err: unknown): string | null {
  let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (e.code === '23505') return e.constraint ?? '';
    e = e.cause as typeof e;
  }
  return null;
}

const documentInUse = () => conflict('KYC_DOCUMENT_IN_USE', 'kyc.documentInUse');

function levelFrom(approvedLevels: string[]): KycLevel {
  if (approvedLevels.includes('advanced')) return 'advanced';
  if (approvedLevels.includes('basic')) return 'basic';
  return 'none';
}

/** rows: one user's applications, oldest first. */
function summarize(rows: KycApplicationRow[]): KycSummary {
  const level = levelFrom(rows.filter((r) => r.state === 'approved').map((r) => r.level));
  const last = rows.at(-1);
  let state: KycUserState;
  if (rows.some((r) => r.state === 'pending')) state = 'under_certification';
  else if (last?.state === 'rejected') state = 'rejected';
  else if (level !== 'none') state = 'certified';
  else state = 'not_certified';
  return { level, state };
}

/** The ID number is shown to its owner with all but the last four characters hidden. */
function maskIdNumber(id: string | null): string | null {
  if (!id) return null;
  return id.length <= 4 ? '*'.repeat(id.length) : `${'*'.repeat(id.length - 4)}${id.slice(-4)}`;
}

function photoUrls(row: KycApplicationRow, base: string) {
  if (row.level !== 'advanced') return null;
  return { front: base + row.frontPhoto, back: base + row.backPhoto, hand: base + row.handPhoto };
}

function userView(row: KycApplicationRow) {
  return {
    id: row.id,
    level: row.level,
    state: row.state,
    rejectReason: row.rejectReason,
    submittedAt: row.createdAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
    realName: row.realName,
    idNumber: maskIdNumber(row.idNumber),
    country: row.country,
    documentType: row.documentType,
    photos: photoUrls(row, USER_PHOTO_PATH),
  };
}

function operatorView(row: KycApplicationRow) {
  return {
    id: row.id,
    userId: row.userId,
    level: row.level,
    state: row.state,
    rejectReason: row.rejectReason,
    submittedAt: row.createdAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
    reviewedBy: row.reviewedBy,
    realName: row.realName,
    idNumber: row.idNumber,
    country: row.country,
    documentType: row.documentType,
    photos: photoUrls(row, ADMIN_PHOTO_PATH),
  };
}
