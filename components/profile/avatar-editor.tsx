"use client";

import { useSession } from "@/components/auth/use-session";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast";
import { UserAvatar } from "@/components/account/user-avatar";
import { PencilIcon, UploadIcon } from "@/components/ui/icons";
import { FormStatus, SubmitButton } from "@/components/ui/form-field";

/** The upload route's limit (lib/media/image-sniff: JPEG, PNG, WebP or AVIF up to 5 MB). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPT = "image/jpeg,image/png,image/webp,image/avif";
const UPLOAD_FAILED = "Could not upload the picture. Please try again.";

type Props = { name: string; email: string; avatar: string };

/** The profile's avatar (image or initials) with an Edit button that opens the upload dialog (spec §2). */
export function AvatarEditor({ name, email, avatar: initial }: Props) {
  const [avatar, setAvatar] = useState(initial);
  const [open, setOpen] = useState(false);
  const { data } = useSession();
  const shownName = data?.user?.name || name;

  return (
    <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
      <div className="relative">
        <UserAvatar name={shownName} email={email} image={avatar || null} size="xl" />
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label="Edit profile picture"
          className="absolute -right-1 -bottom-1 flex size-9 items-center justify-center rounded-full border-2 border-white bg-brand-600 text-white shadow-md hover:bg-brand-700"
        >
          <PencilIcon className="size-4" />
        </button>
      </div>
      <div className="min-w-0">
        <p className="truncate text-xl font-bold text-ink" data-testid="profile-name">
          {shownName}
        </p>
        <p className="truncate text-sm text-muted">{data?.user?.email || email}</p>
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="mt-2 inline-flex h-9 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold text-ink hover:border-brand-500 hover:text-brand-700"
        >
          <PencilIcon className="size-4" />
          Edit
        </button>
      </div>
      {open && (
        <AvatarDialog
          current={avatar}
          name={shownName}
          email={email}
          onClose={() => setOpen(false)}
          onUploaded={setAvatar}
        />
      )}
    </div>
  );
}

function AvatarDialog({
  current,
  name,
  email,
  onClose,
  onUploaded,
}: {
  current: string;
  name: string;
  email: string;
  onClose: () => void;
  onUploaded: (url: string) => void;
}) {
  const id = useId();
  const router = useRouter();
  const { update } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const previewUrl = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  function pick(next: File | null) {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = next ? URL.createObjectURL(next) : null;
    setPreview(previewUrl.current);
    setFile(next);
  }

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = event.target.files?.[0] ?? null;
    setError(null);
    if (!picked) return;
    let problem: string | null = null;
    if (!picked.type.startsWith("image/")) problem = "Choose an image file (JPEG, PNG, WebP or AVIF)";
    else if (picked.size > AVATAR_MAX_BYTES) problem = "The image is larger than 5 MB; choose a smaller one";
    if (problem) {
      pick(null);
      setError(problem);
      toast.error(problem);
      return;
    }
    pick(picked);
  }

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file || pending) return;
    setPending(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("avatar", file);
      const response = await fetch("/api/user/upload-avatar", { method: "PUT", body: form });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        data?: { avatar?: string };
      } | null;
      const url = body?.data?.avatar;
      if (!response.ok || !url) {
        const message = body?.message ?? UPLOAD_FAILED;
        setError(message);
        toast.error(message);
        return;
      }
      onUploaded(url);
      toast.success(body?.message ?? "Profile picture updated");
      onClose();
      await update();
      router.refresh();
    } catch {
      setError(UPLOAD_FAILED);
      toast.error(UPLOAD_FAILED);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      title="Profile picture"
      size="sm"
      keepOpenOnOutsideClick={pending}
      testId="avatar-dialog"
      onClose={onClose}
    >
      <form onSubmit={upload} className="flex flex-col items-center gap-5">
        <UserAvatar name={name} email={email} image={preview ?? (current || null)} size="xl" />
        <label
          htmlFor={`${id}-file`}
          className="flex w-full cursor-pointer flex-col items-center gap-1 rounded-xl border-2 border-dashed border-line px-4 py-5 text-center transition-colors hover:border-brand-500 hover:bg-brand-50/40"
        >
          <UploadIcon className="size-6 text-brand-700" />
          <span className="text-sm font-semibold text-ink">{file ? file.name : "Choose an image"}</span>
          <span className="text-xs text-muted">JPEG, PNG, WebP or AVIF, up to 5 MB</span>
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name="avatar"
          accept={ACCEPT}
          onChange={choose}
          className="sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <div id={`${id}-error`} className="w-full">
          <FormStatus message={error} />
        </div>
        <SubmitButton disabled={!file} pending={pending} pendingLabel="Uploading…">
          Upload
        </SubmitButton>
      </form>
    </Dialog>
  );
}
