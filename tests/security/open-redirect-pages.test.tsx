import { beforeEach, describe, expect, it, vi } from "vitest";

// Issue 20 #2, server side: a signed-in visitor of /login?callbackUrl=… (or /register) is redirected at once (a
// 307 from the page); the target goes through the same check as the forms.

const { redirect } = vi.hoisted(() => ({
  redirect: vi.fn((to: string): never => {
    throw new Error(`NEXT_REDIRECT ${to}`);
  }),
}));
vi.mock("next/navigation", () => ({ redirect }));
vi.mock("@/lib/auth/viewer", () => ({ getSessionViewer: async () => ({ id: "u1", role: "USER" }) }));
vi.mock("@/components/auth/login-form", () => ({ LoginForm: () => null }));
vi.mock("@/components/auth/register-form", () => ({ RegisterForm: () => null }));
vi.mock("@/components/layout/auth-card", () => ({ AuthCard: () => null }));

const { default: LoginPage } = await import("@/app/(auth)/login/page");
const { default: RegisterPage } = await import("@/app/(auth)/register/page");

async function target(page: typeof LoginPage, callbackUrl: string | string[]): Promise<string> {
  redirect.mockClear();
  await expect(page({ searchParams: Promise.resolve({ callbackUrl }) })).rejects.toThrow(/NEXT_REDIRECT/);
  return redirect.mock.calls[0]![0];
}

describe("the login and register pages' redirect of a signed-in visitor (issue 20 #2)", () => {
  beforeEach(() => {
    redirect.mockClear();
  });

  it.each([
    "/.//evil.example/phish",
    "/a/..//evil.example",
    "/%2e//evil.example",
    "/x/../\\evil.example",
    "/\\evil.example",
    "https://evil.example/",
  ])("sends %j home", async (raw) => {
    expect(await target(LoginPage, raw)).toBe("/");
    expect(await target(RegisterPage, raw)).toBe("/");
    expect(await target(LoginPage, [raw, "/checkout"])).toBe("/");
  });

  it("keeps a same-origin callback", async () => {
    expect(await target(LoginPage, "/checkout")).toBe("/checkout");
    expect(await target(RegisterPage, "/dashboard/address")).toBe("/dashboard/address");
  });
});
