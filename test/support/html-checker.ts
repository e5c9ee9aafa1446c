/**
 * The Nu Html Checker (`vnu-jar`) run on HTML documents in one Java process, its JSON parsed into messages.
 * I/O: a temporary folder, runs `java`.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as z from 'zod';

const VNU_JAR: string = String(createRequire(import.meta.url)('vnu-jar'));

const messageSchema = z.object({
  type: z.string(),
  subType: z.string().optional(),
  url: z.string().optional(),
  lastLine: z.number().optional(),
  firstColumn: z.number().optional(),
  message: z.string(),
  extract: z.string().optional(),
});
const outputSchema = z.object({ messages: z.array(messageSchema) });

export interface CheckerMessage {
  /** The name the document was given. */
  document: string;
  /** `error` (errors and fatal errors), `warning`, or `info`. */
  kind: 'error' | 'warning' | 'info';
  message: string;
  /** Where: line.column and the text around it. */
  at: string;
}

// A system Java (11 or later): vnu-jar's own install script would download a JDK, and allowScripts does not run it.
function javaCommand(): string {
  const home = process.env.JAVA_HOME;
  return home && existsSync(join(home, 'bin', 'java')) ? join(home, 'bin', 'java') : 'java';
}

/**
 * A short batch job: the quick compiler only and the serial collector halve the JVM's CPU time; the quick compiler's
 * larger frames need the bigger stack vnu asks for.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xss4m'];

/** Checks each named HTML document; returns every message the checker gives. */
export async function checkHtml(documents: Record<string, string>): Promise<CheckerMessage[]> {
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files = Object.entries(documents).map(([name, html], i) => {
      const file = join(dir, `${i}.html`);
      writeFileSync(file, html);
      return { name, file };
    });
    let stderr: string;
    try {
      // --exit-zero-always: problems are data here; a non-zero exit means the run itself failed.
      ({ stderr } = await promisify(execFile)(
        javaCommand(),
        [...JVM_OPTIONS, '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...files.map((f) => f.file)],
        {
          maxBuffer: 64 * 1024 * 1024,
        },
      ));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(
          'The Nu Html Checker needs Java 11 or later: no `java` on PATH or in JAVA_HOME (Debian: apt-get install default-jre-headless)',
        );
      }
      throw error;
    }
    const byUrl = new Map(files.map((f) => [new URL(`file:${f.file}`).href, f.name]));
    return outputSchema.parse(JSON.parse(stderr)).messages.map((m) => ({
      document: (m.url && byUrl.get(new URL(m.url).href)) ?? m.url ?? '(checker)',
      kind: m.type === 'error' || m.type === 'non-document-error' ? 'error' : m.subType === 'warning' ? 'warning' : 'info',
      message: m.message,
      at: `${m.lastLine ?? '?'}.${m.firstColumn ?? '?'}: ${m.extract ?? ''}`,
    }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
