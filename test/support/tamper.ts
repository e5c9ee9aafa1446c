/** A tampered signature for refusal tests: its data changed (the first byte inverted), encoded canonically. */
import { base64url, fromBase64url } from '../../contracts/signing.ts';

export function tampered(signature: string): string {
  const bytes = fromBase64url(signature);
  if (!bytes) throw new Error(`not a base64url signature: ${signature}`);
  bytes[0] = bytes[0]! ^ 0xff;
  return base64url(bytes);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes as `signature`, written otherwise: its last character's lowest (padding) bit set or cleared. */
export function reencoded(signature: string): string {
  if ((signature.length * 6) % 8 === 0) throw new Error(`a ${signature.length}-character base64url text has no padding bits`);
  const last = ALPHABET.indexOf(signature.at(-1)!);
  return signature.slice(0, -1) + ALPHABET[last ^ 1];
}
