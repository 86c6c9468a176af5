import { describe, expect, it } from 'vitest';

import { classifyAddress, resolveAllowed } from './addresses.ts';

const kind = (address: string) => {
  const verdict = classifyAddress(address);
  return verdict.public ? 'public' : verdict.kind;
};

/** The host a URL's parser makes of it, as the delivery reads it. */
const hostOf = (url: string) => new URL(url).hostname;

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.167.255.255', 'public'],
    ['169.253.255.255', 'public'],
    ['223.255.255.255', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['192.0.0.192', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
  ])('IPv4 %s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it.each([
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82a::200e', 'public'],
    ['[2001:4860:4860::8888]', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fdff:ffff::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'reserved'],
    ['ff02::1', 'multicast'],
    ['ff05::1:3', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['100::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['64:ff9b:1::10.0.0.1', 'reserved'],
  ])('IPv6 %s is %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:192.168.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:0101::1', 'private'],
    ['2002:0808:0808::1', 'public'],
  ])('the IPv4 address inside %s decides: %s', (address, expected) => {
    expect(kind(address)).toBe(expected);
  });

  it.each([['localhost'], ['example.com'], [''], ['1.2.3'], ['256.1.1.1'], ['::g'], ['1.2.3.4.5']])(
    '%j is no address',
    (text) => {
      expect(kind(text)).toBe('invalid');
    },
  );

  it.each([
    ['http://2130706433/', '127.0.0.1', 'loopback'],
    ['http://0x7f000001/', '127.0.0.1', 'loopback'],
    ['http://0x7f.1/', '127.0.0.1', 'loopback'],
    ['http://017700000001/', '127.0.0.1', 'loopback'],
    ['http://127.1/', '127.0.0.1', 'loopback'],
    ['http://0/', '0.0.0.0', 'unspecified'],
    ['http://0xa9.0xfe.0xa9.0xfe/', '169.254.169.254', 'link-local'],
    ['http://3232235777/', '192.168.1.1', 'private'],
    ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]', 'loopback'],
    ['https://[0:0:0:0:0:0:0:1]/', '[::1]', 'loopback'],
    ['https://134744072/', '8.8.8.8', 'public'],
  ])('decimal, hex and octal hosts: %s is %s', (url, host, expected) => {
    expect(hostOf(url)).toBe(host);
    expect(kind(hostOf(url))).toBe(expected);
  });
});

describe('resolveAllowed', () => {
  it('refuses a literal private address unless private addresses are allowed', async () => {
    await expect(resolveAllowed('127.0.0.1', false)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolveAllowed('[::1]', false)).rejects.toMatchObject({ reason: 'private' });
    await expect(resolveAllowed('127.0.0.1', true)).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('refuses a name that resolves to the loopback', async () => {
    await expect(resolveAllowed('localhost', false)).rejects.toMatchObject({ reason: 'private' });
  });

  it('keeps a public literal address as it is, without a lookup', async () => {
    await expect(resolveAllowed('8.8.8.8', false)).resolves.toEqual({
      address: '8.8.8.8',
      family: 4,
    });
  });

  it('says when a name cannot be resolved', async () => {
    await expect(resolveAllowed('no-such-host.invalid', false)).rejects.toMatchObject({
      reason: 'unknown-host',
    });
  });
});
