/**
 * A front-matter YAML block read once by js-yaml: its value, and the offset of each top-level field's key and value
 * for problems to point at. Pure; throws js-yaml's YAMLException (with its mark) on unreadable YAML.
 */
import { CORE_SCHEMA, constructFromEvents, EVENT_ID, type Event, getScalarValue, parseEvents, SCALAR_STYLE } from 'js-yaml';

/** 0-based offsets in the YAML text. */
export interface FieldOffsets {
  key: number;
  /** The value's first character (its opening quote, if quoted); the key's when the value is empty. */
  value: number;
}

export interface YamlFields {
  data: unknown;
  offsets: Map<string, FieldOffsets>;
}

// YAML's core schema keeps dates as the text the author wrote (no silent Date rollover).
export function readYamlFields(yaml: string): YamlFields {
  const events = parseEvents(yaml, {});
  const [data = null] = constructFromEvents(events, { source: yaml, schema: CORE_SCHEMA });
  return { data, offsets: topLevelOffsets(yaml, events) };
}

/** Where a node starts; -1 for an empty scalar. */
function startOf(event: Event): number {
  if (event.type === EVENT_ID.SCALAR) {
    const quoted = event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED;
    return event.valueStart === -1 ? -1 : event.valueStart - (quoted ? 1 : 0);
  }
  if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.MAPPING) return event.start;
  if (event.type === EVENT_ID.ALIAS) return event.anchorStart - 1;
  return -1;
}

/** Events of a document whose root is a mapping: key and value alternate at depth 0; collections open and POP closes. */
function topLevelOffsets(yaml: string, events: readonly Event[]): Map<string, FieldOffsets> {
  const offsets = new Map<string, FieldOffsets>();
  if (events[1]?.type !== EVENT_ID.MAPPING) return offsets;
  let depth = 0;
  let key: { name: string; at: number } | undefined;
  for (const event of events.slice(2)) {
    if (event.type === EVENT_ID.POP) {
      if (--depth < 0) break;
      continue;
    }
    if (depth === 0) {
      const at = startOf(event);
      if (key === undefined) key = { name: event.type === EVENT_ID.SCALAR ? getScalarValue(yaml, event) : '', at };
      else {
        offsets.set(key.name, { key: key.at, value: at === -1 ? key.at : at });
        key = undefined;
      }
    }
    if (event.type === EVENT_ID.SEQUENCE || event.type === EVENT_ID.MAPPING) depth++;
  }
  return offsets;
}
