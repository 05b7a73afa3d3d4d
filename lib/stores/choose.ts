import "server-only";
import { cookies } from "next/headers";
import { getAddress } from "@/lib/addresses/addresses";
import { secureCookies } from "@/lib/auth/secret";
import { prisma } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import {
  LOCATION_COOKIE,
  LOCATION_COOKIE_MAX_AGE,
  parseLocation,
  serializeLocation,
  type ChosenLocation,
} from "./location";
import type { LocationChoice } from "./location-choice";
import { addressLabel } from "./location-view";
import { checkServiceability, type Serviceability } from "./lookup";

// Choosing where to deliver (issue 16, "Location first"): a typed pincode, the browser's coordinates, or one of the
// signed-in shopper's saved addresses becomes the place in the `kw_location` cookie, and for a signed-in shopper the
// place on the account too, so that signing in on another browser brings it along (restoreLocationCookie).

export const NO_PINCODE_NEAR_MESSAGE =
  "We could not tell the pincode of where you are (no pincode we know is within 3 km). Type your pincode instead.";

/** The place a choice names and its serviceability; the address must be the viewer's own (else NOT_FOUND). */
export async function resolveChoice(
  choice: LocationChoice,
  viewerId: string | null,
): Promise<{ location: ChosenLocation; serviceability: Serviceability }> {
  switch (choice.kind) {
    case "pincode": {
      const serviceability = await checkServiceability({ pincode: choice.pincode });
      return { location: { pincode: choice.pincode }, serviceability };
    }
    case "coordinates": {
      const serviceability = await checkServiceability({ lat: choice.lat, lng: choice.lng });
      if (!serviceability.pincode) throw new AppError("VALIDATION", NO_PINCODE_NEAR_MESSAGE);
      return {
        location: { pincode: serviceability.pincode, lat: choice.lat, lng: choice.lng },
        serviceability,
      };
    }
    case "address": {
      if (!viewerId) throw new AppError("UNAUTHENTICATED", "Please login to use a saved address");
      const address = await getAddress(viewerId, choice.addressId);
      const point = address.lat != null && address.lng != null ? { lat: address.lat, lng: address.lng } : {};
      const serviceability = await checkServiceability({ pincode: address.pincode, ...point });
      const label = addressLabel(address.label);
      return {
        location: { pincode: address.pincode, ...point, ...(label && { label }) },
        serviceability,
      };
    }
  }
}

/** Puts the place in the browser's `kw_location` cookie (httpOnly, SameSite=Lax, a year; Secure over https). */
export async function setLocationCookie(location: ChosenLocation): Promise<void> {
  (await cookies()).set({
    name: LOCATION_COOKIE,
    value: serializeLocation(location),
    path: "/",
    maxAge: LOCATION_COOKIE_MAX_AGE,
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
  });
}

/** Keeps the place on the shopper's account. */
export async function saveAccountLocation(userId: string, location: ChosenLocation): Promise<void> {
  await prisma.user.update({
    where: { id: userId },
    data: {
      locationPincode: location.pincode,
      locationLat: location.lat ?? null,
      locationLng: location.lng ?? null,
      locationLabel: location.label ?? null,
    },
    select: { id: true },
  });
}

/** The place kept on an account, or null when it has none (or one that is no longer well formed). */
export async function accountLocation(userId: string): Promise<ChosenLocation | null> {
  const row = await prisma.user.findUnique({
    where: { id: userId },
    select: { locationPincode: true, locationLat: true, locationLng: true, locationLabel: true },
  });
  if (!row?.locationPincode) return null;
  return parseLocation(
    JSON.stringify({
      pincode: row.locationPincode,
      ...(row.locationLat != null &&
        row.locationLng != null && { lat: row.locationLat, lng: row.locationLng }),
      ...(row.locationLabel && { label: row.locationLabel }),
    }),
  );
}

/**
 * At sign-in: a browser that has no location yet gets the one kept on the account. Never fails the sign-in (a
 * failure is logged and the shopper simply chooses again).
 */
export async function restoreLocationCookie(userId: string): Promise<void> {
  try {
    const jar = await cookies();
    if (parseLocation(jar.get(LOCATION_COOKIE)?.value)) return;
    const saved = await accountLocation(userId);
    if (saved) await setLocationCookie(saved);
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      "could not restore the location cookie",
    );
  }
}
