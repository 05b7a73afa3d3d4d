import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AuditPage } from "@/lib/audit";
import { AppError } from "@/lib/errors";

// Issue 20 #15, the screen: /dashboard/audit is for admins only (the page checks, as well as the layout and the read
// function), shows the entries as an accessible table (and cards on phones), and offers nothing that edits.

const { viewer, listAuditEntries } = vi.hoisted(() => ({
  viewer: { current: null as null | { id: string; role: string; email: string } },
  listAuditEntries: vi.fn(),
}));
vi.mock("@/lib/auth/viewer", () => ({ getSessionViewer: async () => viewer.current }));
vi.mock("@/lib/audit", () => ({ listAuditEntries }));

const { default: AuditPageRoute } = await import("@/app/dashboard/(admin)/audit/page");

const PAGE: AuditPage = {
  entries: [
    {
      id: "e2",
      at: "2026-11-25T05:00:07.000Z",
      actorId: "u1",
      actorEmail: "admin@kwikmart.local",
      action: "product.price",
      actionLabel: "Price changed",
      subjectType: "product",
      subjectId: "prd00001",
      subjectLabel: "Toned Milk <b>500 ml</b>",
      changes: [{ field: "price", from: "₹49.50", to: "₹55" }],
    },
    {
      id: "e1",
      at: "2026-11-24T05:00:00.000Z",
      actorId: null,
      actorEmail: "script:admin:promote",
      action: "user.role",
      actionLabel: "Role changed",
      subjectType: "user",
      subjectId: "u9",
      subjectLabel: "someone@example.com",
      changes: [{ field: "role", from: "User", to: "Admin" }],
    },
  ],
  filter: { action: "product.price" },
  total: 120,
  older: "e1",
  newer: "e3",
};

async function render(params: Record<string, string> = {}) {
  const element = await AuditPageRoute({ searchParams: Promise.resolve(params) });
  return renderToStaticMarkup(element);
}

describe("/dashboard/audit", () => {
  beforeEach(() => {
    listAuditEntries.mockReset();
    listAuditEntries.mockResolvedValue(PAGE);
  });

  it("refuses guests and shoppers without reading the log", async () => {
    for (const who of [null, { id: "s1", role: "USER", email: "s@example.com" }]) {
      viewer.current = who;
      const html = await render();
      expect(html).toContain("Do not have permission");
      expect(html).not.toContain("<table");
    }
    expect(listAuditEntries).not.toHaveBeenCalled();
  });

  it("shows an admin the entries in a table with a caption and header cells, read-only", async () => {
    viewer.current = { id: "u1", role: "ADMIN", email: "admin@kwikmart.local" };
    const html = await render({ action: "product.price", actor: "admin", cursor: "e0", dir: "older" });
    expect(listAuditEntries).toHaveBeenCalledWith(viewer.current, {
      action: "product.price",
      actor: "admin",
      subject: "",
      from: "",
      to: "",
      cursor: "e0",
      dir: "older",
    });
    expect(html).toMatch(
      /<caption[^>]*>Audit log entries, newest first: 120 entries match these filters<\/caption>/,
    );
    expect(html.match(/<th scope="col"/g)).toHaveLength(5);
    expect(html.match(/<th scope="row"/g)).toHaveLength(2);
    expect(html).toContain('<time dateTime="2026-11-25T05:00:07.000Z">25 Nov 2026, 10:30:07 am</time>');
    expect(html).toContain("price:</span>");
    expect(html).toContain("₹49.50");
    expect(html).toContain("₹55");
    expect(html).toContain("script, no signed-in user");
    // stored text is text
    expect(html).toContain("Toned Milk &lt;b&gt;500 ml&lt;/b&gt;");
    // the cards for phones carry the same entries
    expect(html.match(/data-testid="audit-card"/g)).toHaveLength(2);
    // the pages keep the filter
    expect(html).toContain(
      'href="/dashboard/audit?action=product.price&amp;actor=admin&amp;cursor=e1&amp;dir=older"',
    );
    expect(html).toContain(
      'href="/dashboard/audit?action=product.price&amp;actor=admin&amp;cursor=e3&amp;dir=newer"',
    );
    // nothing that changes anything: one GET form, its only button applies the filter
    expect(html.match(/<form/g)).toHaveLength(1);
    expect(html).toContain('action="/dashboard/audit" method="get"');
    expect(html.match(/<button/g)).toHaveLength(1);
    expect(html).not.toMatch(/method="post"|>\s*(Delete|Edit|Remove|Undo)\b/i);
  });

  it("says what is wrong with a bad filter", async () => {
    viewer.current = { id: "u1", role: "ADMIN", email: "admin@kwikmart.local" };
    listAuditEntries.mockRejectedValue(new AppError("VALIDATION", "From is not a real date"));
    const html = await render({ from: "2026-02-30" });
    expect(html).toMatch(/<p role="alert"[^>]*>From is not a real date<\/p>/);
    expect(html).toContain('value="2026-02-30"');
    expect(html).not.toContain("<table");
  });
});
