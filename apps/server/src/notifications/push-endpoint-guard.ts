import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push service never has: this machine, private networks, link-local (cloud metadata),
 * carrier-grade NAT, multicast and reserved ranges. A subscription naming one would let any signed-in
 * user make the server send requests inside its own network.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is outside the public internet; an IPv4 address mapped in IPv6 counts as itself. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return NOT_PUBLIC.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const LOCAL_NAMES = /(?:^|\.)(?:localhost|local|internal|localdomain|home\.arpa)$/i;

function hostOf(endpoint: string): string | undefined {
  try {
    return new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return undefined;
  }
}

/** A subscription's address, as written: https, to a name or an address of the public internet. */
export function isPublicPushEndpoint(endpoint: string): boolean {
  if (!endpoint.toLowerCase().startsWith('https://')) return false;
  const host = hostOf(endpoint);
  if (!host || LOCAL_NAMES.test(host)) return false;
  return isIP(host) === 0 || !isPrivateAddress(host);
}

/**
 * Before a push is sent: the name still resolves to public addresses only (a public name can be pointed
 * at an internal address after it was subscribed).
 */
export async function resolvesPublicly(endpoint: string): Promise<boolean> {
  if (!isPublicPushEndpoint(endpoint)) return false;
  const host = hostOf(endpoint) as string;
  if (isIP(host) !== 0) return true;
  const addresses = await lookup(host, { all: true }).catch(() => []);
  return addresses.length > 0 && addresses.every((entry) => !isPrivateAddress(entry.address));
}
