/** Runs `npm run upload`'s script as a child process against the contract server and a real Worker's publish lock. */
import { spawn } from 'node:child_process';
import { startLocalWorker } from '../../tools/local-worker.ts';

export interface CommandOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The publish lock: the built Worker in workerd, with the PUBLISH_SECRET runRemoteUpload gives. */
export async function startPublishLock(): Promise<{ origin: string; close(): Promise<void> }> {
  const worker = await startLocalWorker({ assetsDir: null, bindings: { PUBLISH_SECRET: 'publish-secret' } });
  return { origin: worker.url.href, close: () => worker.dispose() };
}

/** The Cloudflare API and publish lock a remote upload talks to, as the tests start them. */
export interface RemoteTargets {
  api: { baseURL: string };
  lock: { origin: string };
}

/** `node scripts/upload-content.ts --remote <args>` with the environment a maintainer's shell would hold. */
export function runRemoteUpload(args: string[], { api, lock }: RemoteTargets, env: Record<string, string> = {}): Promise<CommandOutcome> {
  return runUpload(['--remote', ...args], {
    CLOUDFLARE_BASE_URL: api.baseURL,
    CLOUDFLARE_API_TOKEN: 'token',
    CLOUDFLARE_ACCOUNT_ID: 'acc',
    PUBLISH_URL: lock.origin,
    PUBLISH_SECRET: 'publish-secret',
    ...env,
  });
}

/** `node scripts/upload-content.ts <args>` with `env` over this process's environment. */
export function runUpload(args: string[], env: Record<string, string> = {}): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/upload-content.ts', ...args], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
