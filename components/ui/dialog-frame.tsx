"use client";

import * as Radix from "@radix-ui/react-dialog";
import type { DialogFrameProps, DialogLayout } from "./dialog";
import { XIcon } from "./icons";

// The Radix side of components/ui/dialog.tsx, loaded on demand. Radix gives focus trapping, Escape, the backdrop
// click, scroll lock and aria-hidden on the rest of the page. The box is a <dialog open> element: the native
// element carries the dialog role (and browser tests find an open dialog as `dialog[open]`), while Radix, not the
// browser's showModal(), makes it modal, so it stacks with the page's toasts like any other element.

const WIDTH = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg", xl: "max-w-4xl" } as const;

const OVERLAY: Record<DialogLayout, string> = {
  panel: "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]",
  sheet: "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]",
  viewer: "fixed inset-0 z-50 bg-black/60",
  form: "fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]",
};

const BOX: Record<DialogLayout, string> = {
  panel:
    "fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl outline-none",
  sheet:
    "fixed inset-y-0 right-0 left-auto z-50 m-0 flex h-dvh max-h-none w-full max-w-md flex-col bg-canvas p-0 text-ink shadow-2xl outline-none sm:w-[26rem]",
  viewer: "fixed inset-0 z-50 m-0 h-dvh max-h-none w-screen max-w-none bg-black/85 p-0 outline-none",
  form:
    "fixed inset-x-0 top-auto bottom-0 z-50 m-0 flex h-fit max-h-[94dvh] w-full max-w-none flex-col rounded-t-2xl bg-white p-0 text-ink shadow-2xl outline-none " +
    "sm:inset-0 sm:m-auto sm:max-h-[calc(100dvh-2rem)] sm:w-[calc(100%-2rem)] sm:rounded-2xl",
};

const FORM_WIDTH = { sm: "sm:max-w-sm", md: "sm:max-w-md", lg: "sm:max-w-lg", xl: "sm:max-w-4xl" } as const;

const CLOSE =
  "flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-canvas hover:text-ink";
const VIEWER_CLOSE =
  "absolute top-4 right-4 flex size-11 items-center justify-center rounded-full bg-white/90 text-ink hover:bg-white";

/** After the dialog goes: focus back to its opener, unless the app already put it somewhere on purpose. */
function giveFocusBack(opener: HTMLElement | null) {
  const active = document.activeElement;
  if ((!active || active === document.body) && opener?.isConnected) opener.focus();
}

export default function DialogFrame({
  title,
  onClose,
  children,
  testId,
  layout = "panel",
  size = "md",
  icon,
  description,
  centered = false,
  closeLabel = "Close",
  keepOpenOnOutsideClick = false,
  footer,
  opener,
}: DialogFrameProps) {
  const close =
    closeLabel === null ? null : (
      <Radix.Close aria-label={closeLabel} className={layout === "viewer" ? VIEWER_CLOSE : CLOSE}>
        <XIcon className={layout === "viewer" ? "size-6" : "size-5"} />
      </Radix.Close>
    );

  return (
    <Radix.Root open onOpenChange={(open) => !open && onClose()}>
      <Radix.Portal>
        <Radix.Overlay className={OVERLAY[layout]} />
        <Radix.Content
          asChild
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            giveFocusBack(opener.current);
          }}
          onInteractOutside={keepOpenOnOutsideClick ? (event) => event.preventDefault() : undefined}
        >
          <dialog
            open
            data-testid={testId}
            className={`${BOX[layout]} ${layout === "panel" ? WIDTH[size] : layout === "form" ? FORM_WIDTH[size] : ""}`}
          >
            {layout === "panel" ? (
              <div className="relative p-5 md:p-6">
                <div className={centered ? "flex flex-col items-center text-center" : close ? "pr-10" : ""}>
                  {icon && <div className="mb-3">{icon}</div>}
                  <Radix.Title className="text-xl font-bold tracking-tight">{title}</Radix.Title>
                  {description && (
                    <Radix.Description className="mt-1 text-sm text-muted">{description}</Radix.Description>
                  )}
                </div>
                {close && <div className="absolute top-4 right-4">{close}</div>}
                <div className="mt-5">{children}</div>
              </div>
            ) : layout === "form" ? (
              <>
                <div className="flex items-start justify-between gap-3 border-b border-line px-5 pt-4 pb-3 md:px-6">
                  <div>
                    <Radix.Title className="text-xl font-bold tracking-tight">{title}</Radix.Title>
                    {description && (
                      <Radix.Description className="mt-1 text-sm text-muted">{description}</Radix.Description>
                    )}
                  </div>
                  {close}
                </div>
                <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 py-4 md:px-6">
                  {children}
                </div>
                {footer && (
                  <div className="border-t border-line bg-white px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] md:px-6">
                    {footer}
                  </div>
                )}
              </>
            ) : layout === "sheet" ? (
              <>
                <div className="flex items-center justify-between border-b border-line bg-white px-4 py-3">
                  <Radix.Title className="text-lg font-bold">{title}</Radix.Title>
                  {close}
                </div>
                <div className="flex-1 overflow-y-auto">{children}</div>
              </>
            ) : (
              <>
                <Radix.Title className="sr-only">{title}</Radix.Title>
                {children}
                {close}
              </>
            )}
          </dialog>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
}
