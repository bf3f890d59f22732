/**
 * Bot API keys on the wire (POST /api/xb/v1/botapi/keys/…): what the server answers and the account page shows.
 * Types only.
 */
export type ApiPermission = 'read' | 'trade' | 'withdraw';

export interface ApiKeyView {
  id: number;
  label: string;
  apiKey: string;
  permissions: ApiPermission[];
  ipAllow: string[];
  status: 'active' | 'disabled';
  /** When the withdraw permission starts to work (24 h after creation); null for a key without it. */
  withdrawEnabledAt: number | null;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface CreatedApiKey extends ApiKeyView {
  /** Shown once: only its ciphertext is stored. */
  secret: string;
}
