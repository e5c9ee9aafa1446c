/**
 * The next page in two frames (browser/router.ts): its top first, the rest a frame later, so that neither frame is a
 * long task on a phone. I/O: the parsed page, a DocumentFragment, changed in place.
 */

/**
 * Where the rest starts: the third block of an article or of a list, the first that styles.css leaves unrendered away
 * from the screen (content-visibility), so the first frame lays out what the first load's does.
 */
const REST_STARTS_AT = '.prose > :nth-child(3), .entry-list > :nth-child(3)';

/**
 * Takes from `page` its rest: the block REST_STARTS_AT matches first and everything after it in document order, so that
 * nothing in the first frame moves when the rest comes. Returns what puts the rest back after the nodes it followed
 * (nothing when they left the document: a newer page replaced this one); a page without such a block is left whole.
 */
export function holdBackRest(page: DocumentFragment): () => void {
  const start = page.querySelector(REST_STARTS_AT);
  const held: [ChildNode, ChildNode[]][] = [];
  if (start?.previousSibling) held.push([start.previousSibling, siblingsFrom(start)]);
  for (let node = start?.parentElement; node; node = node.parentElement) held.push([node, siblingsFrom(node.nextSibling)]);
  for (const [, nodes] of held) for (const node of nodes) node.remove();
  return () => {
    for (const [after, nodes] of held) if (after.isConnected) after.after(...nodes);
  };
}

function siblingsFrom(first: ChildNode | null): ChildNode[] {
  const nodes: ChildNode[] = [];
  for (let node = first; node; node = node.nextSibling) nodes.push(node);
  return nodes;
}
