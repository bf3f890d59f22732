import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Private file storage under DATA_DIR/uploads. Names are random (never the client's), so a name
 * reveals nothing and cannot be guessed; who may read a file is decided by the module that owns it.
 */
export class FileStorage {
  readonly root: string;
  constructor(root: string) {
    this.root = root;
  }
  async save(content: Buffer, ext: string): Promise<string> {
    await fs.mkdir(this.root, { recursive: true });
    const name = `${crypto.randomBytes(18).toString('base64url')}.${ext}`;
    await fs.writeFile(path.join(this.root, name), content, { flag: 'wx', mode: 0o600 });
    return name;
  }
  async read(name: string): Promise<Buffer | null> {
    if (!/^[A-Za-z0-9_-]{24}\.[a-z0-9]{2,5}$/.test(name)) return null;
    try {
      return await fs.readFile(path.join(this.root, name));
    } catch {
      return null;
    }
  }
}
