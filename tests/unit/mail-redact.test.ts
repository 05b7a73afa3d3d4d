import { describe, expect, it } from "vitest";
import { redactSecrets } from "@/lib/mail/redact";

describe("redactSecrets (the outbox page outside development)", () => {
  it("masks reset codes and link tokens, and keeps the rest readable", () => {
    const text =
      "Use this code to reset your Kwikmart password: 483920\nOr open http://shop.example/verify-email?token=abc.DEF-123&x=1";
    const shown = redactSecrets(text);
    expect(shown).not.toContain("483920");
    expect(shown).not.toContain("abc.DEF-123");
    expect(shown).toContain("Use this code to reset your Kwikmart password: ••••••");
    expect(shown).toContain("verify-email?token=[hidden]&x=1");
  });

  it("masks the token in a partner's invitation link (issue 17: it sits in the path)", () => {
    const shown = redactSecrets('<a href="http://shop.example/partner/invite/Zx9_abc-DEF">http://shop.example/partner/invite/Zx9_abc-DEF</a>');
    expect(shown).not.toContain("Zx9_abc-DEF");
    expect(shown).toContain("/partner/invite/[hidden]");
  });

  it("leaves order numbers and amounts alone", () => {
    expect(redactSecrets("Order KM-2611-4F7Q, total ₹1,234.00, 12 items")).toBe("Order KM-2611-4F7Q, total ₹1,234.00, 12 items");
  });
});
