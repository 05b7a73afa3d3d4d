import "@/lib/zod-browser";
import { z } from "zod";
import { mobileField } from "@/lib/phone";

// Input rules of the account screens and the /api/user/* calls, shared by the forms, the route handlers and the
// domain functions. No `server-only`: client forms validate with the same schemas before they submit.

export const PASSWORD_MISMATCH = "password and confirm password must be same";
export const NEW_PASSWORD_MISMATCH = "New password and confirm password must be same.";
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const text = (required: string) => z.string({ error: required }).trim().min(1, required);

export const emailField = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

export const newPasswordField = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** For checking an existing password: any non-empty string (old rules must not lock anyone out). */
const passwordField = z.string({ error: "Password is required" }).min(1, "Password is required").max(1024);

export const nameField = text("Name is required").pipe(
  z.string().max(80, "Name must be at most 80 characters"),
);

export const registerSchema = z
  .object({
    name: nameField,
    email: emailField,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: "Confirm password is required" })
      .min(1, "Confirm password is required"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: PASSWORD_MISMATCH, path: ["confirmPassword"] });

export const loginSchema = z.object({ email: emailField, password: passwordField });

export const forgotPasswordSchema = z.object({ email: emailField });

export const otpField = z
  .string({ error: "Enter the 6-digit code" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code");

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });

export const resetPasswordSchema = z
  .object({
    email: emailField,
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: "Confirm password is required" })
      .min(1, "Confirm password is required"),
    resetToken: z.string().max(200).optional(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: NEW_PASSWORD_MISMATCH,
    path: ["confirmPassword"],
  });

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Current password is required" })
      .min(1, "Current password is required")
      .max(1024),
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: "Confirm password is required" })
      .min(1, "Confirm password is required"),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: NEW_PASSWORD_MISMATCH,
    path: ["confirmPassword"],
  });

/**
 * Profile form: name, email and mobile are required; any other field (role, password …) is dropped. A different
 * e-mail also needs `currentPassword` (issue 20 #4; checked by the domain, which answers 403 without it).
 */
export const updateProfileSchema = z.object({
  name: nameField,
  email: emailField,
  mobile: mobileField,
  currentPassword: z.string({ error: "Current password must be text" }).max(1024).optional(),
});

/** The 6-digit code of the e-mail verification mail (issue 20 #14). */
export const verifyEmailCodeSchema = z.object({ code: otpField });

export { EMAIL_NOT_VERIFIED_FOR_CASH } from "./messages";

export const deleteAccountSchema = z.object({ password: passwordField });

export type RegisterInput = z.input<typeof registerSchema>;
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
