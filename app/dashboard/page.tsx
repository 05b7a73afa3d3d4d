import { redirect } from "next/navigation";

// /dashboard has no page of its own in the route table; the profile is its front door.
export default function DashboardIndex() {
  redirect("/dashboard/profile");
}
