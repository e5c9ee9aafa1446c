/** `npm start`'s options: the port (`--port N`, `--port=N`, PORT, 8787), `--ip`, `--content`, `--no-edge-cache`; nothing else. */
import { describe, expect, test } from 'vitest';
import { parseStartArgs } from '../../../scripts/dev/start-args.ts';

const DEFAULTS = { port: 8787, host: 'localhost', contentDir: 'content', edgeCache: true };

describe('parseStartArgs', () => {
  test('8787 on localhost behind the stand-in for Workers Cache, publishing content/, by default', () => {
    expect(parseStartArgs([], {})).toEqual(DEFAULTS);
  });

  test('--port N and --port=N, which win over PORT', () => {
    expect(parseStartArgs(['--port', '8795'], { PORT: '9000' })).toEqual({ ...DEFAULTS, port: 8795 });
    expect(parseStartArgs(['--port=8796'], {})).toEqual({ ...DEFAULTS, port: 8796 });
  });

  test('PORT when no --port is given; an empty PORT is no PORT', () => {
    expect(parseStartArgs([], { PORT: '8797' })).toEqual({ ...DEFAULTS, port: 8797 });
    expect(parseStartArgs([], { PORT: '' })).toEqual(DEFAULTS);
  });

  test('--ip (the address to listen on, as wrangler dev named it) and --content, in either form', () => {
    expect(parseStartArgs(['--ip', '0.0.0.0', '--port', '8795', '--content=/tmp/drafts'], {})).toEqual({
      port: 8795,
      host: '0.0.0.0',
      contentDir: '/tmp/drafts',
      edgeCache: true,
    });
    expect(parseStartArgs(['--content', 'other', '--ip=127.0.0.1'], {})).toEqual({ ...DEFAULTS, host: '127.0.0.1', contentDir: 'other' });
  });

  test('--no-edge-cache: no stand-in for Workers Cache in front of the Worker; it takes no value', () => {
    expect(parseStartArgs(['--no-edge-cache', '--port', '8795'], {})).toEqual({ ...DEFAULTS, port: 8795, edgeCache: false });
    expect(() => parseStartArgs(['--no-edge-cache=yes'], {})).toThrow('--no-edge-cache takes no value');
  });

  test('a port that is not one is refused, naming where it came from', () => {
    expect(() => parseStartArgs(['--port'], {})).toThrow('--port must be a port number from 1 to 65535, got nothing');
    expect(() => parseStartArgs(['--port', 'abc'], {})).toThrow("--port must be a port number from 1 to 65535, got 'abc'");
    expect(() => parseStartArgs(['--port=70000'], {})).toThrow("got '70000'");
    expect(() => parseStartArgs([], { PORT: '0' })).toThrow("PORT must be a port number from 1 to 65535, got '0'");
    expect(() => parseStartArgs([], { PORT: '80.5' })).toThrow("PORT must be a port number from 1 to 65535, got '80.5'");
  });

  test('an option without its value, or one npm start does not know, is refused with the usage', () => {
    expect(() => parseStartArgs(['--content'], {})).toThrow('--content needs a value');
    expect(() => parseStartArgs(['--ip', '--port', '8795'], {})).toThrow('--ip needs a value');
    expect(() => parseStartArgs(['--log-level', 'warn'], {})).toThrow(/unknown option '--log-level'\. Usage: npm start \[-- --port N\]/);
  });
});
