import { BlockList, isIP } from 'node:net';

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 clients on a dual-stack socket. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/** True when the address lies in any of the ranges (CIDR like 10.0.0.0/8, or a single address). */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  const address = normaliseIp(ip);
  const family = isIP(address);
  if (family === 0 || ranges.length === 0) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [base, prefix] = range.split('/');
    const rangeFamily = isIP(base ?? '');
    if (rangeFamily === 0) continue;
    const type = rangeFamily === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(base!, type);
    else list.addSubnet(base!, Number(prefix), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
