import type {
  ProjectFileDto,
  ProjectFolderDto,
  ProjectFolderListingDto,
} from '@music-review/core/project-folder';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { signedSongFrameRoutes } from '../../../test/signed-song-routes';

const DAY = 24 * 60 * 60 * 1000;

const folder = (overrides: Partial<ProjectFolderDto>): ProjectFolderDto => ({
  id: 'folder-1',
  parent_id: null,
  name: 'Mixes',
  created_at: '2025-03-01T12:00:00.000Z',
  deleted_at: null,
  ...overrides,
});

const file = (overrides: Partial<ProjectFileDto>): ProjectFileDto => ({
  id: 'file-1',
  folder_id: null,
  name: 'notes.txt',
  content_type: 'text/plain',
  size_bytes: 2048,
  uploaded_by_name: 'Ada Lovelace',
  created_at: '2025-03-01T12:00:00.000Z',
  deleted_at: null,
  url: 'https://files.example.com/notes.txt',
  ...overrides,
});

const listing: ProjectFolderListingDto = {
  folders: [
    folder({}),
    folder({ id: 'folder-2', name: 'Sessions' }),
    folder({ id: 'folder-3', parent_id: 'folder-1', name: 'Old' }),
  ],
  files: [
    file({}),
    file({
      id: 'file-2',
      folder_id: 'folder-1',
      name: 'mix-v3.wav',
      content_type: 'audio/wav',
      size_bytes: 50 * 1024 * 1024,
    }),
  ],
  deleted: {
    folders: [
      folder({ id: 'folder-9', name: 'Drafts', deleted_at: new Date(Date.now() - 2 * DAY).toISOString() }),
    ],
    files: [
      file({
        id: 'file-9',
        name: 'old-cover.png',
        deleted_at: new Date(Date.now() - 10 * DAY).toISOString(),
      }),
    ],
  },
  usage: { plan_name: 'Pro', used_bytes: 1024 * 1024 * 1024, limit_bytes: 10 * 1024 * 1024 * 1024 },
};

const BASE = '/api/v1/songs/song-1/project-folder';

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ ...signedSongFrameRoutes(), [`GET ${BASE}`]: json(200, listing), ...routes });
}

async function open() {
  const user = userEvent.setup({ delay: null });
  renderApp({ route: '/signed-songs/song-1/project-folder', session: makeClientSession() });
  const items = await screen.findByRole('list', { name: 'Files and folders' });
  return { user, items };
}

beforeAll(async () => {
  await import('../../../app/routes/signed-song-page');
});

describe('project folder tab', () => {
  it('lists the top level, opens a folder, and goes back by the path', async () => {
    serve();
    const { user, items } = await open();
    expect(screen.getByText('1 GB of 10 GB used')).toBeTruthy();
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.font-medium')?.textContent),
    ).toEqual(['Mixes', 'Sessions', 'notes.txt']);
    expect(within(items).getByRole('link', { name: 'Download notes.txt' }).getAttribute('href')).toBe(
      'https://files.example.com/notes.txt',
    );

    await user.click(within(items).getByRole('button', { name: 'Mixes' }));
    const path = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByRole('button', { name: 'Mixes' }).getAttribute('aria-current')).toBe('page');
    const inside = screen.getByRole('list', { name: 'Files and folders' });
    expect(within(inside).getByRole('button', { name: 'Old' })).toBeTruthy();
    expect(within(inside).getByText('mix-v3.wav')).toBeTruthy();
    expect(within(inside).getByRole('button', { name: 'Preview mix-v3.wav' })).toBeTruthy();
    expect(within(inside).queryByText('notes.txt')).toBeNull();

    await user.click(within(inside).getByRole('button', { name: 'Old' }));
    expect(screen.getByText('This folder is empty')).toBeTruthy();
    await user.click(within(path).getByRole('button', { name: 'Project folder' }));
    expect(
      within(screen.getByRole('list', { name: 'Files and folders' })).getByText('notes.txt'),
    ).toBeTruthy();
  });

  it('asks for confirmation before deleting, and deletes only when confirmed', async () => {
    const server = serve({ [`DELETE ${BASE}/files/file-1`]: json(204, null) });
    const { user, items } = await open();
    await user.click(within(items).getByRole('button', { name: 'Delete notes.txt' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete notes.txt?' });
    expect(
      within(dialog).getByText(
        'The file can be restored from Recently deleted for 30 days, then it is removed for good.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo(`DELETE ${BASE}/files/file-1`)).toHaveLength(0);

    await user.click(within(items).getByRole('button', { name: 'Delete notes.txt' }));
    dialog = screen.getByRole('dialog', { name: 'Delete notes.txt?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('notes.txt moved to Recently deleted')).toBeTruthy();
    expect(server.requestsTo(`DELETE ${BASE}/files/file-1`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists "Recently deleted (n)" with the days left, and restores an item', async () => {
    const server = serve({
      [`POST ${BASE}/folders/folder-9/restore`]: json(200, folder({ id: 'folder-9' })),
    });
    const { user } = await open();
    const toggle = screen.getByRole('button', { name: 'Recently deleted (2)' });
    expect(screen.queryByRole('list', { name: 'Recently deleted' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const deleted = screen.getByRole('list', { name: 'Recently deleted' });
    expect(
      within(deleted)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['Drafts27 days left', 'old-cover.png19 days left']);
    await user.click(within(deleted).getByRole('button', { name: 'Restore Drafts' }));
    expect(await screen.findByText('Drafts restored')).toBeTruthy();
    expect(server.requestsTo(`POST ${BASE}/folders/folder-9/restore`)).toHaveLength(1);
    expect(server.requestsTo(`POST ${BASE}/files/file-9/restore`)).toHaveLength(0);
  });

  it('renames a folder, showing the server’s refusal beside the name and keeping it', async () => {
    const server = serve({
      [`PATCH ${BASE}/folders/folder-2`]: [
        apiError(409, 'name_taken', 'A folder named Mixes is already here.'),
        json(200, folder({ id: 'folder-2', name: 'Stems' })),
      ],
    });
    const { user, items } = await open();
    await user.click(within(items).getByRole('button', { name: 'Rename Sessions' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Sessions' });
    const name = within(dialog).getByRole('textbox', { name: 'New name' }) as HTMLInputElement;
    expect(name.value).toBe('Sessions');
    await user.clear(name);
    await user.paste(' Mixes ');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'A folder named Mixes is already here.',
    );
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.value).toBe(' Mixes ');

    await user.clear(name);
    await user.paste('Stems');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(server.requestsTo(`PATCH ${BASE}/folders/folder-2`).map((r) => r.body)).toEqual([
      { name: 'Mixes' },
      { name: 'Stems' },
    ]);
  });

  it('moves a file into a folder, never offering a folder inside itself', async () => {
    const server = serve({
      [`PATCH ${BASE}/files/file-1`]: json(200, file({ folder_id: 'folder-3' })),
      [`PATCH ${BASE}/folders/folder-1`]: json(200, folder({})),
    });
    const { user, items } = await open();
    await user.click(within(items).getByRole('button', { name: 'Move Mixes' }));
    let dialog = screen.getByRole('dialog', { name: 'Move Mixes' });
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Project folder (top level)', 'Sessions']);
    expect((within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(items).getByRole('button', { name: 'Move notes.txt' }));
    dialog = screen.getByRole('dialog', { name: 'Move notes.txt' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Move to' }), 'Mixes / Old');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Moved')).toBeTruthy();
    expect(server.requestsTo(`PATCH ${BASE}/files/file-1`)[0]?.body).toEqual({ folder_id: 'folder-3' });
    expect(server.requestsTo(`PATCH ${BASE}/folders/folder-1`)).toHaveLength(0);
  });
});
