/**
 * The Worker as measured by measure-worker.ts (worker-profile.json): its shape, the pure helpers that read the probe's
 * log into it, and the profiles the model derives from it (the reads of before, the bound). Pure.
 */
import type { KvRead } from '../../tools/binding-probes.ts';

/** Where the measurement is kept, committed: the model replays it. */
export const PROFILE_FILE = 'bench/world/worker-profile.json';

/**
 * What a visit asks of the site: pages, the in-place navigation's page HTML, page data, search, a hashed file, a page
 * view, and a new visitor's XSRF cookie (asked for before its first page view).
 */
export const REQUEST_KINDS = ['home', 'article', 'index', 'navigation', 'pageData', 'search', 'asset', 'pageView', 'xsrfToken'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/**
 * The kinds of KV key the Worker reads (contracts/kv-keys.ts): the mutable manifest (which carries the entries and the
 * search index, contracts/manifest-values.ts), or an immutable content key.
 */
export type KeyKind = 'manifest' | 'entry' | 'search' | 'other';

/** Round trips in sequence; the keys of one round trip were read together. */
export type Rounds = KeyKind[][];

export interface KindProfile {
  path: string;
  status: number;
  /** First request of a fresh isolate on an empty KV cache; median wall time of a few on loopback, start-up excluded. */
  cold: { rounds: Rounds; wallMs: number };
  /** The same request again at once (manifest memo fresh); its Server-Timing says which page cache answered. */
  warm: { rounds: Rounds; serverTiming: string };
  /** A warm isolate whose manifest memo has expired. */
  memoExpired: { rounds: Rounds };
  /** Median wall time of warm requests, by which cache held the page (the same for kinds without one). */
  cpuMs: { isolateHit: number; edgeHit: number; rendered: number };
}

export interface WorkerProfile {
  measuredAt: string;
  site: string;
  holdMs: number;
  cpuMethod: string;
  /** Median wall time of the same warm request to an empty Worker: the loopback's and the runtime's share of cpuMs. */
  baselineMs: number;
  /** Cores and load average while measuring: a loaded machine makes every time longer. */
  machine: string;
  /** The bundle's parse, compile and top-level evaluation in V8, ms. */
  startupMs: number;
  kinds: Record<RequestKind, KindProfile>;
}

export function keyKind(key: string): KeyKind {
  if (key === 'manifest') return 'manifest';
  if (key.startsWith('entry/')) return 'entry';
  if (key.startsWith('search/')) return 'search';
  return 'other';
}

/** The Worker's own time in a measured wall time: less the empty Worker's, never below 0.1 ms. */
export const workerMs = (profile: WorkerProfile, wallMs: number): number => Math.max(0.1, wallMs - profile.baselineMs);

/** Reads in arrival order, grouped: a read within `windowMs` of its group's first read was issued with it. */
export function groupRounds(reads: readonly KvRead[], windowMs: number): KvRead[][] {
  const rounds: KvRead[][] = [];
  for (const read of reads) {
    const last = rounds.at(-1);
    if (last && read.at - last[0]!.at < windowMs) last.push(read);
    else rounds.push([read]);
  }
  return rounds;
}

/** A bound: `profile` with a cold isolate that costs nothing, neither the bundle's start-up nor the first request's set-up. */
export function withFreeStart(profile: WorkerProfile): WorkerProfile {
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const k = profile.kinds[kind];
      return [kind, { ...k, cold: { ...k.cold, wallMs: k.cold.rounds.length * profile.holdMs + k.cpuMs.rendered } }];
    }),
  ) as Record<RequestKind, KindProfile>;
  return { ...profile, startupMs: 0, kinds };
}

/** Where the measurement of the Worker before one KV round trip is kept (two round trips on a cold article). */
export const BEFORE_PROFILE_FILE = 'bench/world/worker-profile-before.json';

/**
 * `current` with the KV reads of `before`, kind by kind (a kind `before` did not measure keeps today's): the Worker of
 * two round trips replayed with today's times, so that the designs differ by their reads, not by the load the machine
 * was under at each measurement. The cold wall time takes the extra round trips' holds, leaving the first request's
 * set-up as measured today.
 */
export function withReadsOf(current: WorkerProfile, before: WorkerProfile): WorkerProfile {
  const kinds = Object.fromEntries(
    REQUEST_KINDS.map((kind) => {
      const now = current.kinds[kind];
      const old = before.kinds[kind];
      if (!old) return [kind, now];
      const wallMs = now.cold.wallMs + (old.cold.rounds.length - now.cold.rounds.length) * current.holdMs;
      return [kind, { ...now, cold: { rounds: old.cold.rounds, wallMs }, warm: old.warm, memoExpired: old.memoExpired }];
    }),
  ) as Record<RequestKind, KindProfile>;
  return { ...current, kinds };
}
