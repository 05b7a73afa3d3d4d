import { getSessionViewer } from "@/lib/auth/viewer";

// Every admin page sits in this group, so the role check happens in one place on the server.
// Admin data functions and route handlers check the role again themselves (requireAdmin*).
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const viewer = await getSessionViewer();
  if (viewer?.role !== "ADMIN") {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-center text-lg font-semibold text-red-700">
        Do not have permission
      </p>
    );
  }
  return children;
}
