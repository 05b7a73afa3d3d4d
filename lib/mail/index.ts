import "server-only";

export { sendMail, sendMailAfterResponse, flushMail, type SendResult } from "./send";
export {
  passwordResetCodeMail,
  emailVerificationMail,
  orderConfirmationMail,
  outForDeliveryMail,
  substitutionMail,
  partnerInvitationMail,
  staffInvitationMail,
  type OrderMailItem,
} from "./templates";
export {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  emailVerificationCodeMail,
  failedSignInsMail,
} from "./security-templates";
export { listOutbox, type OutboxEntry } from "./outbox";
export { deliverQueuedMail } from "./deliver";
export type { MailMessage } from "./types";
