/**
 * GitHub's REST API with the job's token through a fetch-shaped function (tests pass their own). I/O: HTTP;
 * answers come back unparsed for the caller's zod schema.
 */
import * as z from 'zod';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export interface GithubApi {
  get(path: string): Promise<unknown>;
  /** Every page of a list answer, following the `Link: rel="next"` header. */
  list(path: string): Promise<unknown[]>;
  send(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<unknown>;
}

export interface GithubApiOptions {
  token: string;
  baseUrl?: string;
  fetch?: Fetch;
}

const nextPage = (link: string | null): string | null => link?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;

export function githubApi({ token, baseUrl = 'https://api.github.com', fetch = globalThis.fetch }: GithubApiOptions): GithubApi {
  async function call(method: string, url: string, body?: unknown): Promise<Response> {
    const where = `${method} ${new URL(url).pathname}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new Error(`GitHub could not be reached for ${where}: ${error instanceof Error ? error.message : error}`, { cause: error });
    }
    if (!response.ok) throw new Error(`GitHub answered ${where} with ${response.status}: ${await response.text()}`);
    return response;
  }
  const absolute = (path: string) => `${baseUrl}${path}`;
  return {
    get: async (path) => (await call('GET', absolute(path))).json(),
    async list(path) {
      const items: unknown[] = [];
      for (let url: string | null = absolute(path); url; ) {
        const response = await call('GET', url);
        const page: unknown = await response.json();
        if (!Array.isArray(page)) throw new Error(`GitHub answered ${path} with something other than a list`);
        items.push(...page);
        url = nextPage(response.headers.get('link'));
      }
      return items;
    },
    send: async (method, path, body) => (await call(method, absolute(path), body)).json(),
  };
}

/** What a step that calls the API needs from its environment: the token its workflow passes, and what GitHub sets. */
export const GithubEnv = z.object({
  GITHUB_TOKEN: z.string().min(1),
  GITHUB_API_URL: z.url().optional(),
  GITHUB_REPOSITORY: z.string().regex(/^[\w.-]+\/[\w.-]+$/),
});

export function jobGithubApi(env: z.infer<typeof GithubEnv>): GithubApi {
  return githubApi({ token: env.GITHUB_TOKEN, baseUrl: env.GITHUB_API_URL });
}
