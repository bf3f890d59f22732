import { describe, expect, it } from 'vitest';
import type { KycApplication, KycStatus } from '../api/kyc.ts';
import { levelView } from './level-view.ts';

const app = (
  level: 'basic' | 'advanced',
  state: KycApplication['state'],
  rejectReason: string | null = null,
): KycApplication => ({
  id: 1,
  level,
  state,
  rejectReason,
  submittedAt: 0,
  reviewedAt: null,
  realName: null,
  idNumber: null,
  country: null,
  documentType: null,
  photos: null,
});

const status = (basic: KycApplication | null, advanced: KycApplication | null = null): KycStatus => ({
  level: 'none',
  state: 'not_certified',
  emailBound: true,
  phoneBound: true,
  canSubmitBasic: true,
  canSubmitAdvanced: false,
  basic,
  advanced,
  limits: { withdrawBtcPer24h: '0', fiatPerTrade: '0' },
});

describe('levelView', () => {
  it('offers to start basic and keeps advanced locked before anything is submitted', () => {
    expect(levelView(status(null), 'basic')).toMatchObject({ state: 'not_certified', action: 'start' });
    expect(levelView(status(null), 'advanced')).toMatchObject({ state: 'locked', action: null });
  });

  it('shows basic under certification with no button, advanced still locked', () => {
    expect(levelView(status(app('basic', 'pending')), 'basic')).toMatchObject({
      state: 'under_certification',
      action: null,
    });
    expect(levelView(status(app('basic', 'pending')), 'advanced').state).toBe('locked');
  });

  it('gives the operator reason and a resubmit button after a rejection', () => {
    const v = levelView(status(app('basic', 'rejected', 'Blurry document')), 'basic');
    expect(v).toMatchObject({ state: 'rejected', reason: 'Blurry document', action: 'resubmit' });
  });

  it('opens advanced once basic is certified', () => {
    const s = status(app('basic', 'approved'));
    expect(levelView(s, 'basic')).toMatchObject({ state: 'certified', action: null, reason: null });
    expect(levelView(s, 'advanced')).toMatchObject({ state: 'not_certified', action: 'start' });
    expect(
      levelView(status(app('basic', 'approved'), app('advanced', 'rejected', 'No hand-held photo')), 'advanced'),
    ).toMatchObject({
      state: 'rejected',
      reason: 'No hand-held photo',
      action: 'resubmit',
    });
  });
});
