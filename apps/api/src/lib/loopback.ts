import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an address is this machine's own: all of 127.0.0.0/8, ::1, and IPv4 loopback written
 * as an IPv4-mapped IPv6 address (::ffff:127.0.0.1), which is how a dual-stack socket reports it.
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ipv4 = mapped ?? address;
  if (isIPv4(ipv4)) return ipv4.startsWith('127.');
  if (isIPv6(address)) return /^(0{0,4}:){7}0{0,3}1$|^::1$/.test(address.toLowerCase());
  return false;
}
