import "server-only";
import { MAX_SEARCH_LENGTH } from "./params";

// Turning what a shopper typed into search terms (pure functions; the SQL lives in search.ts).
//
// Each word of the query is one term. A term matches full-text by prefix ("mil" finds Milk). When no word of
// any product name starts with the term it is probably misspelt, so the closest words of the catalogue's
// vocabulary by edit distance become alternatives ("panner" → paneer, "aata" → atta, "bred" → bread,
// "choclate" → chocolate). Trigram similarity alone ranks these badly (it rates "panner" nearer "banner" than
// "paneer", and "aata" nearer "tata" than "atta"), so it is kept as the last resort for terms with neither.

export const MAX_TERMS = 6;
const MAX_TERM_LENGTH = 40;
const MAX_CORRECTIONS = 3;
/** Shorter terms are too ambiguous to correct: three letters are a prefix of something, or nothing. */
const MIN_CORRECTABLE_LENGTH = 4;

export type VocabularyWord = { word: string; ndoc: number };
/** Lower-case words of published product names, sorted by `word` (code-unit order), with document counts. */
export type Vocabulary = readonly VocabularyWord[];

export type SearchTerm = {
  /** the word as typed, lower-cased */
  term: string;
  /** vocabulary words to search instead, best first; empty when the term prefixes a known word */
  corrections: string[];
  /** neither a known prefix nor a correction: try trigram similarity on names */
  fuzzy: boolean;
};

/** Trimmed, Unicode-normalised and cut to MAX_SEARCH_LENGTH characters. */
export function normalizeSearchText(q: string): string {
  return Array.from(q.normalize("NFKC").trim()).slice(0, MAX_SEARCH_LENGTH).join("").trim();
}

/**
 * Distinct lower-case words (letters, marks, digits). One-letter words are dropped, unless nothing else was
 * typed: then the first one alone is kept (each one-letter prefix matches a large part of the catalogue).
 */
export function tokenize(q: string): string[] {
  const words = normalizeSearchText(q)
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => Array.from(w).slice(0, MAX_TERM_LENGTH).join(""));
  const unique = [...new Set(words)];
  const long = unique.filter((w) => Array.from(w).length > 1);
  return (long.length ? long : unique.slice(0, 1)).slice(0, MAX_TERMS);
}

/** Optimal string alignment distance (Levenshtein plus adjacent swaps), or max + 1 once it exceeds max. */
export function editDistance(a: string, b: string, max = Number.MAX_SAFE_INTEGER): number {
  if (a === b) return 0;
  return osaDistance(Array.from(a), Array.from(b), max);
}

/** editDistance on code points already split, against the first `n` of `t` (all by default). */
function osaDistance(s: readonly string[], t: readonly string[], max: number, n = t.length): number {
  if (Math.abs(s.length - n) > max) return max + 1;
  // three rows of the dynamic programme (two back for the swap), as typed arrays: this runs for every
  // vocabulary word a misspelt term is compared with
  let prev2 = new Int32Array(n + 1);
  let prev = new Int32Array(n + 1);
  let cur = new Int32Array(n + 1);
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/**
 * Each vocabulary word split into code points, once per vocabulary (it is reloaded at most once a minute):
 * splitting every word for every misspelt term cost more than comparing them (~4 ms a term at 3,400 words).
 */
const splitWords = new WeakMap<Vocabulary, string[][]>();
function codePointsOf(vocabulary: Vocabulary): string[][] {
  let split = splitWords.get(vocabulary);
  if (!split) {
    split = vocabulary.map((v) => Array.from(v.word));
    splitWords.set(vocabulary, split);
  }
  return split;
}

/** True when some vocabulary word starts with `prefix` (binary search on the sorted list). */
export function hasWordWithPrefix(vocabulary: Vocabulary, prefix: string): boolean {
  let lo = 0;
  let hi = vocabulary.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (vocabulary[mid]!.word < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo < vocabulary.length && vocabulary[lo]!.word.startsWith(prefix);
}

function commonPrefixLength(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * The vocabulary words a misspelt term most likely meant. Up to 1 edit for 4–5 letters, 2 from 6; a term of
 * 5+ letters may also be a misspelt beginning of a longer word ("chocl" → chocolate). Among equally distant
 * words those with the same first letter win (typos rarely hit it: "panner" → paneer, not banner), then the
 * words more products use ("aata" → atta, not a one-off "aaa"), then the longest shared beginning.
 */
export function suggestCorrections(term: string, vocabulary: Vocabulary): string[] {
  const length = Array.from(term).length;
  if (length < MIN_CORRECTABLE_LENGTH || !/\p{L}/u.test(term)) return [];
  const maxEdits = length <= 5 ? 1 : 2;
  type Candidate = {
    word: string;
    distance: number;
    partial: number;
    sameFirst: number;
    shared: number;
    ndoc: number;
  };
  const candidates: Candidate[] = [];
  const termPoints = Array.from(term);
  const wordPoints = codePointsOf(vocabulary);
  vocabulary.forEach(({ word, ndoc }, index) => {
    if (word === term || word.length < 3) return;
    const points = wordPoints[index]!;
    let distance = osaDistance(termPoints, points, maxEdits);
    let partial = 0;
    if (distance > maxEdits && length >= 5 && word.length > length) {
      // a misspelt prefix: compare with the word's beginning of the same length, allowing one edit
      // (the beginning is cut in UTF-16 units, as word.slice does; code points only when they are the same)
      const head = (n: number) =>
        points.length === word.length
          ? osaDistance(termPoints, points, 1, Math.min(n, points.length))
          : osaDistance(termPoints, Array.from(word.slice(0, n)), 1);
      const d = Math.min(head(length), head(length + 1));
      if (d <= 1) {
        distance = d;
        partial = 1;
      }
    }
    if (distance > maxEdits) return;
    const shared = commonPrefixLength(term, word);
    candidates.push({ word, distance, partial, sameFirst: shared > 0 ? 1 : 0, shared, ndoc });
  });
  candidates.sort(
    (a, b) =>
      a.distance - b.distance ||
      a.partial - b.partial ||
      b.sameFirst - a.sameFirst ||
      b.ndoc - a.ndoc ||
      b.shared - a.shared ||
      (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
  );
  const best = candidates[0];
  if (!best) return [];
  return candidates
    .filter(
      (c) =>
        c.distance === best.distance &&
        c.partial === best.partial &&
        c.sameFirst === best.sameFirst &&
        c.shared >= best.shared,
    )
    .slice(0, MAX_CORRECTIONS)
    .map((c) => c.word);
}

/** The terms of a query with their corrections; [] when nothing searchable was typed. */
export function planSearch(q: string, vocabulary: Vocabulary): SearchTerm[] {
  return tokenize(q).map((term) => {
    if (hasWordWithPrefix(vocabulary, term)) return { term, corrections: [], fuzzy: false };
    const corrections = suggestCorrections(term, vocabulary);
    return { term, corrections, fuzzy: corrections.length === 0 && Array.from(term).length >= 3 };
  });
}

/** A tsquery source for one word: quoted, so nothing in it is read as an operator. */
export const prefixQuery = (word: string) => `'${word}':*`;
/** `'a'<suffix> | 'b'<suffix>`; the suffix adds prefix matching (`:*`) and/or a weight (`:A`, `:*A`). */
export const anyOfQuery = (words: string[], suffix = "") => words.map((w) => `'${w}'${suffix}`).join(" | ");
