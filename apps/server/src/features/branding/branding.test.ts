import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrandingDto, defaultBranding, emptyPalette } from '@music-review/core/branding';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../platform/storage/test-media.ts';
import { adminWithLabel, memberOf, uploadViaPresignedUrl } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';

type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type Headers = { authorization: string };

let server: TestServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mr-branding-'));
  server = await createTestServer({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const getRaw = (headers: Headers | Record<string, never>) =>
  server.app.inject({ method: 'GET', url: '/api/v1/branding', headers });
const putRaw = (headers: Headers | Record<string, never>, payload: unknown) =>
  server.app.inject({ method: 'PUT', url: '/api/v1/branding', headers, payload: payload as object });

async function getBranding(headers: Headers): Promise<BrandingDto> {
  const res = await getRaw(headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BrandingDto>();
}
async function putBranding(headers: Headers, payload: unknown): Promise<BrandingDto> {
  const res = await putRaw(headers, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BrandingDto>();
}

/** A row in the older table, written the way the previous product did (HSL triplets, CSS stacks). */
async function insertLegacy(organizationId: string, values: { is_enabled: boolean; app_name: string }) {
  await server.database.global.execute(sql`
    insert into whitelabel_branding (organization_id, is_enabled, app_name, logo_url, favicon_url,
      light_background, dark_background, light_foreground, dark_foreground, light_card, light_primary,
      dark_primary, light_primary_foreground, button_primary_foreground, font_family_sans, border_radius)
    values (${organizationId}, ${values.is_enabled}, ${values.app_name}, 'https://cdn.example.test/logo.png',
      'javascript:alert(1)', '0 0% 100%', '222.2 84% 4.9%', '222.2 84% 4.9%', '#F8FAFC', 'rgb(255, 255, 255)',
      'hsl(0, 100%, 50%)', '#00f', '0 0% 100%', '#ffffff', '"Playfair Display", Georgia, serif', '0.75rem')`);
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('GET /api/v1/branding', () => {
  let admin: Admin;
  beforeAll(async () => {
    admin = await adminWithLabel(server.app, 'Default Sounds');
  });

  it('answers the defaults, disabled, when the label has no branding row (no row is not an error)', async () => {
    expect(await getBranding(admin.headers)).toEqual(defaultBranding());
  });

  it('is described in the OpenAPI document', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode, res.body).toBe(200);
    const path = res.json().paths['/api/v1/branding'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    expect(path.put.requestBody.content['application/json'].schema.required).toEqual(['is_enabled']);
  });

  it('needs a session', async () => {
    expect((await getRaw({})).statusCode).toBe(401);
    expect((await putRaw({}, { is_enabled: true })).statusCode).toBe(401);
  });

  it('falls back to the older table and maps its tokens to the same shape', async () => {
    const legacyAdmin = await adminWithLabel(server.app, 'Legacy Tunes');
    await insertLegacy(legacyAdmin.organization.id, { is_enabled: true, app_name: 'Legacy Tunes App' });
    const body = await getBranding(legacyAdmin.headers);
    expect(body).toMatchObject({
      source: 'legacy',
      is_enabled: true,
      app_name: 'Legacy Tunes App',
      logo_key: null,
      logo_url: 'https://cdn.example.test/logo.png',
      // Neither a storage key of the label nor an https URL: dropped.
      favicon_url: null,
      body_font_family: 'Playfair Display',
      title_font_family: null,
      corner_radius: '0.75rem',
      shadow_intensity: null,
    });
    expect(body.light).toEqual({
      ...emptyPalette(),
      background_color: '#ffffff',
      title_text_color: '#020817',
      body_text_color: '#020817',
      card_background: '#ffffff',
      primary_color: '#ff0000',
      primary_text_color: '#ffffff',
    });
    expect(body.dark).toMatchObject({
      background_color: '#020817',
      body_text_color: '#f8fafc',
      primary_color: '#0000ff',
      // The shared button colour fills the mode that has none of its own.
      primary_text_color: '#ffffff',
    });
  });

  it('prefers v2 over the older table as soon as a v2 row exists, and says when it is disabled', async () => {
    const both = await adminWithLabel(server.app, 'Both Tables');
    await insertLegacy(both.organization.id, { is_enabled: true, app_name: 'Old Name' });
    expect((await getBranding(both.headers)).source).toBe('legacy');

    const saved = await putBranding(both.headers, {
      is_enabled: true,
      app_name: 'New Name',
      light: { primary_color: '#123456' },
    });
    expect(saved).toMatchObject({ source: 'v2', is_enabled: true, app_name: 'New Name' });
    expect(await getBranding(both.headers)).toEqual(saved);

    // Disabled v2 still wins over the enabled older row: the app shows the defaults.
    const disabled = await putBranding(both.headers, { is_enabled: false, app_name: 'New Name' });
    expect(disabled).toMatchObject({ source: 'v2', is_enabled: false, app_name: 'New Name' });
    expect((await getBranding(both.headers)).is_enabled).toBe(false);
  });
});

describe('PUT /api/v1/branding', () => {
  let admin: Admin;
  let member: Awaited<ReturnType<typeof memberOf>>;
  let other: Admin;

  beforeAll(async () => {
    admin = await adminWithLabel(server.app, 'Nova Records');
    member = await memberOf(server.app, admin.inviteCode);
    other = await adminWithLabel(server.app, 'Other Label');
  });

  it('saves every field for the admin, normalised, and members of the label read it', async () => {
    const saved = await putBranding(admin.headers, {
      is_enabled: true,
      app_name: '  Nova Hub ',
      light: { primary_color: '#E11D48', primary_text_color: '#fff', background_color: '' },
      dark: { primary_color: '#fb7185', body_text_color: '#fafafa' },
      title_font_family: 'Playfair Display',
      subtitle_font_family: 'Inter',
      body_font_family: 'Source Sans 3',
      corner_radius: '12px',
      shadow_intensity: 'heavy',
    });
    expect(saved).toMatchObject({
      source: 'v2',
      is_enabled: true,
      app_name: 'Nova Hub',
      title_font_family: 'Playfair Display',
      subtitle_font_family: 'Inter',
      body_font_family: 'Source Sans 3',
      corner_radius: '12px',
      shadow_intensity: 'heavy',
      logo_url: null,
      favicon_url: null,
    });
    expect(saved.light).toEqual({
      ...emptyPalette(),
      primary_color: '#e11d48',
      primary_text_color: '#ffffff',
    });
    expect(saved.dark).toEqual({ ...emptyPalette(), primary_color: '#fb7185', body_text_color: '#fafafa' });
    expect(typeof saved.updated_at).toBe('string');

    expect(await getBranding(member.headers)).toEqual(saved);
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const before = await getBranding(admin.headers);
    const res = await putRaw(member.headers, { is_enabled: false, app_name: 'Hijacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect(await getBranding(admin.headers)).toEqual(before);
  });

  it("never shows one label's branding to another", async () => {
    expect(await getBranding(other.headers)).toEqual(defaultBranding());
    await putBranding(other.headers, {
      is_enabled: true,
      app_name: 'Other App',
      light: { primary_color: '#00ff00' },
    });
    expect((await getBranding(admin.headers)).app_name).toBe('Nova Hub');
    expect((await getBranding(other.headers)).app_name).toBe('Other App');
  });

  it('validates with messages that name the field', async () => {
    const cases: [unknown, string][] = [
      [
        { is_enabled: true, light: { primary_color: 'red' } },
        'light.primary_color: use a hex colour such as #7c3aed',
      ],
      [
        { is_enabled: true, corner_radius: '3em' },
        'corner_radius: use a length from 0 to 32px (or 2rem), such as 8px',
      ],
      [
        { is_enabled: true, shadow_intensity: 'extreme' },
        'shadow_intensity: must be one of none, light, medium, heavy',
      ],
      [
        { is_enabled: true, body_font_family: 'Inter&family=x' },
        'body_font_family: use a font family name such as Inter or Playfair Display (letters, digits, spaces and hyphens, at most 60)',
      ],
      [{ app_name: 'No flag' }, 'is_enabled: must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const res = await putRaw(admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = res.json();
      // The message as before; the field it is about named in \`fields\` (decision 0020).
      expect(error).toEqual({ code: 'validation_failed', message, fields: expect.any(Object) });
      expect(Object.keys(error.fields)).toHaveLength(1);
    }
  });

  it('takes the logo and favicon as uploaded image keys of the label and answers loadable URLs', async () => {
    const upload = (user: Admin, filename: string) =>
      uploadViaPresignedUrl(server.app, user.headers, {
        type: 'images',
        id: 'branding',
        filename,
        contentType: 'image/png',
        body: PNG_1X1,
      });
    const logoKey = await upload(admin, 'logo.png');
    const faviconKey = await upload(admin, 'favicon.png');
    const saved = await putBranding(admin.headers, {
      is_enabled: true,
      app_name: 'Nova Hub',
      logo_key: logoKey,
      favicon_key: faviconKey,
    });
    expect(saved.logo_key).toBe(logoKey);
    expect(saved.favicon_key).toBe(faviconKey);
    for (const url of [saved.logo_url, saved.favicon_url]) {
      const image = await server.app.inject({ method: 'GET', url: pathOf(url!) });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    // The same URL within the signing window, so the browser keeps the image cached.
    expect((await getBranding(member.headers)).logo_url).toBe(saved.logo_url);

    // Another label's image, a key that is not an image, and a key never uploaded are refused.
    const othersLogo = await upload(other, 'logo.png');
    const refusals: [Record<string, string>, string][] = [
      [{ logo_key: othersLogo }, 'logo_key: must be the storage key of an image uploaded for your label'],
      [
        { favicon_key: `${admin.organization.id}/audio/branding/a.wav` },
        'favicon_key: must be the storage key of an image uploaded for your label',
      ],
      [
        { logo_key: `${admin.organization.id}/images/branding/missing.png` },
        'logo_key: the image was not found; upload it again',
      ],
      [
        { logo_key: 'https://evil.example/logo.png' },
        'logo_key: must be the storage key of an image uploaded for your label',
      ],
    ];
    for (const [fields, message] of refusals) {
      const res = await putRaw(admin.headers, { is_enabled: true, ...fields });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });

  it("does not sign another label's key even if one was written into the row", async () => {
    const othersLogo = await uploadViaPresignedUrl(server.app, other.headers, {
      type: 'images',
      id: 'branding',
      filename: 'secret.png',
      contentType: 'image/png',
      body: PNG_1X1,
    });
    await server.database.global.execute(
      sql`update whitelabel_branding_v2 set logo_url = ${othersLogo} where organization_id = ${admin.organization.id}`,
    );
    const body = await getBranding(admin.headers);
    expect(body.logo_key).toBeNull();
    expect(body.logo_url).toBeNull();
  });
});
