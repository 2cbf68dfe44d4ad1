import { AutoplayCarousel } from '@/features/marketing/components/autoplay-carousel';
import { screenshots } from '@/features/marketing/content/screenshots';

/** Seven of the app's screens, advancing every 3 seconds, looping. */
export function ScreenshotCarousel() {
  return (
    <AutoplayCarousel
      label="App screenshots"
      slideName="Screenshot"
      delay={3000}
      tone="dark"
      slideClassName="basis-[78%] min-[460px]:basis-1/2 md:basis-1/3 lg:basis-1/4"
      slides={screenshots.map((shot) => (
        <figure key={shot.src} className="flex flex-col items-center">
          <img
            src={shot.src}
            alt={shot.alt}
            width={300}
            height={620}
            loading="lazy"
            decoding="async"
            className="h-auto w-full max-w-[240px] drop-shadow-2xl"
          />
          <figcaption className="mt-4 text-center text-sm font-semibold text-white">{shot.title}</figcaption>
        </figure>
      ))}
    />
  );
}
