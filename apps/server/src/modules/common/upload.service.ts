import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { uploads } from './common.schema.ts';

/** The only uploads accepted: images, recognised by their bytes (never by name or declared type). */
const ALLOWED: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

export interface StoredUpload {
  fileId: string;
  ownerUserId: number;
  mime: string;
  size: number;
  createdAt: Date;
}

export interface UploadServiceDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

/**
 * User uploads. The file id is the random storage name, so it cannot be guessed; reading is still
 * checked against the owner by the route, and other modules (KYC review) read through `read()`.
 */
export class UploadService {
  private readonly deps: UploadServiceDeps;
  constructor(deps: UploadServiceDeps) {
    this.deps = deps;
  }

  async save(ownerUserId: number, content: Buffer): Promise<StoredUpload> {
    const type = await fileTypeFromBuffer(content);
    const ext = type ? ALLOWED[type.mime] : undefined;
    if (!type || !ext) throw badRequest('UPLOAD_NOT_IMAGE', 'common.uploadNotImage', undefined, 'file');
    const fileId = await this.deps.storage.save(content, ext);
    const [row] = await this.deps.db
      .insert(uploads)
      .values({
        fileName: fileId,
        ownerUserId,
        mime: type.mime,
        size: content.length,
        createdAt: new Date(this.deps.clock.now()),
      })
      .returning();
    return toStored(row!);
  }

  async get(fileId: string): Promise<StoredUpload | null> {
    const [row] = await this.deps.db.select().from(uploads).where(eq(uploads.fileName, fileId)).limit(1);
    return row ? toStored(row) : null;
  }

  /** The user who uploaded the file, or null when there is no such file. */
  async ownerOf(fileId: string): Promise<number | null> {
    return (await this.get(fileId))?.ownerUserId ?? null;
  }

  /** The bytes and type of a file, or null. Callers decide who may see them. */
  async read(fileId: string): Promise<{ content: Buffer; mime: string } | null> {
    const meta = await this.get(fileId);
    if (!meta) return null;
    const content = await this.deps.storage.read(fileId);
    return content ? { content, mime: meta.mime } : null;
  }
}

function toStored(row: typeof uploads.$inferSelect): StoredUpload {
  return {
    fileId: row.fileName,
    ownerUserId: row.ownerUserId,
    mime: row.mime,
    size: row.size,
    createdAt: row.createdAt,
  };
}
