import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "../../../runtime/mcp/loopback.js";
import { repoRoot } from "../../helpers/project.js";

// The shared table (tests/vectors/mcp-hosts/hosts.json): each host listened on as the HTTP bin
// listens (node resolves names and IPv4 short forms through the system), and the socket's
// address classified as the bin classifies it; tests/python/test_mcp_listen.py does the same.

const { hosts } = JSON.parse(
  fs.readFileSync(
    path.join(repoRoot, "tests/vectors/mcp-hosts/hosts.json"),
    "utf8",
  ),
) as { hosts: { host: string; loopback: boolean }[] };

async function listenedAddress(host: string): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { address } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return address;
}

describe("loopback, in every form a host may be written", () => {
  it.each(hosts.map((h) => [h.host, h.loopback] as const))(
    "%s → loopback %s",
    async (host, loopback) => {
      expect(isLoopbackAddress(await listenedAddress(host))).toBe(loopback);
    },
  );

  it("reads an IP address in any written form, in brackets or not", () => {
    for (const address of ["[::1]", "[::ffff:127.0.0.1]", "::ffff:7f00:1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of [
      "[::]",
      "::127.0.0.1",
      "::2",
      "128.0.0.1",
      "localhost",
    ])
      expect(isLoopbackAddress(address)).toBe(false);
  });
});
