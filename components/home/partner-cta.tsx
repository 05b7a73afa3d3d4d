import { ScooterIcon } from "@/components/ui/icons";
import { PartnerApplyButton } from "@/components/partners/partner-apply-button";

/** Home call-to-action for delivery-partner applicants (spec §2 Home). */
export function PartnerCta() {
  return (
    <section
      aria-labelledby="partner-cta-title"
      className="relative grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-4 overflow-hidden rounded-3xl border border-accent-200 bg-gradient-to-r from-accent-50 via-accent-100 to-accent-200 px-4 py-4 sm:flex sm:px-6 sm:py-5 md:px-8 md:py-6"
    >
      <div
        aria-hidden="true"
        className="absolute -top-10 -right-8 size-40 rounded-full bg-accent-300/40 blur-2xl"
      />
      <span className="relative flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-700 shadow-sm sm:size-14 md:size-16">
        <ScooterIcon className="size-7 sm:size-8 md:size-9" />
      </span>
      <div className="relative flex-1">
        <h2
          id="partner-cta-title"
          className="text-base font-extrabold sm:text-lg tracking-tight text-ink md:text-xl"
        >
          Become a delivery partner
        </h2>
        <p className="mt-0.5 text-[13px] leading-snug text-ink/75 sm:text-sm md:text-base">
          Flexible hours, weekly payouts and deliveries close to home. Bring a bike, scooter or bicycle.
        </p>
      </div>
      <PartnerApplyButton className="relative col-span-2 inline-flex h-11 shrink-0 items-center justify-center rounded-xl bg-brand-600 px-6 text-sm font-bold text-white shadow-sm transition-colors hover:bg-brand-700 md:text-base">
        Register now
      </PartnerApplyButton>
    </section>
  );
}
