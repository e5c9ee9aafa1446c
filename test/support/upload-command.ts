/**
 * Runs `npm run upload`'s command in this process (uploadCommand, on its own environment and output) against the
 * contract server and a real Worker's publish lock. upload-cli.test.ts runs the script itself as a child process.
 */
import { uploadCommand } from '../../scripts/upload-content.ts';
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

/** `npm run upload -- --remote <args>` with the environment a maintainer's shell would hold. */
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

/** `npm run upload -- <args>` with `env` over this process's environment; its output as a child would print it. */
export async function runUpload(args: string[], env: Record<string, string> = {}): Promise<CommandOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await uploadCommand(args, {
    env: { ...process.env, ...env },
    log: (line) => (stdout += `${line}\n`),
    error: (line) => (stderr += `${line}\n`),
  });
  return { code, stdout, stderr };
}
