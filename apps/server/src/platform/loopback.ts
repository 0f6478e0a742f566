import { isIPv4 } from 'node:net';

/**
 * Whether a client address is this machine: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x
 * (::ffff:127.0.0.1, as a dual-stack socket reports an IPv4 client).
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase();
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  if (isIPv4(v4)) return v4.split('.')[0] === '127';
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}
