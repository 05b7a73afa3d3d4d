"use server";

import { headers } from "next/headers";
import { input, publicAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import { listStores } from "@/lib/stores";
import { acceptPartnerInvite } from "./accounts";
import { registerPartner } from "./register-partner";
import { acceptInviteSchema, partnerApplicationSchema } from "./schema";

// The "Become a delivery partner" dialog's call: the same schema and domain function as
// POST /api/delivery-partner/register, with the same answer.

export const registerPartnerAction = publicAction
  .inputSchema(input(partnerApplicationSchema, "standalone"))
  .action(async ({ parsedInput }) => ({
    message: "Thank you for registering! We will contact you soon.",
    data: await registerPartner(parsedInput, { ip: clientIp(await headers()) }),
  }));

/** The application's store select: every dark store by name and area (a store closed right now still hires). */
export const partnerStoresAction = publicAction.action(async () => ({
  message: "",
  data: (await listStores()).map((s) => ({ id: s.id, name: s.name, area: s.area })),
}));

/** The invitation page's set-password form (issue 17): the password is set, the link used up; then sign in. */
export const acceptPartnerInviteAction = publicAction
  .inputSchema(input(acceptInviteSchema, "standalone"))
  .action(async ({ parsedInput }) => ({
    message: "Password set. Sign in to start delivering.",
    data: await acceptPartnerInvite(parsedInput, { ip: clientIp(await headers()) }),
  }));
