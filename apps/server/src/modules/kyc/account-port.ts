import type { Db } from '../../platform/db/database.ts';
import type { AccountUser as AccountServiceUser } from '../account/account.service.ts';

/**
 * What the KYC and referral modules read from the account module, through its published services
 * (`ctx.services.account`, `ctx.services.uploads`) — never its tables. Only the members used here.
 */
export type AccountUser = Pick<
  AccountServiceUser,
  'id' | 'email' | 'phone' | 'phoneCountry' | 'inviteCode' | 'inviterId' | 'creditScore' | 'createdAt'
>;

export interface AccountPort {
  getUser(id: number, db?: Db): Promise<AccountUser | null>;
  setCreditScore(userId: number, score: number, db?: Db): Promise<void>;
  listDirectInvitees(
    userId: number,
    page: { page: number; size: number },
  ): Promise<{
    total: number;
    items: Array<{
      id: number;
      email: string | null;
      phone: string | null;
      phoneCountry: string | null;
      createdAt: Date;
    }>;
  }>;
  /** Members at levels 1..maxDepth below the user. */
  countTeam(userId: number, maxDepth?: number): Promise<number>;
}

export interface UploadsPort {
  /** The user who uploaded the file, or null when there is no such file. */
  ownerOf(fileId: string): Promise<number | null>;
  read(fileId: string): Promise<{ content: Buffer; mime: string } | null>;
}
