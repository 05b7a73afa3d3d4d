"use client";

import * as Popover from "@radix-ui/react-popover";

/**
 * A panel that drops down from a button (the header's account menu), on Radix Popover: the button says whether it
 * is open (aria-expanded), Escape closes it and gives focus back to the button, a click or focus outside closes
 * it. It is a disclosure, not an ARIA menu: the panel holds ordinary links and buttons that Tab walks in order,
 * which is why this is not Radix DropdownMenu (a menu turns links into menu items and moves with arrow keys only).
 * The panel stays in the DOM order right after its button (no portal), so Tab reaches it next.
 */
export function Dropdown({
  open,
  onOpenChange,
  trigger,
  children,
  testId,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the button that opens it (its aria-expanded and aria-controls are added) */
  trigger: React.ReactElement;
  children: React.ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild aria-haspopup={undefined}>
        {trigger}
      </Popover.Trigger>
      <Popover.Content
        // a disclosure panel rather than a dialog: no role, and focus stays on the button until Tab moves on
        role={undefined}
        align="end"
        sideOffset={8}
        onOpenAutoFocus={(event) => event.preventDefault()}
        data-testid={testId}
        className={`z-50 ${className ?? ""}`}
      >
        {children}
      </Popover.Content>
    </Popover.Root>
  );
}
