/** A user as the search list and the user page's header show them (GET nothing secret). */
export interface UserRow {
  id: number;
  email: string | null;
  phone: string | null;
  inviteCode: string;
  status: 'active' | 'frozen';
  creditScore: number;
  createdAt: number;
}

export interface UserDetail extends UserRow {
  inviterId: number | null;
  totpEnabled: boolean;
  fundPasswordSet: boolean;
  withdrawFreeze: { until: number; byOperator: boolean } | null;
  kyc: { level: string; state: string } | null;
  sessions: { id: number; createdAt: number; lastSeenAt: number; userAgent: string | null; ip: string | null }[];
}
