// What an admin server action answers (never a thrown error, whose message Next hides in production).
// Type-only module: client components import it to read the result.

export type ActionResult<T> =
  | { success: true; message: string; data: T }
  | { success: false; message: string; status: number; fieldErrors?: Record<string, string[]> };
