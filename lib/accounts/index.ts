import "server-only";

// Accounts: one function per business action (DESIGN.md rule 1); server actions and /api/user/* call these.
export { authenticate, loginWithTokens, INVALID_LOGIN, type AuthenticatedUser } from "./login";
export { registerUser } from "./register";
export { getUserDetails, type UserDetails } from "./user-details";
export { updateProfile, setAvatar, type ProfileUpdate } from "./profile";
export {
  requestPasswordReset,
  verifyResetCode,
  resetPassword,
  hasLiveResetGrant,
  FORGOT_PASSWORD_MESSAGE,
} from "./password-reset";
export { changePassword } from "./password-change";
export { logout, logoutEverywhere, deleteAccount } from "./account";
export {
  verifyEmailToken,
  sendEmailVerificationCode,
  verifyEmailCode,
  VERIFY_CODE_MINUTES,
} from "./email-verification";
export { undoEmailChange, EMAIL_CHANGE_SENT, type EmailLinkOutcome } from "./email-change";
