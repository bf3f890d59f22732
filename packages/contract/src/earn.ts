/**
 * A staking plan as the server's earn calls show it (the retail app and the operator console). Amounts and rates
 * are decimal strings.
 */
export interface EarnPlan {
  id: number;
  currency: string;
  scale: number;
  lockDays: number;
  dailyRate: string;
  rateRule: 'fixed' | 'range';
  rateMin: string;
  rateMax: string;
  minAmount: string;
  maxAmount: string;
  capacity: string;
  remaining: string;
  penaltyRate: string;
  graceMinutes: number;
  /** end date of a lock made now (the server's clock) */
  endTime: number;
  status: 'open' | 'closed';
  accepting: boolean;
  covered: boolean;
  yieldSource: string;
}
