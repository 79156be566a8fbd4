// Whether a set of entrants can still be paired off when only some pairs may meet (a general graph, so
// Edmonds' blossom algorithm). Swiss asks it before each choice, so its top-down pairing never walks into a
// dead end and never needs an exponential backtrack to find out.

export interface PerfectMatching {
  /** Whether i and j may meet at all (the adjacency it was built from, asked once per pair). */
  allows(i: number, j: number): boolean;
  /** Pairs i with j if everyone else left can still be paired; otherwise changes nothing and says false. */
  fix(i: number, j: number): boolean;
}

/** A perfect matching over 0..size-1 where adjacent(i, j) allows i and j to meet, or null if none exists. */
export function perfectMatching(
  size: number,
  adjacent: (i: number, j: number) => boolean,
): PerfectMatching | null {
  const edges = new Uint8Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      if (adjacent(i, j)) {
        edges[i * size + j] = 1;
        edges[j * size + i] = 1;
      }
    }
  }
  const alive = new Uint8Array(size).fill(1);
  const mate = new Int32Array(size).fill(-1);
  // A greedy start leaves few vertices for the slower augmenting search.
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size && mate[i] === -1; j++) {
      if (mate[j] === -1 && edges[i * size + j]) {
        mate[i] = j;
        mate[j] = i;
      }
    }
  }
  for (let i = 0; i < size; i++) {
    if (mate[i] === -1 && !augment(i, size, edges, alive, mate)) return null;
  }
  return {
    allows: (i, j) => edges[i * size + j] === 1,
    fix(i, j) {
      const before = mate.slice();
      const u = mate[i] as number;
      const v = mate[j] as number;
      alive[i] = 0;
      alive[j] = 0;
      if (u === j) return true;
      // Their old partners meeting each other keeps the matching whole: in a Swiss most may still meet.
      if (edges[u * size + v]) {
        mate[u] = v;
        mate[v] = u;
        return true;
      }
      mate[u] = -1;
      mate[v] = -1;
      // u and v are the only unmatched vertices left: an augmenting path from u is one that ends at v.
      if (augment(u, size, edges, alive, mate)) return true;
      mate.set(before);
      alive[i] = 1;
      alive[j] = 1;
      return false;
    },
  };
}

/** Edmonds' search for an augmenting path from the unmatched vertex root; applies it if found. */
function augment(
  root: number,
  size: number,
  edges: Uint8Array,
  alive: Uint8Array,
  mate: Int32Array,
): boolean {
  const parent = new Int32Array(size).fill(-1);
  const base = new Int32Array(size);
  for (let i = 0; i < size; i++) base[i] = i;
  const queued = new Uint8Array(size);
  const queue = [root];
  queued[root] = 1;
  const at = (array: Int32Array, i: number): number => array[i] as number;

  const commonBase = (a: number, b: number): number => {
    const seen = new Uint8Array(size);
    for (let x = a; ; x = at(parent, at(mate, x))) {
      x = at(base, x);
      seen[x] = 1;
      if (at(mate, x) === -1) break;
    }
    for (let y = b; ; y = at(parent, at(mate, y))) {
      y = at(base, y);
      if (seen[y]) return y;
    }
  };

  const markPath = (inBlossom: Uint8Array, from: number, blossomBase: number, child: number): void => {
    for (let v = from, c = child; at(base, v) !== blossomBase; ) {
      inBlossom[at(base, v)] = 1;
      inBlossom[at(base, at(mate, v))] = 1;
      parent[v] = c;
      c = at(mate, v);
      v = at(parent, at(mate, v));
    }
  };

  /** Flips the path that ends at the unmatched vertex `to`, reached from `v`. */
  const flip = (v: number, to: number): true => {
    parent[to] = v;
    for (let u = to; u !== -1; ) {
      const p = at(parent, u);
      const next = at(mate, p);
      mate[u] = p;
      mate[p] = u;
      u = next;
    }
    return true;
  };

  for (let head = 0; head < queue.length; head++) {
    const v = queue[head] as number;
    // An unmatched neighbour ends the search at once. Edmonds' search may take the edges in any order, and
    // taking these first spares a dense graph (a Swiss, where most may still meet) shrinking blossom after
    // blossom on the way to the one vertex it is looking for.
    for (let to = 0; to < size; to++) {
      if (
        to !== root &&
        alive[to] &&
        at(mate, to) === -1 &&
        edges[v * size + to] &&
        at(base, v) !== at(base, to)
      )
        return flip(v, to);
    }
    for (let to = 0; to < size; to++) {
      if (!alive[to] || !edges[v * size + to] || at(base, v) === at(base, to) || at(mate, v) === to) continue;
      if (to === root || (at(mate, to) !== -1 && at(parent, at(mate, to)) !== -1)) {
        // An odd cycle: shrink it into its base and keep searching from every vertex in it.
        const blossomBase = commonBase(v, to);
        const inBlossom = new Uint8Array(size);
        markPath(inBlossom, v, blossomBase, to);
        markPath(inBlossom, to, blossomBase, v);
        for (let i = 0; i < size; i++) {
          if (!inBlossom[at(base, i)]) continue;
          base[i] = blossomBase;
          if (!queued[i]) {
            queued[i] = 1;
            queue.push(i);
          }
        }
      } else if (at(parent, to) === -1) {
        if (at(mate, to) === -1) return flip(v, to);
        parent[to] = v;
        queued[at(mate, to)] = 1;
        queue.push(at(mate, to));
      }
    }
  }
  return false;
}
