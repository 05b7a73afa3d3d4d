/**
 * "Resume payment" on an order awaiting card payment (issue 15 F5): back to the provider's hosted page while its
 * session is open. A plain link, since it leaves the shop by navigation (the CSP's form-action stays 'self').
 */
export function ResumePaymentLink({ url }: { url: string }) {
  return (
    <a
      href={url}
      data-testid="resume-payment"
      className="flex h-10 items-center rounded-xl bg-brand-600 px-4 text-sm font-bold text-white hover:bg-brand-700 print:hidden"
    >
      Resume payment
    </a>
  );
}
