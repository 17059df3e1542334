import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveHandler } from "./http-helpers.js";
import { recorder, tools, whoami } from "./serve-helpers.js";

// A page on 127.0.0.1 (one port) calls the MCP server (another port) with fetch, in headless
// Debian Chromium: the browser's own CORS decides, not a hand-made preflight. The page frames a
// localhost page that is not listed and a foreign origin's page (foreign.test, resolved to
// 127.0.0.1 by the browser alone); each page reports what it read to its own origin.

const CHROMIUM = "/usr/bin/chromium";
const present = existsSync(CHROMIUM);
// In CI the browser must be there (.ci/run installs it): a missing one fails, never skips.
const run = present || process.env.CI === "true";

const PAGE_JS = readFileSync(new URL("./browser-page.js", import.meta.url));

interface Report {
  readonly origin: string;
  readonly [mode: string]: unknown;
}

let browser: ChildProcess | undefined;
let profile: string | undefined;
const pageServers: http.Server[] = [];
afterAll(async () => {
  // The browser was started in its own process group: end that group, by its id.
  if (browser?.pid !== undefined && browser.exitCode === null)
    try {
      process.kill(-browser.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  for (const s of pageServers) {
    s.closeAllConnections();
    s.close();
  }
  if (profile !== undefined) rmSync(profile, { recursive: true, force: true });
});

describe.skipIf(!run)(
  "an MCP server called from a page in headless Chromium",
  () => {
    const platform = recorder(async (name, input) => ({
      answered: name,
      input,
    }));
    const reports: Report[] = [];
    const refusedForeign: number[] = [];
    let page: string;

    beforeAll(async () => {
      if (!present)
        throw new Error(
          `${CHROMIUM} is missing: .ci/run installs Debian's chromium`,
        );
      const pageServer = http.createServer((req, res) => {
        if (req.method === "POST" && req.url === "/result") {
          let body = "";
          req.setEncoding("utf8").on("data", (t: string) => (body += t));
          req.on("end", () => {
            reports.push(JSON.parse(body) as Report);
            res.end();
          });
        } else if (req.url === "/page.js") {
          res.writeHead(200, { "content-type": "text/javascript" });
          res.end(PAGE_JS);
        } else {
          res.writeHead(200, { "content-type": "text/html" });
          res.end(html(req.url === "/" ? frames : ""));
        }
      });
      pageServers.push(pageServer);
      await new Promise<void>((r) => pageServer.listen(0, "127.0.0.1", r));
      const port = (pageServer.address() as AddressInfo).port;
      page = `http://127.0.0.1:${port}`;
      const frames = [
        `http://localhost:${port}/frame`,
        `http://foreign.test:${port}/frame`,
      ]
        .map((src) => `<iframe src="${src}"></iframe>`)
        .join("");
      // Each server records the status it answered a foreign page with.
      const watch = (req: http.IncomingMessage, res: http.ServerResponse) => {
        if (req.headers.origin?.startsWith("http://foreign.test"))
          res.once("finish", () => refusedForeign.push(res.statusCode));
      };
      const options = {
        client: platform,
        handlers: { whoami },
        allowedOrigins: [page],
      };
      const stateless = await serveHandler(options, undefined, {}, watch);
      const sessions = await serveHandler(
        { ...options, sessions: true },
        undefined,
        {},
        watch,
      );
      const config = JSON.stringify({
        stateless: stateless.url,
        sessions: sessions.url,
      });
      function html(body: string): string {
        return `<!doctype html><script type="application/json" id="config">${config}</script><script src="/page.js"></script>${body}`;
      }

      // Chromium's singleton socket lives in a temporary folder, whose path must stay short:
      // other tests may have pointed TMPDIR several folders deep.
      const short = existsSync("/tmp") ? "/tmp" : tmpdir();
      profile = mkdtempSync(join(short, "toolgen-chromium-"));
      browser = spawn(
        CHROMIUM,
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-quic",
          "--no-first-run",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          `--user-data-dir=${profile}`,
          "--host-resolver-rules=MAP foreign.test 127.0.0.1",
          `${page}/`,
        ],
        {
          detached: true,
          stdio: ["ignore", "ignore", "pipe"],
          env: { ...process.env, TMPDIR: short },
        },
      );
      let stderr = "";
      browser.stderr!.setEncoding("utf8").on("data", (t: string) => {
        stderr = (stderr + t).slice(-4000);
      });
      // Bounded wait for a hang: the three pages report, or the test fails saying what came.
      const deadline = Date.now() + 100_000;
      while (reports.length < 3) {
        const ended = browser.exitCode !== null || browser.signalCode !== null;
        if (Date.now() > deadline || ended)
          throw new Error(
            `the pages did not all report: ${JSON.stringify(reports)}; chromium (exit ${browser?.exitCode}, signal ${browser?.signalCode}) said: ${stderr}`,
          );
        await new Promise((r) => setTimeout(r, 50));
      }
    }, 120_000);

    const reportOf = (origin: string) =>
      reports.find((r) => r.origin === origin);

    it("lets a listed page initialize, list and call, in both modes", () => {
      const own = reportOf(page)!;
      const expected = {
        server: "test-server",
        tools: tools.map((t) => t.name),
        call: JSON.stringify(
          {
            answered: "save",
            input: { content: "from a page", scope: "LOCAL" },
          },
          null,
          2,
        ),
      };
      expect(own.stateless).toEqual({
        ...expected,
        session: false,
        ended: null,
      });
      expect(own.sessions).toEqual({ ...expected, session: true, ended: 200 });
      expect(platform.calls.map((c) => c.input)).toEqual([
        { content: "from a page", scope: "LOCAL" },
        { content: "from a page", scope: "LOCAL" },
      ]);
    });

    it("keeps an unlisted localhost page and a foreign page from reading anything", () => {
      const port = new URL(page).port;
      for (const origin of [
        `http://localhost:${port}`,
        `http://foreign.test:${port}`,
      ]) {
        const report = reportOf(origin)!;
        expect(report, origin).toBeDefined();
        for (const mode of ["stateless", "sessions"])
          expect(report[mode], `${origin} ${mode}`).toEqual({
            error: "TypeError: Failed to fetch",
          });
      }
      // The foreign page's preflights reached the servers and were refused.
      expect(refusedForeign.length).toBeGreaterThan(0);
      expect(new Set(refusedForeign)).toEqual(new Set([403]));
    });
  },
);
