import { CONTRACT_TEXTS, type ContractTemplateDto } from '@music-review/core/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeSong } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';

const templates: ContractTemplateDto[] = [
  {
    id: 'default-recording_agreement',
    kind: 'recording_agreement',
    name: 'Recording agreement',
    body: '{{song_title}}',
    builtin: true,
    updated_at: null,
  },
  {
    id: 'tpl-9',
    kind: 'license',
    name: 'Our license',
    body: '{{song_title}}',
    builtin: false,
    updated_at: null,
  },
];

const SAVE = 'POST /api/v1/songs/song-1/contracts';

function serve(save: Parameters<typeof mockFetch>[0][string]) {
  return mockFetch({
    ...signedSongFrameRoutes(),
    'GET /api/v1/songs/song-1/contracts': json(200, []),
    'GET /api/v1/contracts/generator': json(200, {
      allowed: true,
      is_trial: false,
      trial_used: false,
      message: CONTRACT_TEXTS.included,
    }),
    'GET /api/v1/songs/song-1': json(
      200,
      makeSong({ title: 'Summer Static', artist: 'Nova Lane', status: 'signed' }),
    ),
    'GET /api/v1/contract-templates': json(200, templates),
    [SAVE]: save,
  });
}

async function openDialog() {
  const user = userEvent.setup({ delay: null });
  renderApp({ route: '/signed-songs/song-1/contracts', session: makeClientSession() });
  const generate = await screen.findByRole('button', { name: CONTRACT_TEXTS.generate });
  await expect.poll(() => (generate as HTMLButtonElement).disabled).toBe(false);
  await user.click(generate);
  const dialog = screen.getByRole('dialog', { name: 'Generate contract' });
  const template = within(dialog).getByRole('combobox', { name: 'Template' }) as HTMLSelectElement;
  await waitFor(() =>
    expect([...template.options].map((o) => o.textContent)).toContain('Our license · yours'),
  );
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  /** Replaces a field's value in one go (typing key by key re-renders the whole page each time). */
  const fill = async (label: string, value: string) => {
    await user.clear(field(label));
    await user.paste(value);
  };
  return { user, dialog, field, fill };
}

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

describe('generate contract dialog', () => {
  it('keeps a live writers’ total that reads "(must be 100%)" until the shares add up', async () => {
    const server = serve(json(500, {}));
    const { user, dialog, field, fill } = await openDialog();
    const total = () => within(dialog).getByText(/^Total:/).textContent;
    expect(field('Title').value).toBe('Recording agreement: Summer Static');
    expect(field('Writer 1 name').value).toBe('Nova Lane');
    expect(total()).toBe('Total: 100%');

    await fill('Writer 1 share (%)', '60');
    expect(total()).toBe('Total: 60% (must be 100%)');
    await user.click(within(dialog).getByRole('button', { name: 'Add writer' }));
    await fill('Writer 2 name', 'Kai Writer');
    await fill('Writer 2 share (%)', '30,5');
    expect(total()).toBe('Total: 90.5% (must be 100%)');

    // Shares that do not add up are refused before anything is sent.
    await fill('Party 2 email', 'nova@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate contract' }));
    expect(within(dialog).getByText('Shares must total 100%; they total 90.5%')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Some fields need fixing: see the messages above.',
    );
    expect(server.requestsTo(SAVE)).toHaveLength(0);

    await fill('Writer 2 share (%)', '40');
    expect(total()).toBe('Total: 100%');
  });

  it('shows the server’s error in the dialog and keeps what was typed, then sends the terms', async () => {
    const server = serve([
      apiError(
        400,
        'validation_failed',
        'terms.territory: enter the territory, like "Worldwide"',
        {},
        { 'terms.territory': 'Enter the territory, like "Worldwide"' },
      ),
      json(201, { id: 'contract-9' }),
    ]);
    const { user, dialog, field, fill } = await openDialog();
    await fill('Title', 'Deal for Summer Static');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Template' }), 'tpl-9');
    await fill('Royalty rate (%)', '20');
    await fill('Advance', '1500.5');
    await fill('Effective date', '2025-04-01');
    await fill('Party 2 email', 'nova@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate contract' }));

    // The server's answer is shown beside the field it names, in words (no field path).
    await expect.poll(() => field('Territory').getAttribute('aria-invalid')).toBe('true');
    const described = field('Territory').getAttribute('aria-describedby') ?? '';
    expect(described).not.toBe('');
    expect(
      described
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    ).toContain('Enter the territory, like "Worldwide"');
    expect(field('Title').value).toBe('Deal for Summer Static');
    expect(field('Royalty rate (%)').value).toBe('20');
    expect(field('Party 2 email').value).toBe('nova@example.com');

    await user.click(within(dialog).getByRole('button', { name: 'Generate contract' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    const bodies = server.requestsTo(SAVE).map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toEqual({
      template_id: 'tpl-9',
      title: 'Deal for Summer Static',
      terms: {
        parties: [
          { name: 'Midnight Records', role: 'Label', email: 'ada@label.test' },
          { name: 'Nova Lane', role: 'Artist', email: 'nova@example.com' },
        ],
        artist_name: 'Nova Lane',
        term: '3 years',
        territory: 'Worldwide',
        royalty_rate: 20,
        advance_cents: 150050,
        currency: 'EUR',
        writers: [{ name: 'Nova Lane', share: 100 }],
        effective_date: '2025-04-01',
      },
    });
  });

  it('puts every field the server names beside that field, and a message naming none in the alert', async () => {
    serve([
      apiError(
        400,
        'validation_failed',
        'terms.territory: enter the territory',
        {},
        {
          'terms.territory': 'Enter the territory',
          'terms.parties.1.email': 'Enter a valid email address',
          title: 'Enter a title for the contract',
        },
      ),
      apiError(409, 'conflict', 'This song already has a signed contract'),
    ]);
    const { user, dialog, field, fill } = await openDialog();
    await fill('Title', 'Deal');
    await fill('Royalty rate (%)', '20');
    await fill('Effective date', '2025-04-01');
    await fill('Party 2 email', 'nova@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Generate contract' }));

    const besideField = (label: string) =>
      (field(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    await expect.poll(() => field('Territory').getAttribute('aria-invalid')).toBe('true');
    expect(besideField('Territory')).toContain('Enter the territory');
    expect(field('Party 2 email').getAttribute('aria-invalid')).toBe('true');
    expect(besideField('Party 2 email')).toContain('Enter a valid email address');
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');
    expect(besideField('Title')).toContain('Enter a title for the contract');

    await user.click(within(dialog).getByRole('button', { name: 'Generate contract' }));
    expect(await within(dialog).findByText('This song already has a signed contract')).toBeTruthy();
    expect(field('Territory').getAttribute('aria-invalid')).not.toBe('true');
  });
});
