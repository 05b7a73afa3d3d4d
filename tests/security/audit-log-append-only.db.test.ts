import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit";
import { prisma, runTx } from "@/lib/db";

// Issue 20 #15: nobody can edit the audit log. The database itself refuses UPDATE, DELETE and TRUNCATE of "AuditLog"
// (the audit_log migration's trigger), whether the statement comes through Prisma or plain SQL, matches rows or not.

const subjectId = `append-only-${randomUUID().slice(0, 8)}`;
let id: string;
let client: pg.Client;

const row = () => prisma.auditLog.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await runTx((tx) =>
    recordAudit(tx, {
      actor: { id: null, email: "security-test@example.com" },
      action: "product.price",
      subject: { type: "product", id: subjectId, label: "Append-only Apples" },
      before: { pricePaise: 10_000 },
      after: { pricePaise: 100 },
    }),
  );
  id = (await prisma.auditLog.findFirstOrThrow({ where: { subjectId } })).id;
  client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await client.connect();
});

afterAll(() => client.end());

const REFUSED = /append-only: (UPDATE|DELETE|TRUNCATE) on "AuditLog" is not allowed/;

describe("the AuditLog table", () => {
  it("takes new entries", async () => {
    expect(await row()).toMatchObject({
      actorEmail: "security-test@example.com",
      after: { pricePaise: 100 },
    });
  });

  it("refuses UPDATE through Prisma and through SQL, and the entry stays as written", async () => {
    const before = await row();
    await expect(
      prisma.auditLog.update({ where: { id }, data: { after: { pricePaise: 10_000 } } }),
    ).rejects.toThrow(REFUSED);
    await expect(
      prisma.auditLog.updateMany({ data: { actorEmail: "someone-else@example.com" } }),
    ).rejects.toThrow(REFUSED);
    await expect(
      client.query(`UPDATE "AuditLog" SET "actorEmail" = 'x' WHERE id = $1`, [id]),
    ).rejects.toThrow(REFUSED);
    // even one that matches nothing: the trigger is per statement
    await expect(client.query(`UPDATE "AuditLog" SET "actorEmail" = 'x' WHERE false`)).rejects.toThrow(
      REFUSED,
    );
    expect(await row()).toEqual(before);
  });

  it("refuses DELETE and TRUNCATE, inside a transaction too", async () => {
    await expect(prisma.auditLog.delete({ where: { id } })).rejects.toThrow(REFUSED);
    await expect(prisma.auditLog.deleteMany({})).rejects.toThrow(REFUSED);
    await expect(client.query(`DELETE FROM "AuditLog" WHERE id = $1`, [id])).rejects.toThrow(REFUSED);
    await expect(client.query(`TRUNCATE "AuditLog"`)).rejects.toThrow(REFUSED);
    await expect(
      runTx(async (tx) => {
        await tx.$executeRaw`DELETE FROM "AuditLog" WHERE id = ${id}`;
      }),
    ).rejects.toThrow(REFUSED);
    // TRUNCATE of the tables it talks about does not reach it (no foreign keys), so history outlives its subjects
    await client.query("BEGIN");
    try {
      await client.query(`TRUNCATE "DeliveryPartner" CASCADE`);
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM "AuditLog" WHERE id = $1`, [id]);
      expect(rows[0].n).toBe(1);
    } finally {
      await client.query("ROLLBACK");
    }
    expect(await row()).toMatchObject({ id, subjectId });
  });
});
