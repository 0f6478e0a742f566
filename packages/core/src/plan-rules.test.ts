import { describe, expect, it } from 'vitest';
import {
  canAddUser,
  canUploadTrack,
  canUseFeature,
  GATED_FEATURES,
  type GatedFeature,
  isGatedFeature,
  type PlanFlags,
  trackLimitMessage,
} from './plan-rules.ts';

// The seeded plans (apps/server/migrations/0001_security_realtime_plans.sql).
const starter: PlanFlags = {
  name: 'Starter',
  has_label_copy_generator: false,
  has_contract_generator: false,
  has_chat_functionality: false,
};
const pro: PlanFlags = {
  name: 'Pro',
  has_label_copy_generator: true,
  has_contract_generator: true,
  has_chat_functionality: true,
};

describe('canUploadTrack', () => {
  it.each([
    [25, 0, true],
    [25, 24, true],
    [25, 25, false],
    [25, 26, false],
    [0, 0, false],
    [-1, 0, true],
    [-1, 1_000_000, true],
    [1, 0, true],
    [1, 1, false],
  ])('limit %i with %i uploaded -> %s', (limit, count, allowed) => {
    expect(canUploadTrack(limit, count)).toBe(allowed);
  });
});

describe('canAddUser', () => {
  it.each([
    [3, 0, true],
    [3, 2, true],
    [3, 3, false],
    [3, 4, false],
    [0, 0, false],
    // -1 is "unlimited", as for track_limit: any number of members may join.
    [-1, 0, true],
    [-1, 5000, true],
  ])('limit %i with %i active -> %s', (limit, active, allowed) => {
    expect(canAddUser(limit, active)).toBe(allowed);
  });
});

describe('canUseFeature', () => {
  it('gates exactly the three features', () => {
    expect(GATED_FEATURES).toEqual(['label_copy_generator', 'contract_generator', 'chat_functionality']);
    expect(isGatedFeature('chat_functionality')).toBe(true);
    expect(isGatedFeature('catalogue')).toBe(false);
  });

  it.each(GATED_FEATURES)('Starter may use %s once, as a trial', (feature) => {
    expect(canUseFeature(starter, feature, [])).toBe(true);
    expect(canUseFeature(starter, feature, [feature])).toBe(false);
    const others = GATED_FEATURES.filter((f) => f !== feature);
    expect(canUseFeature(starter, feature, others)).toBe(true);
  });

  it('ignores the Starter flags: the trial rule alone decides', () => {
    const generousStarter = { ...starter, has_chat_functionality: true };
    expect(canUseFeature(generousStarter, 'chat_functionality', ['chat_functionality'])).toBe(false);
  });

  it('follows the flags on other plans, whatever the trials', () => {
    const all = [...GATED_FEATURES];
    for (const feature of GATED_FEATURES) {
      expect(canUseFeature(pro, feature, all)).toBe(true);
      expect(canUseFeature(pro, feature, [])).toBe(true);
    }
    const mixed: PlanFlags = {
      name: 'Custom',
      has_label_copy_generator: true,
      has_contract_generator: false,
      has_chat_functionality: false,
    };
    const answers = GATED_FEATURES.map((f: GatedFeature) => canUseFeature(mixed, f, []));
    expect(answers).toEqual([true, false, false]);
  });

  it('matches the plan name exactly', () => {
    // 'starter' is not the Starter plan: it falls back to its flags (all false here).
    expect(canUseFeature({ ...starter, name: 'starter' }, 'contract_generator', [])).toBe(false);
  });
});

describe('trackLimitMessage', () => {
  it('names the limit', () => {
    expect(trackLimitMessage(25)).toBe('Your plan allows 25 tracks. Upgrade your plan to add more.');
    expect(trackLimitMessage(500)).toBe('Your plan allows 500 tracks. Upgrade your plan to add more.');
    expect(trackLimitMessage(1)).toBe('Your plan allows 1 track. Upgrade your plan to add more.');
    expect(trackLimitMessage(0)).toBe('Your plan allows 0 tracks. Upgrade your plan to add more.');
    expect(trackLimitMessage(-1)).toBe('Your plan allows unlimited tracks.');
  });
});
