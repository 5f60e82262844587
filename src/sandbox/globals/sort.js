// Array.prototype.sort and toSorted with a comparison function, as V8 (Node 20) sorts: TimSort,
// the algorithm of CPython's listsort that V8 runs, step for step, so that a comparator that is
// not consistent (`(a, b) => a > b`, a common mistake, or one that always answers -1) leaves the
// same order as on Node, and a comparator is called on the same pairs in the same order. The
// engine's own sort orders those differently: a student's wrong comparator passed in the sandbox
// and failed on their own Node. Without a comparison function any stable sort gives V8's order,
// so the engine's stays. Written from the algorithm's description (listsort.txt), not V8's code.
(function (host, lib) {
  "use strict";
  const MIN_GALLOP = 7;
  const nativeSort = Array.prototype.sort;
  const nativeToSorted = Array.prototype.toSorted;
  const toLength = (v) => { const n = Math.trunc(Number(v)) || 0; return n <= 0 ? 0 : Math.min(n, Number.MAX_SAFE_INTEGER); };
  const notComparator = () => new TypeError("The comparison function must be either a function or undefined");

  function timSort(a, compareFn) {
    const compare = (x, y) => { const v = Number(compareFn(x, y)); return v !== v ? 0 : v; };
    const runBase = [], runLength = [];
    let minGallop = MIN_GALLOP;

    function gallopLeft(array, key, base, length, hint) {
      let lastOfs = 0, offset = 1;
      if (compare(array[base + hint], key) < 0) {
        const maxOfs = length - hint;
        while (offset < maxOfs) {
          if (compare(array[base + hint + offset], key) >= 0) break;
          lastOfs = offset;
          offset = offset * 2 + 1;
        }
        if (offset > maxOfs) offset = maxOfs;
        lastOfs += hint; offset += hint;
      } else {
        const maxOfs = hint + 1;
        while (offset < maxOfs) {
          if (compare(array[base + hint - offset], key) < 0) break;
          lastOfs = offset;
          offset = offset * 2 + 1;
        }
        if (offset > maxOfs) offset = maxOfs;
        const tmp = lastOfs;
        lastOfs = hint - offset;
        offset = hint - tmp;
      }
      lastOfs++;
      while (lastOfs < offset) {
        const m = lastOfs + ((offset - lastOfs) >> 1);
        if (compare(array[base + m], key) < 0) lastOfs = m + 1;
        else offset = m;
      }
      return offset;
    }

    function gallopRight(array, key, base, length, hint) {
      let lastOfs = 0, offset = 1;
      if (compare(key, array[base + hint]) < 0) {
        const maxOfs = hint + 1;
        while (offset < maxOfs) {
          if (compare(key, array[base + hint - offset]) >= 0) break;
          lastOfs = offset;
          offset = offset * 2 + 1;
        }
        if (offset > maxOfs) offset = maxOfs;
        const tmp = lastOfs;
        lastOfs = hint - offset;
        offset = hint - tmp;
      } else {
        const maxOfs = length - hint;
        while (offset < maxOfs) {
          if (compare(key, array[base + hint + offset]) < 0) break;
          lastOfs = offset;
          offset = offset * 2 + 1;
        }
        if (offset > maxOfs) offset = maxOfs;
        lastOfs += hint; offset += hint;
      }
      lastOfs++;
      while (lastOfs < offset) {
        const m = lastOfs + ((offset - lastOfs) >> 1);
        if (compare(key, array[base + m]) < 0) offset = m;
        else lastOfs = m + 1;
      }
      return offset;
    }

    function binaryInsertionSort(low, startArg, high) {
      for (let start = low === startArg ? startArg + 1 : startArg; start < high; ++start) {
        let left = low, right = start;
        const pivot = a[start];
        while (left < right) {
          const mid = left + ((right - left) >> 1);
          if (compare(pivot, a[mid]) < 0) right = mid;
          else left = mid + 1;
        }
        for (let p = start; p > left; --p) a[p] = a[p - 1];
        a[left] = pivot;
      }
    }

    function countAndMakeRun(lowArg, high) {
      const low = lowArg + 1;
      if (low === high) return 1;
      let length = 2;
      let previous = a[low];
      const descending = compare(previous, a[low - 1]) < 0;
      for (let i = low + 1; i < high; ++i) {
        const current = a[i];
        const order = compare(current, previous);
        if (descending ? order >= 0 : order < 0) break;
        previous = current;
        ++length;
      }
      if (descending) {
        for (let lo = lowArg, hi = lowArg + length - 1; lo < hi; lo++, hi--) { const t = a[lo]; a[lo] = a[hi]; a[hi] = t; }
      }
      return length;
    }

    function mergeLow(baseA, lengthAArg, baseB, lengthBArg) {
      let lengthA = lengthAArg, lengthB = lengthBArg;
      const temp = a.slice(baseA, baseA + lengthA);
      let dest = baseA, cursorTemp = 0, cursorB = baseB;
      a[dest++] = a[cursorB++];
      let copyB = false;
      done: {
        if (--lengthB === 0) break done;
        if (lengthA === 1) { copyB = true; break done; }
        for (;;) {
          let winsA = 0, winsB = 0;
          for (;;) {
            if (compare(a[cursorB], temp[cursorTemp]) < 0) {
              a[dest++] = a[cursorB++];
              ++winsB; --lengthB; winsA = 0;
              if (lengthB === 0) break done;
              if (winsB >= minGallop) break;
            } else {
              a[dest++] = temp[cursorTemp++];
              ++winsA; --lengthA; winsB = 0;
              if (lengthA === 1) { copyB = true; break done; }
              if (winsA >= minGallop) break;
            }
          }
          ++minGallop;
          let first = true;
          while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
            first = false;
            minGallop = Math.max(1, minGallop - 1);
            winsA = gallopRight(temp, a[cursorB], cursorTemp, lengthA, 0);
            if (winsA > 0) {
              for (let i = 0; i < winsA; i++) a[dest + i] = temp[cursorTemp + i];
              dest += winsA; cursorTemp += winsA; lengthA -= winsA;
              if (lengthA === 1) { copyB = true; break done; }
              // Impossible for a consistent comparison function, which this one need not be.
              if (lengthA === 0) break done;
            }
            a[dest++] = a[cursorB++];
            if (--lengthB === 0) break done;
            winsB = gallopLeft(a, temp[cursorTemp], cursorB, lengthB, 0);
            if (winsB > 0) {
              for (let i = 0; i < winsB; i++) a[dest + i] = a[cursorB + i];
              dest += winsB; cursorB += winsB; lengthB -= winsB;
              if (lengthB === 0) break done;
            }
            a[dest++] = temp[cursorTemp++];
            if (--lengthA === 1) { copyB = true; break done; }
          }
          ++minGallop;
        }
      }
      if (copyB) {
        for (let i = 0; i < lengthB; i++) a[dest + i] = a[cursorB + i];
        a[dest + lengthB] = temp[cursorTemp];
      } else if (lengthA > 0) {
        for (let i = 0; i < lengthA; i++) a[dest + i] = temp[cursorTemp + i];
      }
    }

    function mergeHigh(baseA, lengthAArg, baseB, lengthBArg) {
      let lengthA = lengthAArg, lengthB = lengthBArg;
      const temp = a.slice(baseB, baseB + lengthB);
      let dest = baseB + lengthB - 1, cursorTemp = lengthB - 1, cursorA = baseA + lengthA - 1;
      a[dest--] = a[cursorA--];
      let copyA = false;
      done: {
        if (--lengthA === 0) break done;
        if (lengthB === 1) { copyA = true; break done; }
        for (;;) {
          let winsA = 0, winsB = 0;
          for (;;) {
            if (compare(temp[cursorTemp], a[cursorA]) < 0) {
              a[dest--] = a[cursorA--];
              ++winsA; --lengthA; winsB = 0;
              if (lengthA === 0) break done;
              if (winsA >= minGallop) break;
            } else {
              a[dest--] = temp[cursorTemp--];
              ++winsB; --lengthB; winsA = 0;
              if (lengthB === 1) { copyA = true; break done; }
              if (winsB >= minGallop) break;
            }
          }
          ++minGallop;
          let first = true;
          while (winsA >= MIN_GALLOP || winsB >= MIN_GALLOP || first) {
            first = false;
            minGallop = Math.max(1, minGallop - 1);
            winsA = lengthA - gallopRight(a, temp[cursorTemp], baseA, lengthA, lengthA - 1);
            if (winsA > 0) {
              dest -= winsA; cursorA -= winsA;
              for (let i = winsA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
              lengthA -= winsA;
              if (lengthA === 0) break done;
            }
            a[dest--] = temp[cursorTemp--];
            if (--lengthB === 1) { copyA = true; break done; }
            winsB = lengthB - gallopLeft(temp, a[cursorA], 0, lengthB, lengthB - 1);
            if (winsB > 0) {
              dest -= winsB; cursorTemp -= winsB;
              for (let i = 0; i < winsB; i++) a[dest + 1 + i] = temp[cursorTemp + 1 + i];
              lengthB -= winsB;
              if (lengthB === 1) { copyA = true; break done; }
              // Impossible for a consistent comparison function, which this one need not be.
              if (lengthB === 0) break done;
            }
            a[dest--] = a[cursorA--];
            if (--lengthA === 0) break done;
          }
          ++minGallop;
        }
      }
      if (copyA) {
        dest -= lengthA; cursorA -= lengthA;
        for (let i = lengthA - 1; i >= 0; i--) a[dest + 1 + i] = a[cursorA + 1 + i];
        a[dest] = temp[cursorTemp];
      } else if (lengthB > 0) {
        for (let i = 0; i < lengthB; i++) a[dest - (lengthB - 1) + i] = temp[i];
      }
    }

    function mergeAt(i) {
      let baseA = runBase[i], lengthA = runLength[i];
      const baseB = runBase[i + 1];
      let lengthB = runLength[i + 1];
      runLength[i] = lengthA + lengthB;
      if (i === runBase.length - 3) { runBase[i + 1] = runBase[i + 2]; runLength[i + 1] = runLength[i + 2]; }
      runBase.length--; runLength.length--;
      const k = gallopRight(a, a[baseB], baseA, lengthA, 0);
      baseA += k; lengthA -= k;
      if (lengthA === 0) return;
      lengthB = gallopLeft(a, a[baseA + lengthA - 1], baseB, lengthB, lengthB - 1);
      if (lengthB === 0) return;
      if (lengthA <= lengthB) mergeLow(baseA, lengthA, baseB, lengthB);
      else mergeHigh(baseA, lengthA, baseB, lengthB);
    }
    // length(n - 2) > length(n - 1) + length(n)
    const invariant = (n) => n < 2 || runLength[n - 2] > runLength[n - 1] + runLength[n];

    const length = a.length;
    if (length < 2) return;
    let minRun = length, r = 0;
    while (minRun >= 64) { r |= minRun & 1; minRun >>= 1; }
    minRun += r;
    let low = 0, remaining = length;
    while (remaining !== 0) {
      let run = countAndMakeRun(low, low + remaining);
      if (run < minRun) {
        const forced = Math.min(minRun, remaining);
        binaryInsertionSort(low, low + run, low + forced);
        run = forced;
      }
      runBase.push(low); runLength.push(run);
      while (runBase.length > 1) {
        let n = runBase.length - 2;
        if (!invariant(n + 1) || !invariant(n)) {
          if (runLength[n - 1] < runLength[n + 1]) --n;
          mergeAt(n);
        } else if (runLength[n] <= runLength[n + 1]) mergeAt(n);
        else break;
      }
      low += run; remaining -= run;
    }
    while (runBase.length > 1) {
      let n = runBase.length - 2;
      if (n > 0 && runLength[n - 1] < runLength[n + 1]) --n;
      mergeAt(n);
    }
  }

  /** The receiver's values without holes, undefined ones counted apart, as V8 reads them before sorting. */
  function sorted(values, compareFn) {
    const work = [];
    let undefineds = 0;
    for (const v of values) if (v === undefined) undefineds++; else work.push(v);
    timSort(work, compareFn);
    for (let i = 0; i < undefineds; i++) work.push(undefined);
    return work;
  }

  const methods = {
    sort(compareFn) {
      if (compareFn === undefined) return Reflect.apply(nativeSort, this, []);
      if (typeof compareFn !== "function") throw notComparator();
      const o = Object(this);
      const length = toLength(o.length);
      const present = [];
      for (let i = 0; i < length; i++) if (i in o) present.push(o[i]);
      const work = sorted(present, compareFn);
      let i = 0;
      for (; i < work.length; i++) o[i] = work[i];
      for (; i < length; i++) if (i in o) delete o[i];
      return o;
    },
    toSorted(compareFn) {
      if (compareFn !== undefined && typeof compareFn !== "function") throw notComparator();
      if (compareFn === undefined) return Reflect.apply(nativeToSorted, this, []);
      const o = Object(this);
      const length = toLength(o.length);
      const all = [];
      for (let i = 0; i < length; i++) all.push(o[i]);
      return sorted(all, compareFn);
    },
  };
  for (const name of ["sort", "toSorted"]) {
    Object.defineProperty(methods[name], "length", { __proto__: null, value: 1, configurable: true });
    lib.define(name, methods[name], Array.prototype);
  }
  lib.timSort = timSort;
});
