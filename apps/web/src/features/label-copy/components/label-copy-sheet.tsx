import {
  cLineText,
  formatDuration,
  type LabelCopyData,
  type LabelCopyDocumentContract,
  pLineText,
  territoriesText,
  WRITER_ROLE_LABELS,
} from '@music-review/core/label-copy';
import { formatIsrc } from '@music-review/core/music-codes';
import type { ReactNode } from 'react';

/** The label copy as a read-only, printable sheet (the share and generator pages). */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' });
export function formatDate(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function Rows({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr] sm:gap-y-2">
      {rows.map(([label, value]) => (
        // On a phone each label sits right above its value; from sm up they share a row.
        <div key={label} className="flex flex-col gap-0.5 sm:contents">
          <dt className="font-medium text-muted-foreground">{label}</dt>
          <dd className="text-foreground break-words">{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** "Recording agreement: Harbour Lights", not the kind twice when the title already starts with it. */
function agreementText(contract: LabelCopyDocumentContract): string {
  const { kind, title } = contract;
  if (title && kind && title.toLowerCase().startsWith(kind.toLowerCase())) return title;
  return [kind, title].filter(Boolean).join(': ');
}

function SheetSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 break-inside-avoid">
      <h2 className="text-base font-semibold text-foreground">{title}</h2>
      {children}
    </section>
  );
}

// Phones get the tracks and parties as a list (every column in view); wider screens and print, a table.
const phoneList =
  'flex flex-col divide-y divide-border border-y border-border text-sm sm:hidden print:hidden';
const phoneItem = 'flex flex-col gap-0.5 py-2.5';
const tableWrap = 'hidden overflow-x-auto sm:block print:block';
const tableClasses = 'w-full min-w-[36rem] text-left text-sm';
const th = 'border-b border-border px-2 py-2 font-medium text-muted-foreground';
const td = 'border-b border-border px-2 py-2 align-top text-foreground';

export function LabelCopySheet({
  data,
  contract,
}: {
  data: LabelCopyData;
  contract?: LabelCopyDocumentContract | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <SheetSection title="Release">
        <Rows
          rows={[
            ['Release title', data.release_title],
            ['Version', data.release_version],
            ['Primary artist', data.primary_artist],
            ['Label', data.label],
            ['Catalogue number', data.catalogue_number],
            ['UPC/EAN', data.upc],
            ['Release date', formatDate(data.release_date)],
            ['Original release date', formatDate(data.original_release_date)],
            ['Genre', data.genre],
            ['Territories', territoriesText(data)],
            ['P-line', pLineText(data.p_line)],
            ['C-line', cLineText(data.c_line)],
          ]}
        />
      </SheetSection>

      <SheetSection title="Tracks">
        {data.tracks.length === 0 ? (
          <p className="text-sm text-muted-foreground">No tracks yet.</p>
        ) : (
          <>
            <ol aria-label="Tracks" className={phoneList}>
              {data.tracks.map((t, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the position is the track number
                <li key={i} className={phoneItem}>
                  <p className="font-medium text-foreground">
                    {i + 1}. {t.title}
                    {t.version ? ` (${t.version})` : ''}
                  </p>
                  <p className="text-muted-foreground">{t.artists}</p>
                  <p className="text-muted-foreground">
                    <span className="font-mono">{t.isrc ? formatIsrc(t.isrc) : 'No ISRC'}</span>
                    {' · '}
                    {formatDuration(t.duration_seconds) || '—'}
                    {' · '}
                    {t.explicit ? 'Explicit' : 'Clean'}
                  </p>
                </li>
              ))}
            </ol>
            <div className={tableWrap}>
              <table className={tableClasses}>
                <thead>
                  <tr>
                    <th className={th}>#</th>
                    <th className={th}>Title</th>
                    <th className={th}>Version</th>
                    <th className={th}>Artists</th>
                    <th className={th}>ISRC</th>
                    <th className={th}>Duration</th>
                    <th className={th}>Explicit</th>
                  </tr>
                </thead>
                <tbody>
                  {data.tracks.map((t, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the position is the track number
                    <tr key={i}>
                      <td className={td}>{i + 1}</td>
                      <td className={td}>{t.title}</td>
                      <td className={td}>{t.version || '—'}</td>
                      <td className={td}>{t.artists}</td>
                      <td className={`${td} font-mono whitespace-nowrap`}>
                        {t.isrc ? formatIsrc(t.isrc) : '—'}
                      </td>
                      <td className={td}>{formatDuration(t.duration_seconds) || '—'}</td>
                      <td className={td}>{t.explicit ? 'Explicit' : 'Clean'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </SheetSection>

      <SheetSection title="Credits">
        <Rows
          rows={[
            ['Producer', data.credits.producer],
            ['Engineer', data.credits.engineer],
            ['Mixer', data.credits.mixer],
            ['Mastering engineer', data.credits.mastering_engineer],
            [
              'Performers',
              data.credits.performers.map((p) => (p.role ? `${p.name} (${p.role})` : p.name)).join(', '),
            ],
          ]}
        />
      </SheetSection>

      {data.writers.length > 0 || data.publishers.length > 0 ? (
        <SheetSection title="Writers and publishers">
          <ul aria-label="Writers and publishers" className={phoneList}>
            {[
              ...data.writers.map((w) => ({ ...w, roleText: WRITER_ROLE_LABELS[w.role] ?? w.role })),
              ...data.publishers.map((p) => ({ ...p, roleText: 'Publisher' })),
            ].map((party, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
              <li key={i} className={phoneItem}>
                <p className="font-medium text-foreground">
                  {party.name} <span className="font-normal text-muted-foreground">· {party.share}%</span>
                </p>
                <p className="text-muted-foreground">
                  {[party.roleText, party.pro, party.ipi ? `IPI ${party.ipi}` : '']
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </li>
            ))}
          </ul>
          <div className={tableWrap}>
            <table className={tableClasses}>
              <thead>
                <tr>
                  <th className={th}>Name</th>
                  <th className={th}>Role</th>
                  <th className={th}>PRO</th>
                  <th className={th}>IPI</th>
                  <th className={th}>Share</th>
                </tr>
              </thead>
              <tbody>
                {data.writers.map((w, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
                  <tr key={`w${i}`}>
                    <td className={td}>{w.name}</td>
                    <td className={td}>{WRITER_ROLE_LABELS[w.role] ?? w.role}</td>
                    <td className={td}>{w.pro || '—'}</td>
                    <td className={td}>{w.ipi || '—'}</td>
                    <td className={td}>{w.share}%</td>
                  </tr>
                ))}
                {data.publishers.map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id
                  <tr key={`p${i}`}>
                    <td className={td}>{p.name}</td>
                    <td className={td}>Publisher</td>
                    <td className={td}>{p.pro || '—'}</td>
                    <td className={td}>{p.ipi || '—'}</td>
                    <td className={td}>{p.share}%</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </SheetSection>
      ) : null}

      {contract ? (
        <SheetSection title="Contract">
          <Rows
            rows={[
              ['Agreement', agreementText(contract)],
              [
                'Status',
                contract.signed_at
                  ? `${contract.status} on ${formatDate(contract.signed_at)}`
                  : contract.status,
              ],
              [
                'Parties',
                contract.parties.map((p) => (p.role ? `${p.name} (${p.role})` : p.name)).join(', '),
              ],
              ['Territory', contract.territory],
              ['Term', contract.term],
            ]}
          />
        </SheetSection>
      ) : null}
    </div>
  );
}
