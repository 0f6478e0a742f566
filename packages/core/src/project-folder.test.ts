import { describe, expect, it } from 'vitest';
import {
  createFolderBody,
  daysLeftToRestore,
  formatBytes,
  isPurgeDue,
  storageUsageText,
  subtreeIds,
} from './project-folder.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('project folder rules', () => {
  it('keeps deleted items 30 days', () => {
    const now = new Date('2025-06-30T12:00:00Z');
    expect(daysLeftToRestore(new Date(now.getTime() - 1 * DAY), now)).toBe(29);
    expect(isPurgeDue(new Date(now.getTime() - 29 * DAY), now)).toBe(false);
    expect(isPurgeDue(new Date(now.getTime() - 30 * DAY), now)).toBe(true);
  });

  it('formats storage the way the plan names it', () => {
    expect(formatBytes(1_073_741_824)).toBe('1 GB');
    expect(formatBytes(1.2 * 1_073_741_824)).toBe('1.2 GB');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(storageUsageText(1.2 * 1_073_741_824, 107_374_182_400)).toBe('1.2 GB of 100 GB used');
    expect(storageUsageText(5 * 1024 * 1024, -1)).toBe('5 MB used (unlimited)');
  });

  it('validates names and finds a folder’s subtree', () => {
    expect(createFolderBody.safeParse({ name: 'a/b' }).error?.issues[0]?.message).toBe(
      'name: must not contain / or \\',
    );
    expect(createFolderBody.parse({ name: '  Stems  ' })).toEqual({ name: 'Stems', parent_id: null });
    const folders = [
      { id: 'a', parent_id: null },
      { id: 'b', parent_id: 'a' },
      { id: 'c', parent_id: 'b' },
      { id: 'd', parent_id: null },
    ];
    expect([...subtreeIds(folders, 'a')].sort()).toEqual(['a', 'b', 'c']);
  });
});
