import { lookup } from 'node:dns/promises';
import { isIPv4, isIPv6 } from 'node:net';

// Which network addresses a webhook may be sent to. In production only public addresses are:
// never the loopback, private networks, link-local addresses (where cloud metadata services
// listen), unique-local IPv6, carrier-grade NAT, multicast, or other reserved ranges, nor an
// IPv4 address of those hidden inside an IPv6 one (mapped, translated, NAT64, 6to4).

type Bytes = number[];

function parseIPv4(text: string): Bytes | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split('.').map(Number);
}

function parseIPv6(text: string): Bytes | undefined {
  if (!isIPv6(text)) return undefined;
  let rest = text.toLowerCase();
  // A dotted IPv4 tail is two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(rest);
  let tail: Bytes = [];
  if (dotted) {
    tail = parseIPv4(dotted[1]!) ?? [];
    rest = rest.slice(0, -dotted[1]!.length);
    if (rest.endsWith(':') && !rest.endsWith('::')) rest = rest.slice(0, -1);
  }
  const groupsWanted = 8 - tail.length / 2;
  const [head, after] = rest.includes('::') ? rest.split('::') : [rest, undefined];
  const split = (part: string | undefined) => (part ? part.split(':').filter(Boolean) : []);
  const left = split(head);
  const right = split(after);
  const zeros = after === undefined ? 0 : groupsWanted - left.length - right.length;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right];
  if (groups.length !== groupsWanted) return undefined;
  const bytes = groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
  return [...bytes, ...tail];
}

/** The bytes of an address, IPv4 (4) or IPv6 (16); undefined for anything else. */
function bytesOf(address: string): Bytes | undefined {
  return parseIPv4(address) ?? parseIPv6(address.replace(/^\[|\]$/g, ''));
}

function within(bytes: Bytes, prefix: Bytes, bits: number): boolean {
  for (let i = 0; i < bits; i += 1) {
    const byte = Math.floor(i / 8);
    const mask = 0x80 >> (i % 8);
    if ((bytes[byte]! & mask) !== (prefix[byte]! & mask)) return false;
  }
  return true;
}

type Range = [prefix: Bytes, bits: number, kind: string];

const v4 = (text: string): Range => {
  const [address, bits] = text.split('/');
  return [parseIPv4(address!)!, Number(bits), ''];
};
const v6 = (text: string): Range => {
  const [address, bits] = text.split('/');
  return [parseIPv6(address!)!, Number(bits), ''];
};
const named = (kind: string, ranges: Range[]): Range[] =>
  ranges.map(([prefix, bits]) => [prefix, bits, kind]);

const IPV4_REFUSED: Range[] = [
  ...named('unspecified', [v4('0.0.0.0/8')]),
  ...named('loopback', [v4('127.0.0.0/8')]),
  ...named('private', [v4('10.0.0.0/8'), v4('172.16.0.0/12'), v4('192.168.0.0/16')]),
  // Cloud metadata services (169.254.169.254) listen here.
  ...named('link-local', [v4('169.254.0.0/16')]),
  // Alibaba's metadata service (100.100.100.200) is in here too.
  ...named('carrier-grade NAT', [v4('100.64.0.0/10')]),
  ...named('multicast', [v4('224.0.0.0/4')]),
  ...named('reserved', [
    v4('192.0.0.0/24'),
    v4('192.0.2.0/24'),
    v4('192.88.99.0/24'),
    v4('198.18.0.0/15'),
    v4('198.51.100.0/24'),
    v4('203.0.113.0/24'),
    v4('240.0.0.0/4'),
  ]),
];

/** IPv6 ranges that carry an IPv4 address in their last 32 bits (or bits 16 to 48 for 6to4). */
const IPV6_EMBEDDING: [Range, (bytes: Bytes) => Bytes][] = [
  [v6('::ffff:0:0/96'), (b) => b.slice(12)], // IPv4-mapped
  [v6('::ffff:0:0:0/96'), (b) => b.slice(12)], // IPv4-translated
  [v6('64:ff9b::/96'), (b) => b.slice(12)], // NAT64
  [v6('2002::/16'), (b) => b.slice(2, 6)], // 6to4
];

const IPV6_REFUSED: Range[] = [
  ...named('unspecified', [v6('::/128')]),
  ...named('loopback', [v6('::1/128')]),
  ...named('unique-local', [v6('fc00::/7')]),
  ...named('link-local', [v6('fe80::/10')]),
  ...named('multicast', [v6('ff00::/8')]),
  ...named('reserved', [
    v6('::/96'), // IPv4-compatible (deprecated)
    v6('64:ff9b:1::/48'), // local NAT64
    v6('100::/64'), // discard
    v6('2001::/23'), // IETF protocol assignments, Teredo among them
    v6('2001:db8::/32'), // documentation
    v6('3fff::/20'), // documentation
    v6('fec0::/10'), // site-local (deprecated)
  ]),
];

export type AddressClass = { public: true } | { public: false; kind: string };

/**
 * Whether an IP address (IPv4, or IPv6 with or without brackets) is public, or which kind of
 * refused range it is in. Text that is no IP address is refused as `invalid`.
 */
export function classifyAddress(address: string): AddressClass {
  const bytes = bytesOf(address);
  if (!bytes) return { public: false, kind: 'invalid' };
  if (bytes.length === 4) {
    const hit = IPV4_REFUSED.find(([prefix, bits]) => within(bytes, prefix, bits));
    return hit ? { public: false, kind: hit[2] } : { public: true };
  }
  for (const [[prefix, bits], embedded] of IPV6_EMBEDDING) {
    if (within(bytes, prefix, bits)) {
      const inner = classifyAddress(embedded(bytes).join('.'));
      return inner.public ? inner : { public: false, kind: inner.kind };
    }
  }
  const hit = IPV6_REFUSED.find(([prefix, bits]) => within(bytes, prefix, bits));
  return hit ? { public: false, kind: hit[2] } : { public: true };
}

/** A host name or address resolved to the addresses a connection would go to. */
export interface ResolvedHost {
  address: string;
  family: 4 | 6;
}

export class RefusedAddressError extends Error {
  readonly reason: 'private' | 'unknown-host';
  constructor(reason: 'private' | 'unknown-host', message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * The address to connect to for a URL's host: a literal address as it is, a name through DNS.
 * Unless private addresses are allowed, every address the name resolves to must be public (one
 * private answer among public ones is refused too), so the connection goes to an address that
 * was checked and a second lookup cannot swap it (DNS rebinding).
 */
export async function resolveAllowed(
  hostname: string,
  allowPrivate: boolean,
): Promise<ResolvedHost> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let found: ResolvedHost[];
  if (isIPv4(bare)) found = [{ address: bare, family: 4 }];
  else if (isIPv6(bare)) found = [{ address: bare, family: 6 }];
  else {
    try {
      const answers = await lookup(bare, { all: true, verbatim: true });
      found = answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch {
      found = [];
    }
    if (found.length === 0) {
      throw new RefusedAddressError('unknown-host', `${bare} could not be resolved`);
    }
  }
  if (!allowPrivate) {
    for (const candidate of found) {
      const verdict = classifyAddress(candidate.address);
      if (!verdict.public) {
        throw new RefusedAddressError(
          'private',
          `${bare} resolves to ${candidate.address}, a ${verdict.kind} address`,
        );
      }
    }
  }
  return found[0]!;
}
