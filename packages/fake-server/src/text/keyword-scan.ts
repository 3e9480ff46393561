/**
 * Which of many keywords occur in a text, found in one pass over the text
 * (Aho–Corasick): the cost is the text's length plus the keywords' total
 * length, however many keywords there are, where testing each keyword on its
 * own costs the text's length each time.
 * @module
 */

/** The keywords of `keywords` that occur in `text` (substring, case-sensitive). */
export function keywordsIn(text: string, keywords: Iterable<string>): Set<string> {
  // Node 0 is the root; `next[n]` maps a UTF-16 code unit to a node.
  const next: Map<number, number>[] = [new Map()];
  const ends: (string | undefined)[] = [undefined];
  for (const keyword of keywords) {
    if (keyword === "") continue;
    let node = 0;
    for (let i = 0; i < keyword.length; i++) {
      const unit = keyword.charCodeAt(i);
      let child = next[node]!.get(unit);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        ends.push(undefined);
        next[node]!.set(unit, child);
      }
      node = child;
    }
    ends[node] = keyword;
  }
  // Failure links (longest proper suffix that is a node) and output links (nearest such suffix ending a keyword), breadth first.
  const fail = new Int32Array(next.length);
  const output = new Int32Array(next.length).fill(-1);
  const queue: number[] = [];
  for (const child of next[0]!.values()) queue.push(child);
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const [unit, child] of next[node]!) {
      let f = fail[node]!;
      while (f !== 0 && !next[f]!.has(unit)) f = fail[f]!;
      const target = next[f]!.get(unit);
      fail[child] = target !== undefined && target !== child ? target : 0;
      output[child] = ends[fail[child]!] !== undefined ? fail[child]! : output[fail[child]!]!;
      queue.push(child);
    }
  }
  const found = new Set<string>();
  // A node whose keywords were all collected once needs no second walk.
  const collected = new Uint8Array(next.length);
  let node = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let child = next[node]!.get(unit);
    while (child === undefined && node !== 0) {
      node = fail[node]!;
      child = next[node]!.get(unit);
    }
    node = child ?? 0;
    for (let hit = ends[node] !== undefined ? node : output[node]!; hit > 0 && collected[hit] === 0; hit = output[hit]!) {
      collected[hit] = 1;
      found.add(ends[hit]!);
    }
  }
  return found;
}
