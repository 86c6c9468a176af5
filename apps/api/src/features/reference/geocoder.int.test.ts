import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/build-app.ts';

// Place search through a configured geocoder, against a real Nominatim-compatible HTTP server
// started here (no mock): its answers depend on the term searched.

const khayelitsha = {
  place_id: 1,
  lat: '-34.0403',
  lon: '18.6778',
  name: 'Khayelitsha',
  addresstype: 'suburb',
  display_name: 'Khayelitsha, City of Cape Town, Western Cape, 7784, South Africa',
  address: { suburb: 'Khayelitsha', state: 'Western Cape', country_code: 'za' },
};

let server: Server;
let t: TestApp;
const requests: URL[] = [];

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  requests.push(url);
  const json = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  if (url.pathname !== '/nominatim/search') return json(404, { error: 'not found' });
  switch (url.searchParams.get('q')) {
    case 'Khayelitsha':
      return json(200, [
        khayelitsha,
        // Without a country (at sea) or with broken coordinates a result is skipped.
        { lat: '-34.5', lon: '18.0', display_name: 'Atlantic Ocean' },
        { ...khayelitsha, lat: 'north', display_name: 'Nowhere, South Africa' },
        {
          lat: -22.5609,
          lon: 17.0658,
          name: 'Windhoek',
          type: 'city',
          display_name: 'Windhoek, Khomas Region, Namibia',
          address: { state: 'Khomas Region', country_code: 'na' },
        },
      ]);
    case 'Khayelitsha moved':
      return json(200, [{ ...khayelitsha, lat: '-34.05', lon: '18.68' }]);
    case 'nothing here':
      return json(200, []);
    case 'slow place':
      setTimeout(() => json(200, [khayelitsha]), 1500);
      return;
    case 'broken place':
      return json(500, { error: 'internal' });
    case 'busy place':
      return json(429, { error: 'slow down' });
    case 'garbled place':
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end('{"not": "json');
    case 'object place':
      return json(200, { error: 'Unable to geocode' });
    default:
      return json(200, []);
  }
}

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      GEOCODER_URL: `http://127.0.0.1:${port}/nominatim`,
      GEOCODER_TIMEOUT_MS: '500',
    },
  });
});

afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const search = (term: string) =>
  t.app.inject({ method: 'GET', url: `/api/search/locations?search=${encodeURIComponent(term)}` });

describe('place search through a geocoder', () => {
  it('asks the geocoder and stores its places so locations/{id} answers for them', async () => {
    const res = await search('Khayelitsha');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json();
    expect(items).toEqual([
      {
        id: expect.any(Number),
        address: 'Khayelitsha, City of Cape Town, Western Cape, 7784, South Africa',
        country: 'ZA',
        latitude: -34.0403,
        longitude: 18.6778,
        coordinates: { lat: -34.0403, lon: 18.6778 },
      },
      {
        id: expect.any(Number),
        address: 'Windhoek, Khomas Region, Namibia',
        country: 'NA',
        latitude: -22.5609,
        longitude: 17.0658,
        coordinates: { lat: -22.5609, lon: 17.0658 },
      },
    ]);
    const stored = await t.app.inject({ method: 'GET', url: `/api/locations/${items[0].id}` });
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toEqual(items[0]);

    const asked = requests.at(-1)!;
    expect(asked.pathname).toBe('/nominatim/search');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      format: 'jsonv2',
      q: 'Khayelitsha',
      addressdetails: '1',
      limit: '10',
      countrycodes: 'za,na,bw,zw,ls,sz,mz',
    });
  });

  it('keeps one row per place and takes its newest coordinates', async () => {
    const before = (await search('Khayelitsha')).json().items[0];
    const moved = (await search('Khayelitsha moved')).json().items;
    expect(moved).toHaveLength(1);
    expect(moved[0]).toMatchObject({ id: before.id, latitude: -34.05, longitude: 18.68 });
  });

  it('answers an empty list when the geocoder knows nothing', async () => {
    const res = await search('nothing here');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], search: 'nothing here' });
  });

  it('still needs 3 characters before asking', async () => {
    const count = requests.length;
    expect((await search('Kh')).statusCode).toBe(422);
    expect(requests.length).toBe(count);
  });

  it.each([
    ['slow place', 503],
    ['busy place', 503],
    ['broken place', 502],
    ['garbled place', 502],
    ['object place', 502],
  ])('answers "%s" with a clean %d, never a 500', async (term, status) => {
    const res = await search(term);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({
      code: 'internal',
      message: 'Place search is not available right now. Please try again later.',
    });
  });

  it('answers 503 when the geocoder cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const other = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    try {
      const res = await other.app.inject({
        method: 'GET',
        url: '/api/search/locations?search=Durban',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('internal');
    } finally {
      await other.close();
    }
  });

  it('leaves other errors to the app: a missing location is still a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/locations/123456789' });
    expect(res.statusCode).toBe(404);
  });
});
