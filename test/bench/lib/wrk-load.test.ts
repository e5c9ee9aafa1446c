/**
 * The load test's wrk driver: the Lua script it writes and how it reads wrk's report.
 * (`test/bench/load-test.test.ts` runs the real wrk against the Worker.)
 */
import { describe, expect, test } from 'vitest';
import { parseWrkOutput, wrkScript } from '../../../bench/lib/wrk-load.ts';

const REPORT = `Running 30s test @ http://127.0.0.1:45667/
  2 threads and 200 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency   279.09ms   89.47ms   1.19s    77.37%
    Req/Sec   341.09    100.00   600.00     70.00%
  Latency Distribution
     50%  270.00ms
     75%  320.00ms
     90%  400.00ms
     99%  612.50ms
  20988 requests in 30.07s, 403.56MB read
  Socket errors: connect 0, read 12, write 0, timeout 3
  Non-2xx or 3xx responses: 5
Requests/sec:    698.04
Transfer/sec:     13.42MB
status 200: 14540
status 204: 6443
status 500: 5
`;

describe('parseWrkOutput', () => {
  test('reads requests, rate, latencies in ms, socket errors, timeouts and statuses', () => {
    expect(parseWrkOutput(REPORT)).toEqual({
      requests: 20988,
      requestsPerSecond: 698,
      p50: 270,
      p99: 612.5,
      max: 1190,
      socketErrors: { read: 12 },
      timeouts: 3,
      statuses: { '200': 14540, '204': 6443, '500': 5 },
    });
  });

  test('a clean run has no socket-error line: nothing to report', () => {
    const clean = parseWrkOutput(REPORT.replace(/^ {2}Socket errors.*\n/m, ''));
    expect(clean.socketErrors).toEqual({});
    expect(clean.timeouts).toBe(0);
  });

  test('microseconds, and a report that is not wrk’s, are handled', () => {
    expect(parseWrkOutput(REPORT.replace('1.19s', '696.07us')).max).toBe(0.7);
    expect(() => parseWrkOutput('wrk: command failed')).toThrow(/not as expected/);
  });
});

describe('wrkScript', () => {
  test('quotes every value as a Lua long string, whatever brackets it holds', () => {
    const script = wrkScript([
      { method: 'GET', path: '/news', headers: { Cookie: 'XSRF-TOKEN=a.b' } },
      { method: 'POST', path: '/api/x', headers: { 'Content-Type': 'application/json' }, body: '{"a":"]]"}' },
    ]);
    expect(script).toContain('add([[GET]], [[/news]], { [ [[Cookie]] ] = [[XSRF-TOKEN=a.b]] })');
    expect(script).toContain('add([[POST]], [[/api/x]], { [ [[Content-Type]] ] = [[application/json]] }, [=[{"a":"]]"}]=])');
  });

  test('paces each connection only when asked: wrk calls delay() before every request', () => {
    const mix = [{ method: 'GET' as const, path: '/' }];
    expect(wrkScript(mix)).not.toContain('function delay()');
    expect(wrkScript(mix, 0)).not.toContain('function delay()');
    expect(wrkScript(mix, 471.6)).toContain('function delay() return 472 end');
  });
});
