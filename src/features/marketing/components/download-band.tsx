import { StoreBadges } from '@/features/marketing/components/store-badges';

/** The closing band of the marketing pages: why now, and the two store badges. */
export function DownloadBand({ title = 'Get Flipwise on your phone' }: { title?: string }) {
  return (
    <section className="border-t bg-gradient-to-b from-white to-teal-50/60 py-16 sm:py-20">
      <div className="container flex flex-col items-center text-center">
        <h2 className="text-balance text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {title}
        </h2>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-600">
          Free for all users for a limited time. Available now on iPhone; Android is coming soon, and the
          sign-up list hears about it first.
        </p>
        <StoreBadges className="mt-8 justify-center" />
      </div>
    </section>
  );
}
