import fc from 'fast-check';
import {
  opportunityList,
  opportunityLocationList,
  type OpportunityList,
  type OpportunityLocationList,
} from '@pathways/shared/opportunities/opportunities.schemas';
import { describe, expect, it } from 'vitest';

import { compileStringifier } from './compiled-serializer.ts';

// A compiled stringifier must write what the schema-checked default writes (JSON.stringify of
// the checked value) for every answer the schema allows: the same JSON, though optional keys
// may come after the others.

const text = fc.string({ maxLength: 12 }).filter((s) => !s.includes('\u0000'));
const moment = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());
const id = fc.integer({ min: 1, max: 2_147_483_647 });
const kind = fc.constantFrom('job', 'bursary', 'scholarship' as const);
const coordinate = fc.double({ min: -90, max: 90, noNaN: true, noDefaultInfinity: true });

const location = fc.record({
  id,
  address: text,
  city: fc.option(text, { nil: null }),
  latitude: coordinate,
  longitude: coordinate,
});

const item = fc
  .record(
    {
      id,
      name: text,
      kind,
      summary: fc.option(text, { nil: null }),
      logo: fc.option(text, { nil: null }),
      publishedAt: moment,
      opensAt: fc.option(moment, { nil: null }),
      closesAt: fc.option(moment, { nil: null }),
      commencesAt: fc.option(moment, { nil: null }),
      isOpen: fc.boolean(),
      organization: fc.record({ id, name: text, logo: fc.option(text, { nil: null }) }),
      locations: fc.array(location, { maxLength: 2 }),
      locationCount: fc.nat({ max: 2000 }),
      distanceInMeters: fc.option(fc.nat({ max: 2_000_000 }), { nil: null }),
      eligible: fc.option(fc.boolean(), { nil: null }),
    },
    { requiredKeys: ['id', 'name', 'kind', 'summary', 'logo', 'publishedAt', 'opensAt'] },
  )
  .map((value) => {
    // Every key but `eligible` is always there; `eligible` is there for candidates only.
    const { eligible, ...rest } = value;
    const full = {
      closesAt: null,
      commencesAt: null,
      isOpen: false,
      organization: { id: 1, name: 'Org', logo: null },
      locations: [],
      locationCount: 0,
      distanceInMeters: null,
      ...rest,
    };
    return eligible === undefined ? full : { ...full, eligible };
  });

const filters = fc.record(
  {
    kind: fc.array(kind, { maxLength: 3 }),
    organization: fc.array(id, { maxLength: 3 }),
    open: fc.constant(true as const),
    eligible: fc.constant(true as const),
  },
  { requiredKeys: [] },
);

const list = fc.record(
  {
    items: fc.array(item, { maxLength: 5 }),
    page: fc.integer({ min: 1, max: 100 }),
    per: fc.integer({ min: 1, max: 100 }),
    total: fc.nat(),
    search: text,
    sort: fc.record({
      field: fc.constantFrom('distance_in_meters', 'opens_at', 'closes_at', 'name' as const),
      direction: fc.constantFrom('ASC', 'DESC' as const),
    }),
    filters,
  },
  { requiredKeys: ['items', 'page', 'per', 'total', 'sort', 'filters'] },
);

const mapLocation = fc.record({
  id,
  latitude: coordinate,
  longitude: coordinate,
  address: text,
  city: fc.option(text, { nil: null }),
  distanceInMeters: fc.nat(),
  opportunity: fc.record({ id, name: text, kind, organizationName: text }),
});

const locationList = fc.record(
  {
    items: fc.array(mapLocation, { maxLength: 5 }),
    geoCenter: fc.record({ latitude: coordinate, longitude: coordinate }),
    limit: fc.integer({ min: 1, max: 500 }),
    search: text,
    filters,
  },
  { requiredKeys: ['items', 'geoCenter', 'limit', 'filters'] },
);

describe('the compiled stringifier', () => {
  it('writes a search answer as the checked default does', () => {
    const write = compileStringifier(opportunityList);
    fc.assert(
      fc.property(list, (answer) => {
        const checked = opportunityList.parse(answer) as OpportunityList;
        expect(JSON.parse(write(answer))).toStrictEqual(JSON.parse(JSON.stringify(checked)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a map answer as the checked default does', () => {
    const write = compileStringifier(opportunityLocationList);
    fc.assert(
      fc.property(locationList, (answer) => {
        const checked = opportunityLocationList.parse(answer) as OpportunityLocationList;
        expect(JSON.parse(write(answer))).toStrictEqual(JSON.parse(JSON.stringify(checked)));
      }),
      { numRuns: 300 },
    );
  });

  it('writes strings that need escaping, and leaves out what is absent', () => {
    const write = compileStringifier(opportunityLocationList);
    const answer = {
      items: [],
      geoCenter: { latitude: -26.2, longitude: 28.05 },
      limit: 10,
      search: 'quote " backslash \\ line\nend \u2028',
      filters: {},
    };
    expect(JSON.parse(write(answer))).toEqual(answer);
    expect(write({ ...answer, search: undefined })).not.toContain('search');
  });
});
