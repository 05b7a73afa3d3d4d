// Typed failures (DESIGN.md rule 4): domain functions throw AppError; one map turns codes into HTTP statuses.

export type ErrorCode =
  | "VALIDATION"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "EMAIL_UNVERIFIED"
  | "NOT_FOUND"
  | "CONFLICT"
  | "OUT_OF_STOCK"
  | "PRICE_CHANGED"
  | "TOO_LARGE"
  | "RATE_LIMITED"
  | "UNAVAILABLE"
  | "INTERNAL";

export const STATUS_OF: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  // a cash order before the account's e-mail is verified (REQUIRE_VERIFIED_EMAIL): a 403 the checkout can act on
  EMAIL_UNVERIFIED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  PRICE_CHANGED: 409,
  TOO_LARGE: 413,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fieldErrors?: Record<string, string[]>;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message: string,
    extra: { fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  get status(): number {
    return STATUS_OF[this.code];
  }
}

/** What a caller is told when something unexpected failed on the server; the details go to the log only. */
export const GENERIC_FAILURE_MESSAGE = "Something went wrong on our side; please try again.";

/** What a caller is told while the database cannot be reached (503): nothing they sent was wrong. */
export const UNAVAILABLE_MESSAGE = "The shop is briefly unavailable; please try again in a moment.";

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;
