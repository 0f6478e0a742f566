import { describe, expect, it } from 'vitest';
import {
  addDays,
  campaignInput,
  campaignPatch,
  daysUntil,
  dueState,
  generalIntakeData,
  isIsoDate,
  parseMoneyToCents,
  questionnaireData,
  questionnaireSubmission,
  reminderDue,
  reminderDueDates,
  reminderMessage,
  taskInput,
} from './marketing';

const open = (due_date: string | null) => ({ status: 'todo', assignee_id: 'a', due_date });
const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('deadline reminder schedule', () => {
  it('is due 3 days, 1 day and 0 days before, and not on other days', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(reminderDue(open('2026-06-04'), now)).toBe('3days');
    expect(reminderDue(open('2026-06-02'), now)).toBe('1day');
    expect(reminderDue(open('2026-06-01'), now)).toBe('today');
    for (const day of ['2026-06-05', '2026-06-03', '2026-05-31', '2026-05-01']) {
      expect(reminderDue(open(day), now), day).toBeNull();
    }
  });

  it('counts UTC calendar days, whatever the hour', () => {
    expect(reminderDue(open('2026-06-04'), new Date('2026-06-01T00:00:00Z'))).toBe('3days');
    expect(reminderDue(open('2026-06-04'), new Date('2026-06-01T23:59:59.999Z'))).toBe('3days');
    expect(reminderDue(open('2026-06-04'), new Date('2026-05-31T23:59:59.999Z'))).toBeNull();
    // 21:30 in New York on May 31 is already June 1 in UTC.
    expect(reminderDue(open('2026-06-04'), new Date('2026-05-31T21:30:00-04:00'))).toBe('3days');
    // Across a month end and a leap day.
    expect(reminderDue(open('2028-03-01'), new Date('2028-02-27T08:00:00Z'))).toBe('3days');
    expect(daysUntil('2028-03-01', new Date('2028-02-29T08:00:00Z'))).toBe(1);
  });

  it('sends nothing for done, unassigned or undated tasks', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    expect(reminderDue({ status: 'done', assignee_id: 'a', due_date: '2026-06-01' }, now)).toBeNull();
    expect(reminderDue({ status: 'todo', assignee_id: null, due_date: '2026-06-01' }, now)).toBeNull();
    expect(reminderDue(open(null), now)).toBeNull();
    expect(reminderDue({ status: 'in_progress', assignee_id: 'a', due_date: '2026-06-02' }, now)).toBe(
      '1day',
    );
  });

  it('lists the due dates the job looks for, and words each reminder', () => {
    expect(reminderDueDates(new Date('2026-12-30T10:00:00Z'))).toEqual([
      { kind: '3days', dueDate: '2027-01-02' },
      { kind: '1day', dueDate: '2026-12-31' },
      { kind: 'today', dueDate: '2026-12-30' },
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(reminderMessage('3days', { title: 'Pitch', song_title: 'Summer Static' })).toBe(
      '"Pitch" for Summer Static is due in 3 days',
    );
  });

  it('marks tasks overdue, due today, soon or later for the list', () => {
    const now = new Date('2026-06-10T09:00:00Z');
    expect(dueState({ status: 'todo', due_date: '2026-06-09' }, now)).toBe('overdue');
    expect(dueState({ status: 'todo', due_date: '2026-06-10' }, now)).toBe('today');
    expect(dueState({ status: 'todo', due_date: '2026-06-13' }, now)).toBe('soon');
    expect(dueState({ status: 'todo', due_date: '2026-06-14' }, now)).toBe('later');
    expect(dueState({ status: 'done', due_date: '2026-06-01' }, now)).toBe('done');
  });
});

describe('campaign and task schemas', () => {
  it('keeps the end date on or after the start date', () => {
    expect(
      campaignInput.safeParse({ name: 'A', start_date: '2026-06-01', end_date: '2026-06-01' }).success,
    ).toBe(true);
    expect(
      errorOf(campaignInput.safeParse({ name: 'A', start_date: '2026-06-02', end_date: '2026-06-01' })),
    ).toBe('end_date: the campaign cannot end before it starts');
    expect(errorOf(campaignPatch.safeParse({ start_date: '2026-06-02', end_date: '2026-06-01' }))).toBe(
      'end_date: the campaign cannot end before it starts',
    );
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(errorOf(campaignInput.safeParse({ name: 'A', start_date: '01/06/2026' }))).toBe(
      'start_date: must be a date like 2026-05-01',
    );
  });

  it('takes a budget in whole minor units and a known currency', () => {
    expect(campaignInput.parse({ name: 'A' })).toMatchObject({
      budget_cents: 0,
      currency: 'USD',
      status: 'planned',
    });
    expect(errorOf(campaignInput.safeParse({ name: 'A', budget_cents: -100 }))).toContain('budget_cents');
    expect(errorOf(campaignInput.safeParse({ name: 'A', budget_cents: 1.5 }))).toContain('budget_cents');
    expect(errorOf(campaignInput.safeParse({ name: 'A', currency: 'usd' }))).toContain('currency');
    expect(parseMoneyToCents('1,250.50')).toBe(125_050);
    expect(parseMoneyToCents('$ 300')).toBe(30_000);
    expect(parseMoneyToCents('0.5')).toBe(50);
    expect(parseMoneyToCents('')).toBe(0);
    expect(parseMoneyToCents('12.345')).toBeNull();
    expect(parseMoneyToCents('-5')).toBeNull();
    expect(parseMoneyToCents('ten')).toBeNull();
  });

  it('trims names, drops repeated channels and names the field in errors', () => {
    expect(
      campaignInput.parse({ name: ' Launch ', channels: ['TikTok', 'tiktok', ' Local radio '] }),
    ).toMatchObject({
      name: 'Launch',
      channels: ['TikTok', 'Local radio'],
    });
    expect(errorOf(campaignInput.safeParse({ name: '   ' }))).toBe('name: give the campaign a name');
    expect(errorOf(taskInput.safeParse({ title: '' }))).toBe('title: give the task a title');
    expect(errorOf(taskInput.safeParse({ title: 'A', assignee_id: 'alex' }))).toBe(
      'assignee_id: choose a member of your label',
    );
  });
});

describe('questionnaire and intake schemas', () => {
  it('checks social links as web addresses, adding https when left out', () => {
    const parsed = questionnaireData.parse({ socials: { instagram: 'instagram.com/junopark', website: '' } });
    expect(parsed.socials).toMatchObject({ instagram: 'https://instagram.com/junopark', website: '' });
    expect(errorOf(questionnaireData.safeParse({ socials: { x: 'not a url' } }))).toBe(
      'socials.x: must be a web address (https://...)',
    );
    expect(errorOf(questionnaireData.safeParse({ socials: { youtube: 'javascript:alert(1)' } }))).toBe(
      'socials.youtube: must be a web address (https://...)',
    );
    expect(errorOf(questionnaireData.safeParse({ press_photos: [{ url: 'ftp://x.test/a.jpg' }] }))).toBe(
      'press_photos.url: must be a web address (https://...)',
    );
  });

  it("holds the pitch to Spotify's 500 characters and needs a bio and pitch to submit", () => {
    expect(questionnaireData.safeParse({ pitch: 'x'.repeat(500) }).success).toBe(true);
    expect(errorOf(questionnaireData.safeParse({ pitch: 'x'.repeat(501) }))).toBe(
      'pitch: at most 500 characters',
    );
    expect(questionnaireData.safeParse({}).success).toBe(true);
    expect(errorOf(questionnaireSubmission.safeParse({ pitch: 'A pitch' }))).toBe(
      'bio_short: please write a short bio',
    );
    expect(questionnaireSubmission.safeParse({ bio_short: 'Bio', pitch: 'A pitch' }).success).toBe(true);
  });

  it('needs a project name and a contact email on the intake', () => {
    expect(errorOf(generalIntakeData.safeParse({ project_name: '', contact_email: 'a@b.test' }))).toBe(
      'project_name: please give the artist or project name',
    );
    expect(errorOf(generalIntakeData.safeParse({ project_name: 'Oda', contact_email: 'oda' }))).toBe(
      'contact_email: must be an email address',
    );
    expect(
      generalIntakeData.parse({ project_name: 'Oda', contact_email: ' oda@artists.test ' }),
    ).toMatchObject({
      contact_email: 'oda@artists.test',
      budget_range: null,
    });
  });
});
