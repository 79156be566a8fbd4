// A map that forgets its least recently used entries once their weights add up past a bound (a Map keeps
// insertion order, so a read moves its entry to the end and the oldest is always first).
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>();
  readonly #maxWeight: number;
  readonly #weigh: (value: V) => number;
  readonly #onEvict: (key: K, value: V) => void;
  #weight = 0;

  /** `onEvict` hears each entry the bound pushes out (not one deleted or replaced): a file to remove, say. */
  constructor(options: {
    maxWeight: number;
    weigh: (value: V) => number;
    onEvict?: (key: K, value: V) => void;
  }) {
    this.#maxWeight = options.maxWeight;
    this.#weigh = options.weigh;
    this.#onEvict = options.onEvict ?? (() => {});
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The total weight held now (never above the bound). */
  get weight(): number {
    return this.#weight;
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** An entry heavier than the whole bound is not kept; whether it was kept. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const weight = this.#weigh(value);
    if (weight > this.#maxWeight) return false;
    this.#entries.set(key, { value, weight });
    this.#weight += weight;
    for (const [oldest, entry] of this.#entries) {
      if (this.#weight <= this.#maxWeight) break;
      this.#entries.delete(oldest);
      this.#weight -= entry.weight;
      this.#onEvict(oldest, entry.value);
    }
    return true;
  }

  /** The entries, least recently used first, without counting as a use. */
  values(): V[] {
    return [...this.#entries.values()].map((entry) => entry.value);
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
