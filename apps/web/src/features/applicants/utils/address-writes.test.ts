import { describe, expect, it } from 'vitest';

import { AddressWrites } from './address-writes';

describe('AddressWrites', () => {
  it('starts at the address the page opened on', () => {
    expect(new AddressWrites('grade=50%2C100').current).toBe('grade=50%2C100');
  });

  it('builds the next change on the last write before any render caught up', () => {
    const writes = new AddressWrites('');
    writes.wrote('grade=50%2C100');
    writes.wrote('grade=50%2C100&location=-26.2%2C28.0');
    expect(writes.current).toBe('grade=50%2C100&location=-26.2%2C28.0');
  });

  it('is not taken back by a late render of one of its own earlier writes', () => {
    const writes = new AddressWrites('');
    writes.wrote('grade=45%2C100');
    writes.wrote('grade=50%2C100');
    writes.wrote('grade=50%2C100&location=-26.2%2C28.0');
    writes.rendered('grade=45%2C100');
    writes.rendered('grade=50%2C100');
    expect(writes.current).toBe('grade=50%2C100&location=-26.2%2C28.0');
    writes.rendered('grade=50%2C100&location=-26.2%2C28.0');
    expect(writes.current).toBe('grade=50%2C100&location=-26.2%2C28.0');
  });

  it('follows an address from elsewhere (back, a link)', () => {
    const writes = new AddressWrites('');
    writes.wrote('grade=50%2C100');
    writes.rendered('grade=50%2C100');
    writes.rendered('phase=7');
    expect(writes.current).toBe('phase=7');
  });

  it('follows an address from elsewhere even while its own writes are still coming', () => {
    const writes = new AddressWrites('');
    writes.wrote('grade=45%2C100');
    writes.wrote('grade=50%2C100');
    writes.rendered('page=3');
    expect(writes.current).toBe('page=3');
    // Its earlier writes are forgotten: a render of one now is an address like any other.
    writes.rendered('grade=45%2C100');
    expect(writes.current).toBe('grade=45%2C100');
  });

  it('once caught up, takes an earlier address of its own seen again as a move (back)', () => {
    const writes = new AddressWrites('');
    writes.wrote('grade=45%2C100');
    writes.wrote('grade=50%2C100');
    writes.rendered('grade=50%2C100');
    writes.rendered('grade=45%2C100');
    expect(writes.current).toBe('grade=45%2C100');
  });
});
