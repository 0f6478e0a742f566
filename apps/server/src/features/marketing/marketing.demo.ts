import { addDays, questionnaireData, utcDay } from '@music-review/core/marketing';
import type { OrgTx } from '../../platform/db/index.ts';
import * as repo from './marketing.repo.ts';

/**
 * The demo label's marketing: one campaign on the first signed song with tasks due around today
 * (so the calendar, the highlights and the reminder job have something to show) and the artist's
 * submitted questionnaire. Runs inside the seed's `withOrg` transaction.
 */
export async function seedMarketingDemo(
  tx: OrgTx,
  input: {
    organizationId: string;
    songs: { id: string; title: string; artist: string }[];
    reviewers: { id: string; name: string }[];
  },
  now = new Date(),
) {
  const song = input.songs[0];
  if (!song || input.reviewers.length === 0) return;
  const org = input.organizationId;
  const today = utcDay(now);
  const day = (offset: number) => addDays(today, offset);
  const who = (i: number) => input.reviewers[i % input.reviewers.length]!.id;
  const creator = who(0);

  const campaignId = await repo.insertCampaign(tx, org, song.id, creator, {
    name: `${song.title} release campaign`,
    status: 'active',
    budget_cents: 450_000,
    currency: 'USD',
    start_date: day(-10),
    end_date: day(35),
    channels: ['Spotify editorial pitch', 'TikTok', 'Instagram', 'Press', 'Playlists'],
    notes: `Single launch for ${song.artist}. TikTok teaser first, then editorial pitch and press.`,
  });
  const campaign = { id: campaignId, song_id: song.id };
  const tasks = [
    { title: 'Shoot TikTok teaser clips', due: -3, status: 'done' as const, assignee: 1 },
    { title: 'Send press release to blogs', due: 0, status: 'in_progress' as const, assignee: 2 },
    { title: 'Submit Spotify editorial pitch', due: 1, status: 'todo' as const, assignee: 1 },
    { title: 'Pitch to independent playlist curators', due: 3, status: 'todo' as const, assignee: 2 },
    { title: 'Book Instagram ads for release week', due: 12, status: 'todo' as const, assignee: 0 },
  ];
  for (const t of tasks) {
    await repo.insertTask(tx, org, campaign, creator, {
      title: t.title,
      assignee_id: who(t.assignee),
      due_date: day(t.due),
      status: t.status,
    });
  }

  const form = await repo.insertSongForm(tx, org, song.id, creator);
  const answers = questionnaireData.parse({
    bio_short: `${song.artist} writes bright, bittersweet synth-pop from a bedroom studio.`,
    bio_long: `${song.artist} started releasing music in 2021 and has since played support slots across Europe. "${song.title}" is the first single from the upcoming EP.`,
    press_photos: [{ url: 'https://example.com/press/portrait.jpg', caption: 'Photo: Mina Cho' }],
    socials: {
      instagram: 'https://instagram.com/demo.artist',
      tiktok: 'https://www.tiktok.com/@demo.artist',
      spotify: 'https://open.spotify.com/artist/demo',
      website: 'https://demo-artist.example.com',
    },
    pitch: `"${song.title}" is a sunlit synth-pop single about a summer that refuses to end: analog pads, a hook that lands in the first ten seconds and a bridge built for late-night drives.`,
    similar_artists: 'CHVRCHES, Robyn, Carly Rae Jepsen',
    playlists: 'Fresh Finds, Pop Rising, Indie Pop',
    release_story: 'Written in one night after the last show of the tour, recorded the following week.',
  });
  await repo.saveFormData(tx, org, form.id, answers, true);
}
