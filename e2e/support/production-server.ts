import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type RunningServer = {
  baseUrl: string;
  stop: () => Promise<void>;
  /** What the server has written to standard output and error so far (its log). */
  output: () => string;
};

/**
 * Spawns the built server (apps/api/dist/server.js) on a free port with a fresh embedded database in
 * a temporary folder, as a new user's first start would; `extraEnv` adds to or overrides the
 * journeys' environment.
 */
async function spawnServer(extraEnv: Record<string, string>) {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "vela-e2e-"));
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [path.join(REPO_ROOT, "apps/api/dist/server.js")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
      LOG_LEVEL: "warn",
      // The sandbox rates hold still at the committed ECB snapshot, so the journeys' prices are known.
      FX_SANDBOX_STEP_BPS: "0",
      // Links sent by e-mail (a recipient's invitation) point at this server.
      PUBLIC_APP_URL: `http://127.0.0.1:${port}`,
      // The sandbox providers answer within a second or two, so the journeys see orders move on;
      // a cash pickup stays available (it is not collected during the run).
      SANDBOX_ACH_SETTLE_SECONDS: "1",
      SANDBOX_PAYOUT_SECONDS: "1",
      SANDBOX_PICKUP_SECONDS: "3600",
      SANDBOX_SWEEP_SECONDS: "1",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const removeData = () => rm(dataDir, { recursive: true, force: true });
  return { port, child, output, exited, removeData };
}

/** Starts the built production server and waits until it answers /api/health. */
export async function startProductionServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const { port, child, output, exited, removeData } = await spawnServer(extraEnv);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await removeData();
      throw new Error(`The server exited (${child.exitCode}):\n${output.join("")}`);
    }
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      return {
        baseUrl,
        output: () => output.join(""),
        stop: async () => {
          child.kill("SIGTERM");
          await exited;
          await removeData();
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  await exited;
  await removeData();
  throw new Error(`The server did not become healthy in time:\n${output.join("")}`);
}

/**
 * Starts the built server expecting it to refuse (a configuration it must not run with) and answers
 * its exit code and output; one that is still running after `timeoutMs` is stopped and reported.
 */
export async function runServerToExit(
  extraEnv: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  const { child, output, exited, removeData } = await spawnServer(extraEnv);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  await removeData();
  return { code, output: output.join("") };
}
