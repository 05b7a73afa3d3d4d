import { describe, expect, it } from "vitest";
import {
  anyOfQuery,
  editDistance,
  hasWordWithPrefix,
  MAX_TERMS,
  normalizeSearchText,
  planSearch,
  prefixQuery,
  suggestCorrections,
  tokenize,
  type Vocabulary,
} from "@/lib/catalog/search-terms";

const vocabulary = (words: Record<string, number>): Vocabulary =>
  Object.entries(words)
    .map(([word, ndoc]) => ({ word, ndoc }))
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));

// Words of a grocery catalogue, with near neighbours that trigram similarity would prefer.
const shop = vocabulary({
  paneer: 40,
  banner: 1,
  atta: 30,
  tata: 2,
  data: 1,
  bread: 50,
  bed: 1,
  red: 3,
  brew: 4,
  chocolate: 90,
  choco: 5,
  milk: 120,
  mills: 3,
  millet: 6,
  amul: 10,
  eggs: 20,
  rice: 25,
  price: 1,
  sugar: 15,
  curd: 12,
  dal: 14,
  chips: 33,
});

describe("normalizeSearchText and tokenize", () => {
  it("trims, normalises and caps the text at 100 characters", () => {
    expect(normalizeSearchText("  Milk \n")).toBe("Milk");
    expect(normalizeSearchText("ｍｉｌｋ")).toBe("milk"); // full-width letters (NFKC)
    expect(normalizeSearchText("a".repeat(150))).toHaveLength(100);
  });

  it("splits on anything but letters and digits, lower-cases and drops repeats", () => {
    expect(tokenize("Amul  MILK, 500ml & amul")).toEqual(["amul", "milk", "500ml"]);
    expect(tokenize("low-fat paneer")).toEqual(["low", "fat", "paneer"]);
  });

  it("keeps no operators or quotes, so a term cannot change the tsquery", () => {
    expect(tokenize(`milk' | !bread:* & (x) <-> "y"`)).toEqual(["milk", "bread"]);
    expect(tokenize("'; DROP TABLE \"Product\"; --")).toEqual(["drop", "table", "product"]);
  });

  it("drops one-letter words unless nothing else was typed, then keeps the first", () => {
    expect(tokenize("haldiram's bhujia")).toEqual(["haldiram", "bhujia"]);
    expect(tokenize("a")).toEqual(["a"]);
    expect(tokenize("a e i o")).toEqual(["a"]);
  });

  it("reads at most six words, each at most 40 characters", () => {
    expect(tokenize("one two three four five six seven eight")).toHaveLength(MAX_TERMS);
    expect(tokenize("x".repeat(90))[0]).toHaveLength(40);
  });

  it("gives nothing for empty or symbol-only text", () => {
    expect(tokenize("")).toEqual([]);
    expect(tokenize("   ")).toEqual([]);
    expect(tokenize("!!! ??? ---")).toEqual([]);
  });

  it("keeps Devanagari words whole (combining vowel signs are part of the word)", () => {
    expect(tokenize("दूध ब्रेड")).toEqual(["दूध", "ब्रेड"]);
  });
});

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and adjacent swaps as one edit", () => {
    expect(editDistance("bred", "bread")).toBe(1);
    expect(editDistance("bread", "bred")).toBe(1);
    expect(editDistance("panner", "paneer")).toBe(1);
    expect(editDistance("choclate", "chocolate")).toBe(1);
    expect(editDistance("mikl", "milk")).toBe(1);
    expect(editDistance("milk", "milk")).toBe(0);
    expect(editDistance("", "abc")).toBe(3);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("stops early once past the limit", () => {
    expect(editDistance("paneer", "chocolate", 2)).toBe(3);
    expect(editDistance("a", "abcdef", 1)).toBe(2);
  });
});

describe("hasWordWithPrefix", () => {
  it("finds a word by its beginning", () => {
    expect(hasWordWithPrefix(shop, "mil")).toBe(true);
    expect(hasWordWithPrefix(shop, "milk")).toBe(true);
    expect(hasWordWithPrefix(shop, "choc")).toBe(true);
    expect(hasWordWithPrefix(shop, "panner")).toBe(false);
    expect(hasWordWithPrefix(shop, "zzz")).toBe(false);
    expect(hasWordWithPrefix([], "a")).toBe(false);
  });
});

describe("suggestCorrections", () => {
  it("prefers the word sharing the typed beginning over equally distant ones", () => {
    expect(suggestCorrections("panner", shop)).toEqual(["paneer"]); // not banner
    expect(suggestCorrections("aata", shop)).toEqual(["atta"]); // not tata or data
    expect(suggestCorrections("bred", shop)).toEqual(["bread", "brew"]); // not bed or red; commonest first
    expect(suggestCorrections("choclate", shop)).toEqual(["chocolate"]);
    expect(suggestCorrections("suger", shop)).toEqual(["sugar"]);
  });

  it("allows two edits from six letters, one below", () => {
    expect(suggestCorrections("chocolet", shop)).toEqual(["chocolate"]);
    expect(suggestCorrections("brd", shop)).toEqual([]); // three letters: never corrected
    expect(suggestCorrections("braed", shop)).toEqual(["bread"]); // a swap
    expect(suggestCorrections("sgur", shop)).toEqual([]); // two edits on four letters
  });

  it("reads a misspelt beginning of a longer word", () => {
    expect(suggestCorrections("chocl", vocabulary({ chocolate: 5 }))).toEqual(["chocolate"]);
  });

  it("suggests nothing for numbers or unknown words", () => {
    expect(suggestCorrections("5000", shop)).toEqual([]);
    expect(suggestCorrections("xylophone", shop)).toEqual([]);
  });
});

describe("planSearch", () => {
  it("keeps known prefixes as they are and corrects the rest", () => {
    expect(planSearch("mil", shop)).toEqual([{ term: "mil", corrections: [], fuzzy: false }]);
    expect(planSearch("Amul panner", shop)).toEqual([
      { term: "amul", corrections: [], fuzzy: false },
      { term: "panner", corrections: ["paneer"], fuzzy: false },
    ]);
  });

  it("falls back to trigram matching for words it cannot place", () => {
    expect(planSearch("xylophone", shop)).toEqual([{ term: "xylophone", corrections: [], fuzzy: true }]);
    expect(planSearch("zq", shop)).toEqual([{ term: "zq", corrections: [], fuzzy: false }]);
  });

  it("plans nothing for an empty query", () => {
    expect(planSearch("   ", shop)).toEqual([]);
  });
});

describe("tsquery sources", () => {
  it("quotes every word", () => {
    expect(prefixQuery("milk")).toBe("'milk':*");
    expect(anyOfQuery(["paneer", "tofu"])).toBe("'paneer' | 'tofu'");
    expect(anyOfQuery(["milk"], ":*A")).toBe("'milk':*A");
  });
});
