import { afterAll, describe, expect, it } from 'vitest';

import { createXmlValidator } from './xml-validator.ts';

// The feed tests trust this validator's verdicts: it must refuse what xmllint refuses.

const schema = `<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:element name="source">
    <xs:complexType>
      <xs:sequence><xs:element name="job" type="xs:string" maxOccurs="unbounded"/></xs:sequence>
    </xs:complexType>
  </xs:element>
</xs:schema>`;

const xml = createXmlValidator();
afterAll(() => xml.close());

describe('the XML validator', () => {
  it('passes a document valid against its schema, many times over one xmllint', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect(await xml.validate('<source><job>a</job><job>b</job></source>', schema)).toEqual({
        valid: true,
        errors: [],
      });
    }
  });

  it('refuses a document its schema does not allow, saying where and why', async () => {
    const result = await xml.validate('<source><job>a</job><salary>1</salary></source>', schema);
    expect(result.valid).toBe(false);
    expect(result.errors[0]).toMatch(
      /document\.xml:1: .*Element 'salary': This element is not expected/,
    );
  });

  it('refuses a document that is not well formed, with or without a schema', async () => {
    for (const given of [schema, undefined]) {
      const result = await xml.validate('<source><job>a</source>', given);
      expect(result.valid).toBe(false);
      expect(result.errors[0]).toMatch(/parser error : Opening and ending tag mismatch/);
    }
  });

  it('passes a well-formed document when no schema is given', async () => {
    expect(await xml.validate('<sitemapindex><sitemap/></sitemapindex>')).toEqual({
      valid: true,
      errors: [],
    });
  });
});
