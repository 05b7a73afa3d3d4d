// What the outbox page may show of a mail outside development: a copy that proves the mail went out without handing
// its reader the account (security finding #13). Six-digit codes and the secret part of links are masked.

const CODE = /\b\d{6}\b/g;
const SECRET_PARAM = /([?&](?:token|code|otp|grant)=)[^&\s"'<>]+/gi;
// a partner's and a store staff member's invitation carry the token in the path (/partner/invite/<token>, issue 17;
// /store/invite/<token>, issue 16)
const SECRET_PATH = /(\/(?:partner|store)\/invite\/)[^/?#\s"'<>]+/gi;

/** The mail's text with reset codes and link tokens masked. */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_PARAM, "$1[hidden]").replace(SECRET_PATH, "$1[hidden]").replace(CODE, "••••••");
}
