/** `npm start`'s port: `--port N`, `--port=N`, PORT, 8787; other arguments go to wrangler dev. */
import { describe, expect, test } from 'vitest';
import { parseStartArgs } from '../../../scripts/dev/start-args.ts';

describe('parseStartArgs', () => {
  test('8787 by default', () => {
    expect(parseStartArgs([], {})).toEqual({ port: 8787, wranglerArgs: [] });
  });

  test('--port N and --port=N, which win over PORT', () => {
    expect(parseStartArgs(['--port', '8795'], { PORT: '9000' })).toEqual({ port: 8795, wranglerArgs: [] });
    expect(parseStartArgs(['--port=8796'], {})).toEqual({ port: 8796, wranglerArgs: [] });
  });

  test('PORT when no --port is given; an empty PORT is no PORT', () => {
    expect(parseStartArgs([], { PORT: '8797' })).toEqual({ port: 8797, wranglerArgs: [] });
    expect(parseStartArgs([], { PORT: '' })).toEqual({ port: 8787, wranglerArgs: [] });
  });

  test('other arguments are passed on to wrangler dev, in order', () => {
    expect(parseStartArgs(['--ip', '0.0.0.0', '--port', '8795', '--log-level', 'warn'], {})).toEqual({
      port: 8795,
      wranglerArgs: ['--ip', '0.0.0.0', '--log-level', 'warn'],
    });
  });

  test('a port that is not one is refused, naming where it came from', () => {
    expect(() => parseStartArgs(['--port'], {})).toThrow('--port must be a port number from 1 to 65535, got nothing');
    expect(() => parseStartArgs(['--port', 'abc'], {})).toThrow("--port must be a port number from 1 to 65535, got 'abc'");
    expect(() => parseStartArgs(['--port=70000'], {})).toThrow("got '70000'");
    expect(() => parseStartArgs([], { PORT: '0' })).toThrow("PORT must be a port number from 1 to 65535, got '0'");
    expect(() => parseStartArgs([], { PORT: '80.5' })).toThrow("PORT must be a port number from 1 to 65535, got '80.5'");
  });
});
