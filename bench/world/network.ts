/**
 * Round trips from great-circle distance, and each data centre's place in the network: its nearest hub (KV's regional
 * tier and Workers Cache's upper tier) and that hub's nearest KV central store. Pure.
 */
import type { WorldParams } from './params.ts';
import type { Place } from './places.ts';

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** There and back through fibre, the route longer than the great circle by `routeFactor`, plus a fixed cost per leg. */
export function roundTripMs(km: number, network: WorldParams['network']): number {
  return (2 * km * network.routeFactor) / network.fibreKmPerMs + network.legMs;
}

/** A placed Worker's data centre (its index) and the round trip to it from each data centre; null when none is placed. */
export interface Placement {
  at: number;
  tripMs: Float64Array;
}

/** The placement of a Worker at data centre `iata` (wrangler.toml `[placement]`), or null; throws for an unknown one. */
export function placementAt(nodes: readonly Node[], iata: string | undefined, network: WorldParams['network']): Placement | null {
  if (!iata) return null;
  const at = nodes.findIndex((n) => n.iata === iata);
  if (at < 0) throw new Error(`no data centre ${iata} to place the Worker at`);
  return { at, tripMs: Float64Array.from(nodes, (n) => roundTripMs(greatCircleKm(n, nodes[at]!), network)) };
}

export interface Node extends Place {
  /** Index of its hub among the data centres, and the round trip to it (0 for a hub itself). */
  hub: number;
  toHubMs: number;
  /** Round trip from its hub to the hub's nearest KV central store. */
  hubToStoreMs: number;
}

function nearest(from: Place, among: readonly Place[]): { place: Place; km: number } {
  let best = { place: among[0]!, km: Number.POSITIVE_INFINITY };
  for (const place of among) {
    const km = greatCircleKm(from, place);
    if (km < best.km) best = { place, km };
  }
  return best;
}

/** The data centres wired to their hubs and stores. */
export function buildNetwork(places: readonly Place[], params: WorldParams): Node[] {
  const byCode = new Map(places.map((p, i) => [p.iata, i]));
  const locate = (codes: string[]) =>
    codes.map((code) => {
      const index = byCode.get(code);
      if (index === undefined) throw new Error(`${code} is no data centre of the model`);
      return places[index]!;
    });
  const hubs = locate(params.hubs);
  const stores = locate(params.kvStores);
  return places.map((place) => {
    const hub = nearest(place, hubs);
    const store = nearest(hub.place, stores);
    return {
      ...place,
      hub: byCode.get(hub.place.iata)!,
      toHubMs: hub.km === 0 ? 0 : roundTripMs(hub.km, params.network),
      hubToStoreMs: store.km === 0 ? 0 : roundTripMs(store.km, params.network),
    };
  });
}
