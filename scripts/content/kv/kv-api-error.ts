/** A failed Cloudflare KV request as a KvApiError naming operation, target, status and codes or cause, and a set-up mistake's fix. Pure. */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'cloudflare/core/error';

export type CloudflareErrorItem = { code: number; message: string };

/** What failed (`bulk write` of `batch 1 of 2 (…)`), where (the API host, for network failures), in how many requests. */
type KvRequestContext = Record<'operation' | 'target' | 'host' | 'accountId' | 'namespaceId', string> & { attempts: number };

export class KvApiError extends Error {
  override name = 'KvApiError';
  readonly errors: CloudflareErrorItem[];
  /** True when the request certainly changed nothing (a 4xx refusal): a write did not land. */
  readonly notApplied: boolean;

  constructor(message: string, errors: CloudflareErrorItem[], notApplied: boolean) {
    super(message);
    this.errors = errors;
    this.notApplied = notApplied;
  }
}

/** How to fix the set-up, for answers that mean a set-up mistake. */
function setupFix(status: number | undefined, errors: readonly CloudflareErrorItem[], at: KvRequestContext): string {
  if (status === 404 && (errors.length === 0 || errors.some((e) => e.code === 10013)))
    return (
      ` The namespace ${at.namespaceId} is not one of account ${at.accountId}'s: create it with \`npx wrangler kv namespace create CONTENT\` ` +
      'and put the id it prints in wrangler.toml under [[kv_namespaces]] (binding = "CONTENT", id = "<that id>"), or set CLOUDFLARE_ACCOUNT_ID to the account that has it.'
    );
  if (status === 401 || status === 403)
    return (
      ` The API token in CLOUDFLARE_API_TOKEN is not allowed this: it needs the permission "Workers KV Storage: Edit" on account ${at.accountId} ` +
      '(dash.cloudflare.com → My Profile → API Tokens).'
    );
  return '';
}

const describeErrors = (errors: readonly CloudflareErrorItem[]) => errors.map((e) => `Cloudflare error ${e.code}: ${e.message}`).join('; ');
const lead = ({ operation, target }: KvRequestContext) => `Cloudflare KV ${operation} of ${target} failed: `;

/** A bulk answer listing keys it did not write or delete. */
export function unsuccessfulKeysError(keys: readonly string[], total: number, context: KvRequestContext): KvApiError {
  const shown = keys.slice(0, 5).join(', ') + (keys.length > 5 ? `, and ${keys.length - 5} more` : '');
  return new KvApiError(`${lead(context)}Cloudflare answered that ${keys.length} of ${total} keys failed (${shown}).`, [], false);
}

/** Any failure of an SDK call as a KvApiError naming the operation; an error of ours passes through. */
export function toKvApiError(error: unknown, context: KvRequestContext): Error {
  if (error instanceof KvApiError || !(error instanceof APIError)) return error instanceof Error ? error : new Error(String(error));
  const tries = context.attempts > 1 ? ` after ${context.attempts} attempts` : '';
  if (error instanceof APIConnectionTimeoutError)
    return new KvApiError(`${lead(context)}no answer from ${context.host}${tries}: the request timed out.`, [], false);
  if (error instanceof APIConnectionError)
    return new KvApiError(`${lead(context)}could not reach ${context.host}${tries}: ${networkCause(error)}.`, [], false);
  const status = error.status ?? 0;
  const errors = error.errors.map((e) => ({ code: Number(e.code), message: String(e.message) }));
  // The SDK puts a body that is not JSON in its message, after the status.
  const body = error.message.replace(/^\d{3}\s*/, '').trim();
  const detail = errors.length ? describeErrors(errors) : body ? `the answer: ${body.slice(0, 200)}` : 'no error body';
  const retryAfter = status === 429 ? error.headers?.get('retry-after') : null;
  const wait = retryAfter ? ` (Retry-After: ${retryAfter} s)` : '';
  // A 2xx here is an answer of "success": false (cloudflare-kv-store.ts).
  const refused = status < 300 ? ' with "success": false' : '';
  return new KvApiError(
    `${lead(context)}HTTP ${status}${refused}${tries}, ${detail}${wait}.${setupFix(status, errors, context)}`,
    errors,
    status >= 400 && status < 500 && status !== 408,
  );
}

/** `ECONNREFUSED (connect ECONNREFUSED 127.0.0.1:1234)`: the innermost cause with a code. */
function networkCause(error: Error): string {
  let cause: unknown = error.cause;
  let found = '';
  for (let depth = 0; cause && depth < 5; depth++) {
    const c = cause as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown[] };
    if (typeof c.code === 'string' && c.code) found = typeof c.message === 'string' && c.message ? `${c.code} (${c.message})` : c.code;
    cause = c.cause ?? (Array.isArray(c.errors) ? c.errors[0] : undefined);
  }
  return found || ((error.cause as Error | undefined)?.message ?? error.message) || 'the connection failed';
}
