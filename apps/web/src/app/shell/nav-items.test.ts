import { describe, expect, it } from 'vitest';
import { isNavItemActive, LABEL_HUB_NAV, SIDEBAR_NAV } from './nav-items';

const item = (label: string) => SIDEBAR_NAV.find((i) => i.label === label)!;

describe('isNavItemActive', () => {
  it('marks the Label Hub current at / and at its alias /label-hub, not on pages below /', () => {
    expect(isNavItemActive(LABEL_HUB_NAV, '/')).toBe(true);
    expect(isNavItemActive(LABEL_HUB_NAV, '/label-hub')).toBe(true);
    expect(isNavItemActive(LABEL_HUB_NAV, '/label-hub/')).toBe(true);
    expect(isNavItemActive(LABEL_HUB_NAV, '/home')).toBe(false);
  });

  it('marks a section current on its own pages, and no section that merely shares a prefix', () => {
    expect(isNavItemActive(item('Signed Songs'), '/signed-songs')).toBe(true);
    expect(isNavItemActive(item('Signed Songs'), '/signed-songs/abc/contracts')).toBe(true);
    expect(isNavItemActive(item('Overview'), '/overview-archive')).toBe(false);
    expect(isNavItemActive(item('Home'), '/')).toBe(false);
  });
});
