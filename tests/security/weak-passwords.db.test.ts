import { afterAll, describe, expect, it } from "vitest";
import { PUT as changeRoute } from "@/app/api/user/change-password/route";
import { PUT as forgotRoute } from "@/app/api/user/forgot-password/route";
import { POST as loginRoute } from "@/app/api/user/login/route";
import { POST as registerRoute } from "@/app/api/user/register/route";
import { PUT as resetRoute } from "@/app/api/user/reset-password/route";
import { PUT as verifyRoute } from "@/app/api/user/verify-forgot-password-otp/route";
import { registerUser } from "@/lib/accounts";
import { COMMON_PASSWORD_MESSAGE } from "@/lib/accounts/password-strength";
import { prisma } from "@/lib/db";
import { flushMail, listOutbox } from "@/lib/mail";
import { call, uniqueEmail } from "../fakes/accounts-api";

// Issue 20 #12: new passwords shorter than 8 characters or on the common-password list are refused by the server,
// on every path that sets one: register (REST and the form's server action, through registerUser), reset, change.

const STRONG = "weak pw test 1";
const COMMON = ["password", "12345678", "Password1", "iloveyou", "qwertyuiop", "PASSWORD", "password "];

afterAll(flushMail);

const register = (email: string, password: string) =>
  call(registerRoute, "POST", "/api/user/register", {
    name: "Weak",
    email,
    password,
    confirmPassword: password,
  });

async function account() {
  const email = uniqueEmail("weakpw");
  const res = await register(email, STRONG);
  expect(res.status, res.body.message).toBe(201);
  const login = await call(loginRoute, "POST", "/api/user/login", { email, password: STRONG });
  return { email, token: (login.body.data as { accesstoken: string }).accesstoken };
}

describe("register", () => {
  it.each(COMMON)(
    "refuses the common password %j with 400 and a way to pick a better one",
    async (password) => {
      const email = uniqueEmail("weakpw");
      const res = await register(email, password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
      expect(res.body.message).toMatch(/at least 8 characters, ideally a few unrelated words/);
      expect(res.body.fieldErrors).toEqual({ password: [COMMON_PASSWORD_MESSAGE] });
      expect(await prisma.user.count({ where: { email } })).toBe(0);
    },
  );

  it("refuses fewer than 8 characters", async () => {
    const res = await register(uniqueEmail("weakpw"), "Ab1!xyz");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Password must be at least 8 characters");
  });

  it("refuses a common password on the server action's path too (the same domain function)", async () => {
    const email = uniqueEmail("weakpw");
    await expect(
      registerUser(
        { name: "Form", email, password: "letmein1", confirmPassword: "letmein1" },
        { ip: "10.0.0.1" },
      ),
    ).rejects.toMatchObject({ status: 400, message: COMMON_PASSWORD_MESSAGE });
  });

  it("accepts a few unrelated words, and the demo accounts' passwords are not on the list", async () => {
    expect((await register(uniqueEmail("weakpw"), "violet tram kettle")).status).toBe(201);
    expect((await register(uniqueEmail("weakpw"), "Admin@12345")).status).toBe(201);
    expect((await register(uniqueEmail("weakpw"), "Shopper@12345")).status).toBe(201);
  });
});

describe("change password", () => {
  it("refuses a common new password and keeps the old one", async () => {
    const { email, token } = await account();
    const res = await call(
      changeRoute,
      "PUT",
      "/api/user/change-password",
      { currentPassword: STRONG, newPassword: "sunshine1", confirmPassword: "sunshine1" },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(COMMON_PASSWORD_MESSAGE);
    expect(res.body.fieldErrors).toEqual({ newPassword: [COMMON_PASSWORD_MESSAGE] });
    expect((await call(loginRoute, "POST", "/api/user/login", { email, password: STRONG })).status).toBe(200);
  });
});

describe("reset password", () => {
  it("refuses a common new password without using up the reset grant", async () => {
    const { email } = await account();
    await call(forgotRoute, "PUT", "/api/user/forgot-password", { email });
    await flushMail();
    const mail = (await listOutbox({ to: email, limit: 5 })).find((m) =>
      m.subject.includes("password reset code"),
    );
    const code = /reset your Kwikmart password: (\d{6})/.exec(mail?.text ?? "")?.[1];
    const grant = await call(verifyRoute, "PUT", "/api/user/verify-forgot-password-otp", {
      email,
      otp: code,
    });
    const resetToken = (grant.body.data as { resetToken: string }).resetToken;

    const weak = await call(resetRoute, "PUT", "/api/user/reset-password", {
      email,
      newPassword: "football",
      confirmPassword: "football",
      resetToken,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(COMMON_PASSWORD_MESSAGE);

    const strong = await call(resetRoute, "PUT", "/api/user/reset-password", {
      email,
      newPassword: "brass owl garden 7",
      confirmPassword: "brass owl garden 7",
      resetToken,
    });
    expect(strong.status, strong.body.message).toBe(200);
  });
});
