// Spec §2 Search bar and §9: prompts, typing speed 50 ms per character, 1000 ms pause, repeating forever.
export const SEARCH_PROMPTS = [
  'Search "milk"',
  'Search "bread"',
  'Search "sugar"',
  'Search "panner"',
  'Search "chocolate"',
  'Search "curd"',
  'Search "rice"',
  'Search "egg"',
  'Search "chips"',
] as const;

export const TYPING_MS_PER_CHAR = 50;
export const PROMPT_PAUSE_MS = 1000;
export const SEARCH_PLACEHOLDER = "Search for atta dal and more.";
