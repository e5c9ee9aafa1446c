/** What the edge cache's tests share: an origin that records its calls, a clock they move, requests to one site. Pure. */
import { cacheTier } from '../../../tools/edge-cache/edge-cache.ts';
import { createEdgeNetwork, type EdgeNetwork } from '../../../tools/edge-cache/edge-network.ts';

/** What the origin answers to its `call`-th request (from 1). */
export type Answer = (request: Request, call: number) => Response | Promise<Response>;

export interface Edge {
  /** The network, whose data centres `send` asks (unless the edge is one tier alone). */
  network: EdgeNetwork;
  /** Every request the origin got, in order. */
  calls: Request[];
  /** Moves the network's clock on. */
  advance(seconds: number): void;
  /** Sends a request to a data centre (default `lhr`); `path` on https://race-element.test. */
  send(path: string, init?: RequestInit & { dataCentre?: string; host?: string }): Promise<Response>;
  /** Waits for the background refreshes. */
  settled(): Promise<void>;
}

/** A network before `answer`, or with `oneTier` a lone tier (one cache's rules, without a second tier's own). */
export function edge(answer: Answer, { oneTier = false } = {}): Edge {
  const calls: Request[] = [];
  let time = Date.UTC(2026, 0, 5);
  const now = () => time;
  const origin = async (request: Request) => {
    calls.push(request);
    return answer(request, calls.length);
  };
  const network = createEdgeNetwork({ now, origin });
  const tier = oneTier ? cacheTier({ now, upstream: origin }) : undefined;
  return {
    network,
    calls,
    advance: (seconds) => {
      time += seconds * 1000;
    },
    send: (path, { dataCentre = 'lhr', host = 'race-element.test', ...init } = {}) =>
      (tier ?? network.dataCentre(dataCentre)).fetch(new Request(`https://${host}${path}`, init)),
    settled: () => (tier ?? network).settled(),
  };
}

/** A 200 with `body` and these headers. */
export const ok = (body: string, headers: Record<string, string> = {}): Response => new Response(body, { headers });

/** Cf-Cache-Status and body of an answer. */
export async function seen(response: Response | Promise<Response>): Promise<[string | null, string]> {
  const answer = await response;
  return [answer.headers.get('cf-cache-status'), await answer.text()];
}
