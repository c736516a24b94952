/**
 * Login brute force against a real hub (guessing passwords over POST /auth). Starts the
 * hub in-process with the production scrypt cost (demo user `demo`), then fires wrong passwords for
 * `demo` from one address (127.0.0.1) for BENCH_LOGIN_S seconds (10) with BENCH_LOGIN_CONCURRENCY
 * requests in flight (4), and prints:
 * - attempts checked per second: answers 401 AUTH_BAD_USER_OR_PWD (the password was really tried);
 * - answers per second: every answer, including 429 AUTH_LOGIN_DELAY (refused without a check).
 * Prints figures; never passes or fails. Run: `npx tsx bench/login-bruteforce.ts`.
 *
 * The "before" figure of docs/security.md is this same file run in a worktree of the commit before
 * the login rate limit (`git worktree add /tmp/before b410786^`), whose startHub takes the same options.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startHub } from "../hub/server";

const seconds = Number(process.env.BENCH_LOGIN_S ?? "10");
const concurrency = Number(process.env.BENCH_LOGIN_CONCURRENCY ?? "4");

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-login-"));
  const hub = await startHub({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    distDir: join(dataDir, "no-dist"),
    mqttPort: 0,
    demo: true,
    simulator: false,
    simulatorIntervalMs: 1000,
    logLevel: "silent",
  });
  const counts = new Map<number, number>();
  let attempt = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  try {
    const worker = async (): Promise<void> => {
      while (performance.now() < deadline) {
        attempt += 1;
        const response = await fetch(`${hub.url.replace("localhost", "127.0.0.1")}/api/auth/v1/auth`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ login: "demo", password: `guess-${attempt}`, sessionName: "bench" }),
        });
        await response.arrayBuffer();
        counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, () => worker()));
  } finally {
    await hub.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const elapsed = (performance.now() - started) / 1000;
  const answers = [...counts.values()].reduce((sum, n) => sum + n, 0);
  const checked = counts.get(401) ?? 0;
  const byStatus = [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(", ");
  console.log(
    `\nLogin brute force: wrong passwords for 'demo' from one address, ${concurrency} in flight, ${elapsed.toFixed(1)} s`,
  );
  console.log(`attempts checked   ${String(checked).padStart(7)}   ${(checked / elapsed).toFixed(1)} per second`);
  console.log(
    `answers            ${String(answers).padStart(7)}   ${(answers / elapsed).toFixed(1)} per second   (${byStatus})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
