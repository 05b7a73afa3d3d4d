"use server";

import { input, partnerAction } from "@/lib/actions/clients";
import { askForHelp, HELP_SENT, partnerHome, setOnline, sharePosition, takeStep } from "./app";
import { availabilitySchema, helpSchema, locationSchema, stepSchema } from "./app-schema";

// The partner app's calls (/partner): the same domain functions and schemas as /api/partner/*.

/** The home screen's state from the server (polled while the app is open). */
export const partnerHomeAction = partnerAction.action(async ({ ctx }) => ({
  message: "",
  data: await partnerHome(ctx.partner),
}));

export const setOnlineAction = partnerAction
  .inputSchema(input(availabilitySchema))
  .action(async ({ parsedInput, ctx }) => {
    const home = await setOnline(ctx.partner, parsedInput.online);
    return {
      message: home.online ? "You are online" : "You are offline",
      data: home,
    };
  });

export const takeStepAction = partnerAction
  .inputSchema(input(stepSchema, "standalone"))
  .action(async ({ parsedInput, ctx }) => {
    const { message } = await takeStep(ctx.partner, parsedInput);
    return { message, data: await partnerHome(ctx.partner) };
  });

export const shareLocationAction = partnerAction
  .inputSchema(input(locationSchema, "standalone"))
  .action(async ({ parsedInput, ctx }) => ({ message: "", data: await sharePosition(ctx.partner, parsedInput) }));

export const askForHelpAction = partnerAction
  .inputSchema(input(helpSchema))
  .action(async ({ parsedInput, ctx }) => ({ message: HELP_SENT, data: await askForHelp(ctx.partner, parsedInput) }));
