/**
 * The part of a wrangler.toml that `npm run upload` and the local Worker read (bindings, vars, account, compatibility),
 * parsed with smol-toml and validated: Wrangler itself takes seconds to import, which every upload would wait for.
 * I/O: reads the file.
 */
import { readFileSync } from 'node:fs';
import { parse, TomlError } from 'smol-toml';
import * as z from 'zod';

const configSchema = z.object({
  name: z.string().optional(),
  account_id: z.string().optional(),
  vars: z.record(z.string(), z.unknown()).default({}),
  kv_namespaces: z.array(z.object({ binding: z.string(), id: z.string().optional() })).default([]),
  compatibility_date: z.string().optional(),
  compatibility_flags: z.array(z.string()).default([]),
  assets: z.object({ directory: z.string(), binding: z.string().optional(), not_found_handling: z.string().optional() }).optional(),
  durable_objects: z.object({ bindings: z.array(z.object({ name: z.string(), class_name: z.string() })) }).default({ bindings: [] }),
  migrations: z.array(z.object({ new_sqlite_classes: z.array(z.string()).default([]) })).default([]),
});
export type WranglerConfig = z.infer<typeof configSchema>;

/** The config at `path`; a missing file, bad TOML or a field of the wrong type throws, naming file, line or field. */
export function readWranglerConfig(path: string): WranglerConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${path} cannot be read: ${(error as Error).message}`);
  }
  let toml: unknown;
  try {
    toml = parse(text);
  } catch (error) {
    if (!(error instanceof TomlError)) throw error;
    throw new Error(`${path}:${error.line}:${error.column}: ${error.message.split('\n')[0]}`);
  }
  const config = configSchema.safeParse(toml);
  if (!config.success) {
    const issue = config.error.issues[0]!;
    throw new Error(`${path}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return config.data;
}
