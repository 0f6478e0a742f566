import { describe, expect, it } from 'vitest';
import {
  CONTRACT_STATUSES,
  type ContractTerms,
  canTransition,
  contractPlaceholderValues,
  contractTemplateBody,
  contractTermsSchema,
  DEFAULT_CONTRACT_TEMPLATES,
  formatAdvance,
  generatorAccessMessage,
  renderTemplate,
  signContractBody,
  statusAfterSignature,
  unknownPlaceholders,
} from './contracts.ts';

const terms: ContractTerms = {
  parties: [
    { name: 'Northside Records', role: 'Label', email: 'legal@northside.test' },
    { name: 'Mara Lind', role: 'Artist', email: 'mara@example.test' },
  ],
  artist_name: 'Mara Lind',
  term: '3 years',
  territory: 'Worldwide',
  royalty_rate: 18,
  advance_cents: 500000,
  currency: 'EUR',
  writers: [
    { name: 'Mara Lind', share: 33.33 },
    { name: 'Jon Hale', share: 33.33 },
    { name: 'Ida Berg', share: 33.34 },
  ],
  effective_date: '2026-03-01',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('contract templates', () => {
  it('fills every placeholder of the built-in templates', () => {
    const values = contractPlaceholderValues(terms, {
      title: 'Recording agreement: Night Drive',
      songTitle: 'Night Drive',
      labelName: 'Northside Records',
    });
    for (const template of DEFAULT_CONTRACT_TEMPLATES) {
      expect(unknownPlaceholders(template.body)).toEqual([]);
      const text = renderTemplate(template.body, values);
      expect(text).not.toMatch(/\{\{/);
      expect(text).toContain('Night Drive');
    }
    const text = renderTemplate(
      '{{ label_name }} pays {{royalty_rate}} and {{advance}} from {{effective_date}}.\n{{writers_table}}',
      values,
    );
    expect(text).toBe(
      'Northside Records pays 18% and EUR 5,000.00 from 1 March 2026.\n- Mara Lind: 33.33%\n- Jon Hale: 33.33%\n- Ida Berg: 33.34%',
    );
  });

  it('leaves and reports unknown placeholders', () => {
    expect(unknownPlaceholders('Hi {{artist}} and {{artist_name}} and {{ artist }}')).toEqual(['artist']);
    expect(
      renderTemplate(
        '{{artist}}',
        contractPlaceholderValues(terms, { title: '', songTitle: '', labelName: '' }),
      ),
    ).toBe('{{artist}}');
    const saved = contractTemplateBody.safeParse({
      kind: 'license',
      name: 'Mine',
      body: 'Pay {{royality_rate}}',
    });
    expect(saved.success).toBe(false);
    expect(firstMessage(saved)).toMatch(/^body: unknown placeholders \{\{royality_rate\}\}/);
  });

  it('formats money with its currency', () => {
    expect(formatAdvance(0, 'USD')).toBe('USD 0.00');
    expect(formatAdvance(123456789, 'GBP')).toBe('GBP 1,234,567.89');
  });
});

describe('contract terms', () => {
  it('accepts shares totalling exactly 100', () => {
    expect(contractTermsSchema.safeParse(terms).success).toBe(true);
  });

  it('refuses shares that do not total 100, naming the field', () => {
    const result = contractTermsSchema.safeParse({
      ...terms,
      writers: [
        { name: 'A', share: 50 },
        { name: 'B', share: 40 },
      ],
    });
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe('terms.writers: Shares must total 100%; they total 90%');
    const bad = contractTermsSchema.safeParse({ ...terms, writers: [{ name: 'A', share: 100.001 }] });
    expect(firstMessage(bad)).toMatch(/^terms\.writers\.0\.share: /);
  });

  it('keeps the royalty rate between 0 and 100 and the advance whole', () => {
    for (const royalty_rate of [-1, 100.5]) {
      expect(firstMessage(contractTermsSchema.safeParse({ ...terms, royalty_rate }))).toMatch(
        /^terms\.royalty_rate: /,
      );
    }
    expect(contractTermsSchema.safeParse({ ...terms, royalty_rate: 0 }).success).toBe(true);
    expect(contractTermsSchema.safeParse({ ...terms, royalty_rate: 100 }).success).toBe(true);
    expect(firstMessage(contractTermsSchema.safeParse({ ...terms, advance_cents: 10.5 }))).toMatch(
      /^terms\.advance_cents: /,
    );
    expect(firstMessage(contractTermsSchema.safeParse({ ...terms, effective_date: '2026-13-45' }))).toMatch(
      /^terms\.effective_date: /,
    );
  });

  it('needs a typed name or a drawn PNG, and the agreement', () => {
    const base = { token: 't', agree: true as const };
    expect(
      signContractBody.safeParse({ ...base, signature_kind: 'typed', signature_text: 'Mara Lind' }).success,
    ).toBe(true);
    expect(
      firstMessage(signContractBody.safeParse({ ...base, signature_kind: 'typed', signature_text: ' ' })),
    ).toMatch(/^signature_text: /);
    expect(
      firstMessage(
        signContractBody.safeParse({ ...base, signature_kind: 'drawn', signature_image: 'data:text/html,x' }),
      ),
    ).toMatch(/^signature_image: /);
    expect(
      firstMessage(
        signContractBody.safeParse({
          token: 't',
          agree: false,
          signature_kind: 'typed',
          signature_text: 'M',
        }),
      ),
    ).toMatch(/^agree: /);
  });
});

describe('contract statuses', () => {
  it('moves forward only, and ends at signed, declined or voided', () => {
    expect(canTransition('draft', 'sent')).toBe(true);
    expect(canTransition('draft', 'signed')).toBe(false);
    expect(canTransition('sent', 'partially_signed')).toBe(true);
    expect(canTransition('partially_signed', 'voided')).toBe(true);
    for (const from of ['signed', 'declined', 'voided'] as const) {
      for (const to of CONTRACT_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
    expect(statusAfterSignature(1, 2)).toBe('partially_signed');
    expect(statusAfterSignature(2, 2)).toBe('signed');
  });

  it('says what the plan allows before anything is filled in', () => {
    expect(generatorAccessMessage({ allowed: true, is_trial: true })).toBe(
      'Starter plan: 1 free contract. Upgrade for unlimited contracts.',
    );
    expect(generatorAccessMessage({ allowed: false, is_trial: true })).toMatch(/Upgrade your plan/);
  });
});
