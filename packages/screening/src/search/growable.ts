/** Append-only Int32Array with amortised growth. */
export class IntList {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(Math.max(16, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  get(i: number): number {
    return this.data[i] as number;
  }
  /** A list over values as they are (no copy; a push past their end moves the list to new memory). */
  static wrap(values: Int32Array): IntList {
    const l = new IntList(0);
    l.data = values;
    l.length = values.length;
    return l;
  }
  set(i: number, v: number): void {
    this.data[i] = v;
  }
}

/** Growable Uint8Array used as flags. */
export class ByteList {
  data: Uint8Array;
  length = 0;
  constructor(capacity = 1024) {
    this.data = new Uint8Array(capacity);
  }
  /** A list over values as they are (no copy; a push past their end moves the list to new memory). */
  static wrap(values: Uint8Array): ByteList {
    const l = new ByteList(0);
    l.data = values;
    l.length = values.length;
    return l;
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint8Array(Math.max(16, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
}

/** 32-bit FNV-1a hash of a string. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Map from a key to a small set of ids, storing a bare number when there is only one. */
export class MultiMap<K> {
  private map = new Map<K, number | number[]>();
  add(k: K, v: number): void {
    const cur = this.map.get(k);
    if (cur === undefined) this.map.set(k, v);
    else if (typeof cur === 'number') {
      if (cur !== v) this.map.set(k, [cur, v]);
    } else if (cur[cur.length - 1] !== v) cur.push(v);
  }
  forEach(k: K, fn: (v: number) => void): void {
    const cur = this.map.get(k);
    if (cur === undefined) return;
    if (typeof cur === 'number') fn(cur);
    else for (const v of cur) fn(v);
  }
}
