import { BlockList, isIP } from "node:net";

/** This machine's own addresses: 127.0.0.0/8 and ::1 (an IPv4-mapped IPv6 address counts as its IPv4). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/**
 * Whether a server listening on `address` (as its socket reports it, or any written form of an
 * IP address: `[::1]`, `0:0:0:0:0:0:0:1`, `::ffff:7f00:1`…) can be reached only from this
 * machine. A wildcard (`0.0.0.0`, `::`) or a name is not: the bin asks its socket, which the
 * system has already resolved (`localhost`, `127.1`) to the one address it listens on.
 */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  const family = isIP(bare);
  if (family === 0) return false;
  return LOOPBACK.check(bare, family === 4 ? "ipv4" : "ipv6");
}
