import type { KycApplication, KycStatus } from '../api/kyc.ts';

/**
 * What the identity entry shows for one level (spec §4): its state, the operator's reason when it
 * was rejected, and which button the user gets. Advanced stays locked until basic is certified.
 */
export type LevelState = 'not_certified' | 'under_certification' | 'certified' | 'rejected' | 'locked';
export type LevelAction = 'start' | 'resubmit' | null;

export interface LevelView {
  state: LevelState;
  /** The reason the operator gave for a rejection, shown to the user as written. */
  reason: string | null;
  action: LevelAction;
  application: KycApplication | null;
}

export function stateOf(app: KycApplication | null): Exclude<LevelState, 'locked'> {
  if (!app) return 'not_certified';
  if (app.state === 'pending') return 'under_certification';
  if (app.state === 'approved') return 'certified';
  return 'rejected';
}

export function levelView(status: KycStatus, level: 'basic' | 'advanced'): LevelView {
  const app = status[level];
  if (level === 'advanced' && !app && status.basic?.state !== 'approved') {
    return { state: 'locked', reason: null, action: null, application: null };
  }
  const state = stateOf(app);
  const action: LevelAction = state === 'not_certified' ? 'start' : state === 'rejected' ? 'resubmit' : null;
  return { state, reason: state === 'rejected' ? (app?.rejectReason ?? null) : null, action, application: app };
}

/** The form a level's button opens. */
export const LEVEL_PATHS = { basic: '/mine/identityBase', advanced: '/mine/identityAdvance' } as const;
