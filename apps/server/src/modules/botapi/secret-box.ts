import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Encrypts API-key secrets at rest with AES-256-GCM. A signature check needs the secret itself, so a
 * one-way hash cannot serve (docs/decisions/0018-api-keys.md). The server's key comes from
 * APIKEY_SECRET_KEY (64 hex characters) or, on an installation without it, from a key file generated
 * once in the data directory and readable by its owner only — so a copied database alone does not
 * reveal any secret.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('the API-key encryption key must be 32 bytes');
    this.key = key;
  }

  /** The key from APIKEY_SECRET_KEY, else from DATA_DIR/apikey-secret.key (created with mode 0600). */
  static load(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
    const given = env.APIKEY_SECRET_KEY;
    if (given !== undefined && given !== '') {
      if (!/^[0-9a-fA-F]{64}$/.test(given)) throw new Error('APIKEY_SECRET_KEY must be 64 hexadecimal characters');
      return new SecretBox(Buffer.from(given, 'hex'));
    }
    const file = path.join(dataDir, 'apikey-secret.key');
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // 'wx': the first process to start creates it; a concurrent one falls through and reads it
      fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const text = fs.readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold a 64-hex-character key`);
    return new SecretBox(Buffer.from(text, 'hex'));
  }

  /** "v1.<iv>.<tag>.<ciphertext>" in base64url; the api key is bound in as associated data. */
  seal(plain: string, boundTo: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ct]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string, boundTo: string): string {
    const [version, iv, tag, ct] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ct === undefined) throw new Error('unreadable sealed secret');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}
