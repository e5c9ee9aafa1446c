/** The measured inputs (bench/world/inputs.json, or the scale bench's dist/bench/scale.json): their schema and the row for one site size. I/O: reads the file. */
import { readFileSync } from 'node:fs';
import * as z from 'zod';

const bytes = z.number().positive();
const sizesSchema = z.object({
  entries: z.number().int().positive(),
  indexBytes: bytes,
  pieceBytes: z.object({ entry: bytes, listChunk: bytes, searchRoot: bytes, searchShard: bytes, docChunk: bytes }),
  coldArticle: z.object({ cpuMs: z.number().positive(), bytesRead: bytes }),
});
export type Sizes = z.infer<typeof sizesSchema>;
const inputsSchema = z.object({ measuredAt: z.string(), command: z.string(), sizes: z.array(sizesSchema).min(1) });
export type Inputs = z.infer<typeof inputsSchema>;

export const DEFAULT_INPUTS = 'bench/world/inputs.json';

export const readInputs = (file: string): Inputs => inputsSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
