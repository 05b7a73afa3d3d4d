"use server";

import { headers } from "next/headers";
import { input, publicAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import { registerPartner } from "./register-partner";
import { partnerApplicationSchema } from "./schema";

// The "Become a delivery partner" dialog's call: the same schema and domain function as
// POST /api/delivery-partner/register, with the same answer.

export const registerPartnerAction = publicAction
  .inputSchema(input(partnerApplicationSchema, "standalone"))
  .action(async ({ parsedInput }) => ({
    message: "Thank you for registering! We will contact you soon.",
    data: await registerPartner(parsedInput, { ip: clientIp(await headers()) }),
  }));
