/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  interface Percentiles {
    average: number;
    mean: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  }
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    headers?: Record<string, string>;
    timeout?: number;
    /** ms between samples; the run's end is checked at each. */
    sampleInt?: number;
  }
  interface Result {
    start: Date;
    finish: Date;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
