/**
 * The load test's generator: autocannon with every connection cycling through a request mix, optionally paced to a
 * rate; its figures with every status and error counted. I/O: HTTP to the runtime.
 */
import autocannon from 'autocannon';

export interface MixRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface MixFigures {
  requests: number;
  requestsPerSecond: number;
  /** Latencies of the 2xx answers, ms. */
  p50: number;
  p99: number;
  max: number;
  /** Socket errors by code (ECONNRESET, …), only those that happened; timeouts are counted apart. */
  errorCodes: Record<string, number>;
  /** Requests unanswered within the timeout. */
  timeouts: number;
  /** Responses by status code. */
  statuses: Record<string, number>;
}

export interface MixOptions {
  url: URL;
  connections: number;
  /** Seconds. */
  duration: number;
  timeoutSeconds: number;
  requests: MixRequest[];
  /** Requests per second offered by all connections together; absent: each sends its next request at the answer. */
  rate?: number;
}

const TIMEOUT_MESSAGE = 'request timed out';

/** Runs the mix and returns its figures; rejects if autocannon cannot run. */
export function runMix({ url, connections, duration, timeoutSeconds, requests, rate }: MixOptions): Promise<MixFigures> {
  const errorCodes: Record<string, number> = {};
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: url.href,
        connections,
        duration,
        timeout: timeoutSeconds,
        requests,
        ...(rate === undefined ? {} : { overallRate: rate }),
      },
      (error, result) => {
        if (error) return reject(error);
        const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
        const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([status, { count = 0 }]) => [status, count]));
        const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
        resolve({
          requests: answered,
          requestsPerSecond: Math.round(answered / seconds),
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          errorCodes,
          timeouts: result.timeouts,
          statuses,
        });
      },
    );
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      if (error.message === TIMEOUT_MESSAGE) return;
      const code = error.code ?? error.message;
      errorCodes[code] = (errorCodes[code] ?? 0) + 1;
    });
  });
}
