import { NO_PERMISSION_TEXT } from "./texts";

/** What a non-admin sees on an admin page (spec §6: the red message). */
export function NoPermission() {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-center text-lg font-semibold text-red-700">
      {NO_PERMISSION_TEXT}
    </p>
  );
}
