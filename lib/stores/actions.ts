"use server";

import { headers } from "next/headers";
import { input, publicAction } from "@/lib/actions/clients";
import { clientIp } from "@/lib/auth/client-ip";
import { getSessionViewer } from "@/lib/auth/viewer";
import { resolveChoice, saveAccountLocation, setLocationCookie } from "./choose";
import { notifyMeMessage, requestNotification } from "./demand";
import { chooseLocationSchema } from "./location-choice";
import { describeLocation } from "./location-view";
import { notifyMeSchema } from "./schemas";

// The location sheet's calls (issue 16, "Location first"), through the public action client: guests choose a place
// too. The same domain functions as GET /api/store/serviceability and POST /api/store/notify-me.

/**
 * `{pincode}`, `{lat, lng}` (the browser's geolocation) or `{addressId}` (one of the signed-in shopper's own saved
 * addresses): checks it, looks up the store that serves it, keeps it in the `kw_location` cookie and, for a signed-in
 * shopper, on the account. Answers the header's view of it and the serviceability (a place no store serves is not a
 * failure: the view says so and ADD is disabled).
 */
export const chooseLocationAction = publicAction
  .inputSchema(input(chooseLocationSchema, "standalone"))
  .action(async ({ parsedInput }) => {
    const viewer = await getSessionViewer();
    const { location, serviceability } = await resolveChoice(parsedInput, viewer?.id ?? null);
    await setLocationCookie(location);
    if (viewer) await saveAccountLocation(viewer.id, location);
    return {
      message: "",
      data: { view: describeLocation(location, serviceability), serviceability },
    };
  });

/** "Notify me": the e-mail and pincode of someone the shop does not deliver to yet. */
export const notifyMeAction = publicAction
  .inputSchema(input(notifyMeSchema, "standalone"))
  .action(async ({ parsedInput }) => {
    const viewer = await getSessionViewer();
    const data = await requestNotification(parsedInput, {
      ip: clientIp(await headers()),
      userId: viewer?.id ?? null,
    });
    return { message: notifyMeMessage(data.pincode), data };
  });
