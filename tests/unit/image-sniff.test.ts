import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { assertImage, sniffImage } from "@/lib/media/image-sniff";

const base = () => sharp({ create: { width: 32, height: 24, channels: 3, background: "#3a7" } });

describe("sniffImage / assertImage", () => {
  it.each([
    ["jpeg", () => base().jpeg().toBuffer()],
    ["png", () => base().png().toBuffer()],
    ["webp", () => base().webp().toBuffer()],
    ["avif", () => base().avif().toBuffer()],
  ] as const)("recognises %s by its bytes", async (kind, make) => {
    const bytes = await make();
    expect(sniffImage(bytes)).toBe(kind);
    await expect(assertImage(bytes)).resolves.toMatchObject({ kind, width: 32, height: 24 });
  });

  it("refuses other files whatever they are called", async () => {
    expect(sniffImage(new TextEncoder().encode("<!doctype html><p>hi"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("GIF89a...."))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    await expect(assertImage(svg)).rejects.toMatchObject({ code: "VALIDATION" });
  });
});
